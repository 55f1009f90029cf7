import StrokeGeometry
import AnimationModel
import CLIArguments
import Fitting
import Inspection
import Inference
import JSON
import Reporting
import Reports

/// `strokescope infer FILE.gif`: the Core Animation model that reproduces a recording.
enum InferCommand {
    static let spec = CommandSpec(
        name: "infer",
        abstract: "Infer the animation from a recording: a strokescope-model/1 file, or Swift or Objective-C code, that reproduces its frames.",
        discussion: "Measures the frames (as inspect), finds the period, splits one cycle of strokeStart and strokeEnd into pieces that hold, move linearly or ease (a named timing function when it fits as well as free control points), adds a rotation when the ring turns, and rounds the numbers to what a person would write when the frames are explained as well. It then fits its own model back to the GIF and reports the RMS and largest angle error and every frame's residual. Without -o the model or code goes to stdout and the report to stderr. Exit 1 when the inferred model does not explain the frames (RMS over 1.5° or a frame over 4°: a GIF whose delays are rounded to whole centiseconds, such as 30 fps stored as 3, 4, 3 cs, costs up to about 1° by itself); the model is written all the same.",
        arguments: [ArgumentSpec("file.gif", help: "The recording to infer the animation from, a GIF or a movie (.mov, .mp4, .m4v).")],
        options: [
            .option("emit", value: "kind", help: "What to write.", choices: ["model", "swift", "objc"], default: "model"),
            .option("output", short: "o", value: "file", help: "Write the model or code here (refused if it exists, unless --force)."),
            .option("name", value: "name", help: "The model's name.", default: "the GIF's file name"),
            .flag("exact", help: "Keep the fitted numbers as they are instead of rounding them to what a person would write."),
        ] + PlacementOptions.inference + [
            SharedOptions.format, SharedOptions.delayPolicy, SharedOptions.fps, SharedOptions.maxPixels, SharedOptions.maxFrames,
            SharedOptions.maxTotalPixels, SharedOptions.lenient,
            SharedOptions.quiet, SharedOptions.force,
        ],
        examples: [
            CommandExample(["spinner.gif", "-o", "spinner.json"], "Write the model and print how well it explains the frames."),
            CommandExample(["spinner.gif", "--emit", "swift", "--scale", "2"], "Swift code for a recording made at 2 px per point."),
            CommandExample(["spinner.gif", "--emit", "objc", "-o", "Spinner.m", "--format", "json"], "Objective-C code, and the report as JSON."),
        ])

    static func run(_ args: ParsedArguments, _ console: Console) throws(CLIError) -> Int32 {
        let file = args.positional("file.gif")!
        var settings = InspectSettings(environment: console.environment)
        let format: OutputFormat
        let emit: String
        do throws(UsageError) {
            format = try SharedOptions.outputFormat(args)
            settings.timing = try SharedOptions.timing(args)
            settings.decode = try SharedOptions.decodeOptions(args)
            try PlacementOptions.read(args, into: &settings.options, command: "infer")
            emit = args.value("emit") ?? "model"
            guard ["model", "swift", "objc"].contains(emit) else {
                throw .inCommand("strokescope infer", .invalidValue(emit, for: "--emit <kind>", expected: "one of 'model', 'swift' or 'objc'"))
            }
        } catch { throw CLIError.usage(error) }
        let output = args.value("output")
        if let output { try OutputPaths.checkFile(output, force: args.flag("force")) }
        settings.progress = Progress(console: console, quiet: args.flag("quiet"))
        var options = InferenceOptions()
        options.scale = settings.options.scale ?? 1
        let scaleStated = settings.options.scale != nil
        options.humanRounding = !args.flag("exact")
        options.name = args.value("name") ?? OutputPaths.deletingExtension(OutputPaths.lastComponent(file))
        let run = try settings.infer(file, options: options, scaleStated: scaleStated)
        if !args.flag("quiet") { for w in run.warnings { console.warn("\(file): \(w)") } }

        let text: String
        switch emit {
        case "swift": text = CodeEmitter.code(run.inferred, language: .swift, source: OutputPaths.lastComponent(file))
        case "objc": text = CodeEmitter.code(run.inferred, language: .objc, source: OutputPaths.lastComponent(file))
        default: text = run.modelJSON.serialized() + "\n"
        }
        let report = InferenceReport(run)
        let rendered = format == .json ? report.json.serialized() + "\n" : report.report.rendered(as: format)
        if let output {
            try writeText(text, to: output, overwrite: args.flag("force"))
            console.out.write(rendered)
            if !args.flag("quiet") { console.err.write("wrote \(output)\n") }
        } else {
            console.out.write(text)
            console.err.write(rendered)
        }
        if !run.explains {
            console.warn("\(file): the inferred model does not explain the frames (RMS angle error \(fixed(run.rmsAngleError, 2))°, max \(fixed(run.maxAngleError, 2))° at frame \(run.fit.result.maxAngleErrorFrame ?? -1)); see the residuals")
            return CLIError.Code.thresholdExceeded
        }
        return CLIError.Code.success
    }
}

extension InspectSettings {
    /// Inspects `file`, infers its animation and fits the inferred model back to it (the
    /// library's `Inspector.infer`): the work of `infer` and of `check --reference`.
    /// `scaleStated`: `options.scale` was given (`--scale`).
    func infer(_ file: String, options: InferenceOptions, scaleStated: Bool = true) throws(CLIError) -> RecordingInference {
        let recording = try recording(file)
        do {
            return try Inspector(self.options).infer(recording, options: options, scaleStated: scaleStated, progress: progress)
        } catch {
            throw CLIError.inspection(error, modelFile: "\(file) (inferred)")
        }
    }
}
