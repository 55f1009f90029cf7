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
