import AnimationModel
import CLIArguments
import Fitting
import JSON
import Reports
import StrokeGeometry

/// Thresholds of `check` (and of `fit` when given).
struct Thresholds {
    /// Seconds of model time.
    var maxTimingError: Double?
    var maxRMSTimingError: Double?
    /// Degrees.
    var maxAngleError: Double?
    /// Relative (0.02 = 2 %); nil with --any-rate.
    var maxRateError: Double?

    var isEmpty: Bool { maxTimingError == nil && maxRMSTimingError == nil && maxAngleError == nil && maxRateError == nil }

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
        t.maxTimingError = try args.value("max-timing-error", as: .duration(in: .greaterThan(0))) ?? (defaults ? 0.02 : nil)
        t.maxRMSTimingError = try args.value("max-rms-timing-error", as: .duration(in: .greaterThan(0)))
        t.maxAngleError = try args.value("max-angle-error", as: .angle(in: .greaterThan(0))) ?? (defaults ? 2 : nil)
        if args.flag("any-rate") {
            t.maxRateError = nil
        } else if let text = args.value("max-rate-error") {
            let number = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
            guard let v = number, v >= 0, v.isFinite else {
                throw .inCommand("strokescope \(command)", .invalidValue(text, for: "--max-rate-error <percent>", expected: "a percentage such as 2% or a fraction such as 0.02"))
            }
            t.maxRateError = v
        } else {
            t.maxRateError = defaults ? 0.02 : nil
        }
        return t
    }

    /// The failures of `result`, one line each (empty: pass).
    func failures(_ r: FitResult) -> [String] {
        var out: [String] = []
        if let limit = maxTimingError, let v = r.maxTimingError, v > limit {
            out.append("max timing error \(ms(v)) at frame \(r.maxTimingErrorFrame ?? -1) > \(ms(limit))")
        }
        if let limit = maxRMSTimingError, let v = r.rmsTimingError, v > limit {
            out.append("RMS timing error \(ms(v)) > \(ms(limit))")
        }
        if let limit = maxAngleError, let v = r.maxAngleError, v > limit {
            out.append("max angle error \(fixed(v, 2))° at frame \(r.maxAngleErrorFrame ?? -1) > \(fixed(limit, 2))°")
        }
        if let limit = maxRateError, !r.ratePinned, abs(r.rate - 1) > limit {
            out.append("rate \(fixed(r.rate, 3)) is off 1 by more than \(fixed(limit * 100, 1)) % (use --any-rate if the recording's delays are known to be wrong)")
        }
        return out
    }

    var json: JSONValue {
        var o = JSONObject([])
        if let v = maxTimingError { o.append("maxTimingError", .number(v, decimals: 6)) }
        if let v = maxRMSTimingError { o.append("maxRmsTimingError", .number(v, decimals: 6)) }
        if let v = maxAngleError { o.append("maxAngleError", .number(v, decimals: 6)) }
        if let v = maxRateError { o.append("maxRateError", .number(v, decimals: 6)) }
        return .object(o)
    }
}

func ms(_ seconds: Double) -> String { "\(fixed(seconds * 1000, 1)) ms" }

/// Runs inspect under a model and fits it: the work of `fit` and of each file of `check`.
enum FitRun {
    struct Outcome {
        var inspection: Inspection
        var result: FitResult
        var warnings: [String]
    }

    static func run(file: String, document: ModelDocument, modelFile: String, settings: InspectSettings, options: FitOptions) throws(CLIError) -> Outcome {
        var settings = settings
        settings.model = try ModelFile.resolve(document, file: modelFile, sets: [])
        let inspection = try InspectPipeline.run(file, settings: settings)
        let layers = settings.model!.layers
        let frames: [ObservedFrame] = inspection.frames.enumerated().map { i, frame in
            let observations: [Observation?] = layers.map { layer in
                guard let track = inspection.tracks.first(where: { $0.name == layer.name }) else { return nil }
                let m = track.measurements[i]
                let state = StrokeState(rawValue: m.state) ?? .unknown
                if case .path(let measurer, _, _, _) = track.kind {
                    return Observation(state: state, strokeEnd: m.strokeEnd, pixelsPerPoint: inspection.scale, pathLengthPixels: measurer.length)
                }
                return Observation(state: state, startAngle: m.startAngle, endAngle: m.endAngle, pixelsPerPoint: inspection.scale)
            }
            return ObservedFrame(index: frame.info.index, time: frame.time, delay: frame.delay,
                                 delayCentiseconds: frame.info.delayCentiseconds, layers: observations)
        }
        let result: FitResult
        do {
            result = try Fitter.fit(document, frames: frames, options: options)
        } catch {
            throw CLIError("\(file): cannot fit \(modelFile): \(error)", exitCode: CLIError.Code.malformedInput)
        }
        var warnings = inspection.warnings
        if !result.ratePinned && abs(result.rate - 1) > 0.02 {
            let slow = result.rate < 1
            warnings.append("the fitted rate is \(fixed(result.rate, 3)) model seconds per GIF second: the animation plays \(fixed(slow ? 1 / result.rate : result.rate, 2))× \(slow ? "slower" : "faster") than its model in this GIF — either the recorder's delays are off (e.g. a 60 fps capture written with 3 cs delays plays 1.8× slow) or the animation itself runs \(slow ? "slow" : "fast") (e.g. the simulator's Slow Animations); pin it with --rate 1 if the delays are exact")
        }
        return Outcome(inspection: inspection, result: result, warnings: warnings)
    }
}
