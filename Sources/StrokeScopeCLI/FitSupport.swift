import AnimationModel
import CLIArguments
import Fitting
import GIFCodec
import Inspection
import JSON
import Reports
import StrokeGeometry

/// What the measuring commands read from their options: how to open the recording, how to
/// inspect it, and where progress goes.
struct InspectSettings {
    var decode = GIFDecodeOptions()
    var timing = FrameTiming.delays(.raw)
    var options: InspectOptions
    /// Where the measuring pass reports frames done (a terminal's progress bar).
    var progress: Progress?

    /// The defaults, with what the environment says (`STROKESCOPE_DECODING_THREAD`) and the
    /// run's thread budget (`RunBudget`).
    init(environment: [String: String] = [:]) {
        options = InspectOptions(environment: environment)
        options.parallel = RunBudget.parallel
    }

    /// Opens `file` as these settings read recordings.
    func recording(_ file: String) throws(CLIError) -> Recording {
        do { return try Recording(contentsOf: file, decoding: decode, timing: timing) } catch { throw CLIError.inspection(error) }
    }

    /// Inspects `file` (under `model`, if given).
    func inspect(_ file: String, model: ResolvedModel? = nil) throws(CLIError) -> Inspection {
        let recording = try recording(file)
        do { return try Inspector(options).inspect(recording, model: model, progress: progress) } catch { throw CLIError.inspection(error) }
    }

    /// Inspects `file` under the model and fits it: the work of `fit`, of each file of `check`
    /// and of `frames --model`. `modelFile` names the model in messages.
    func fit(_ file: String, document: ModelDocument, modelFile: String, options fitOptions: FitOptions) throws(CLIError) -> ModelFit {
        let model = try ModelFile.resolve(document, file: modelFile, sets: [])
        let inspection = try inspect(file, model: model)
        var fitOptions = fitOptions
        fitOptions.parallel = options.parallel
        do { return try Fitter(fitOptions).fit(document, to: inspection) } catch { throw CLIError.inspection(error, modelFile: modelFile) }
    }
}

/// Whether the command running on this thread may use threads of its own (the fit's search on
/// every core, a decoding thread). Bound for the length of one run (`StrokeScope.run`, each
/// file of a batch); two runs on two threads each see their own.
enum RunBudget {
    @TaskLocal static var parallel = true

    /// Runs `body` with the budget bound to `parallel`.
    static func with<R>(parallel: Bool, _ body: () throws(CLIError) -> R) throws(CLIError) -> R {
        let result: Result<R, CLIError> = $parallel.withValue(parallel) {
            do throws(CLIError) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// The threshold options of `check` (and of `fit` when given).
enum ThresholdOptions {
    static let options: [OptionSpec] = [
        .option("max-timing-error", value: "duration", help: "Fail when a frame's timing error exceeds this (20ms, 0.02s).", default: "20ms with check"),
        .option("max-rms-timing-error", value: "duration", help: "Fail when the RMS timing error exceeds this."),
        .option("max-angle-error", value: "angle", help: "Fail when a frame's angle error exceeds this (2deg).", default: "2deg with check"),
        .option("max-rate-error", value: "percent", help: "Fail when the fitted rate is off 1 by more than this (2%, 0.02).", default: "2%"),
        .flag("any-rate", help: "Accept any rate: the recording's delays are known to be wrong."),
    ]

    /// Reads the threshold options; `defaults` applies check's defaults.
    static func read(_ args: ParsedArguments, defaults: Bool, command: String) throws(UsageError) -> Thresholds {
        var t = Thresholds()
        t.maxTimingError = try args.value("max-timing-error", as: .duration(in: .greaterThan(0))) ?? (defaults ? Thresholds.checkDefaults.maxTimingError : nil)
        t.maxRMSTimingError = try args.value("max-rms-timing-error", as: .duration(in: .greaterThan(0)))
        t.maxAngleError = try args.value("max-angle-error", as: .angle(in: .greaterThan(0))) ?? (defaults ? Thresholds.checkDefaults.maxAngleError : nil)
        if args.flag("any-rate") {
            t.maxRateError = nil
        } else if let text = args.value("max-rate-error") {
            let number = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
            guard let v = number, v >= 0, v.isFinite else {
                throw .inCommand("strokescope \(command)", .invalidValue(text, for: "--max-rate-error <percent>", expected: "a percentage such as 2% or a fraction such as 0.02"))
            }
            t.maxRateError = v
        } else {
            t.maxRateError = defaults ? Thresholds.checkDefaults.maxRateError : nil
        }
        return t
    }
}

/// Seconds as `12.3 ms`.
func ms(_ seconds: Double) -> String { "\(fixed(seconds * 1000, 1)) ms" }
