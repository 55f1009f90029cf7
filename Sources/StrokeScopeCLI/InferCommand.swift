import StrokeGeometry
import AnimationModel
import CLIArguments
import Fitting
import Inspection
import Inference
import JSON
import Reports

/// `strokescope infer FILE.gif`: the Core Animation model that reproduces a recording.
enum InferCommand {
    static let spec = CommandSpec(
        name: "infer",
        abstract: "Infer the animation from a GIF: a strokescope-model/1 file, or Swift or Objective-C code, that reproduces its frames.",
        discussion: "Measures the frames (as inspect), finds the period, splits one cycle of strokeStart and strokeEnd into pieces that hold, move linearly or ease (a named timing function when it fits as well as free control points), adds a rotation when the ring turns, and rounds the numbers to what a person would write when the frames are explained as well. It then fits its own model back to the GIF and reports the RMS and largest angle error and every frame's residual. Without -o the model or code goes to stdout and the report to stderr. Exit 1 when the inferred model does not explain the frames (RMS over 1.5° or a frame over 4°: a GIF whose delays are rounded to whole centiseconds, such as 30 fps stored as 3, 4, 3 cs, costs up to about 1° by itself); the model is written all the same.",
        arguments: [ArgumentSpec("file.gif", help: "The recording to infer the animation from.")],
        options: [
            .option("emit", value: "kind", help: "What to write.", choices: ["model", "swift", "objc"], default: "model"),
            .option("output", short: "o", value: "file", help: "Write the model or code here (refused if it exists, unless --force)."),
            .option("name", value: "name", help: "The model's name.", default: "the GIF's file name"),
            .flag("exact", help: "Keep the fitted numbers as they are instead of rounding them to what a person would write."),
        ] + PlacementOptions.all + [
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
        let run = try InferRun.run(file: file, settings: settings, options: options, scaleStated: scaleStated)
        if !args.flag("quiet") { for w in run.warnings { console.warn("\(file): \(w)") } }

        let text: String
        switch emit {
        case "swift": text = CodeEmitter.code(run.inferred, language: .swift, source: OutputPaths.lastComponent(file))
        case "objc": text = CodeEmitter.code(run.inferred, language: .objc, source: OutputPaths.lastComponent(file))
        default: text = run.modelJSON.serialized() + "\n"
        }
        let report = run.report
        let rendered = format == .json ? run.json(report: report).serialized() + "\n" : report.rendered(as: format)
        if let output {
            try writeText(text, to: output, overwrite: args.flag("force"))
            console.out.write(rendered)
            if !args.flag("quiet") { console.err.write("wrote \(output)\n") }
        } else {
            console.out.write(text)
            console.err.write(rendered)
        }
        if !run.explains {
            console.warn("\(file): the inferred model does not explain the frames (RMS angle error \(fixed(run.rms, 2))°, max \(fixed(run.max, 2))° at frame \(run.outcome.result.maxAngleErrorFrame ?? -1)); see the residuals")
            return CLIError.Code.thresholdExceeded
        }
        return CLIError.Code.success
    }
}

/// Inspect, infer, and fit the inferred model back to the same GIF (the library's
/// `Inspector.infer`): the work of `infer` and of `check --reference`, with its report.
struct InferRun {
    let run: RecordingInference

    var inferred: InferredAnimation { run.inferred }
    var modelJSON: JSONValue { run.modelJSON }
    var document: ModelDocument { run.document }
    var outcome: ModelFit { run.fit }
    var warnings: [String] { run.warnings }
    var scaleSource: String { run.scaleSource }
    var rms: Double { run.rmsAngleError }
    var max: Double { run.maxAngleError }
    var explains: Bool { run.explains }
    static var explainsRMS: Double { RecordingInference.explainsRMS }
    static var explainsMax: Double { RecordingInference.explainsMax }

    /// `scaleStated`: `options.scale` was given (`--scale`).
    static func run(file: String, settings: InspectSettings, options: InferenceOptions, scaleStated: Bool = true) throws(CLIError) -> InferRun {
        let recording = try settings.recording(file)
        do {
            return InferRun(run: try Inspector(settings.options).infer(recording, options: options, scaleStated: scaleStated,
                                                                       source: OutputPaths.lastComponent(file), progress: settings.progress))
        } catch {
            throw CLIError.inspection(error, modelFile: "\(file) (inferred)")
        }
    }

    /// One cycle of a property as text: `0–1 s 0→0.25 easeInEaseOut; 1–1.5 s hold 0.25`.
    static func describe(_ curve: PiecewiseCurve) -> String {
        curve.pieces.map { p in
            let span = "\(shortNumber(p.beginTime))–\(shortNumber(p.beginTime + p.duration)) s"
            switch p.timing {
            case .hold: return "\(span) hold \(shortNumber(p.fromValue))"
            case .custom(let a, let b, let c, let d):
                return "\(span) \(shortNumber(p.fromValue))→\(shortNumber(p.toValue)) [\(shortNumber(a)), \(shortNumber(b)), \(shortNumber(c)), \(shortNumber(d))]"
            default: return "\(span) \(shortNumber(p.fromValue))→\(shortNumber(p.toValue)) \(p.timing.name ?? "")"
            }
        }.joined(separator: "; ")
    }

    static func shortNumber(_ v: Double) -> String {
        var text = fixed(v, 4)
        if text.contains(".") { while text.hasSuffix("0") { text.removeLast() }; if text.hasSuffix(".") { text.removeLast() } }
        return text == "-0" ? "0" : text
    }

    var report: Report {
        var report = FitOutput(outcome: outcome, thresholds: Thresholds(), failures: []).report
        let fitSummary = report.summary.filter { ["rmsAngleError", "maxAngleError", "framesCompared", "phase", "rate"].contains($0.key) }
        report.title = "Infer \(outcome.inspection.file)"
        report.summary = []
        let m = inferred
        report.addSummary("cycle (s)", .string(Self.shortNumber(m.period)), key: "period")
        report.addSummary("rotation", .string(m.rotationPeriod.map { "one turn per \(Self.shortNumber($0)) s \(m.rotationSpeed < 0 ? "anticlockwise" : "clockwise")" } ?? "none"), key: "rotation")
        if m.advance != 0 { report.addSummary("advance per cycle (°)", .string(Self.shortNumber(m.advance)), key: "advance") }
        report.addSummary("path starts at (°)", .string(Self.shortNumber(m.pathStartAngle.truncatingRemainder(dividingBy: 360))), key: "pathStartAngle")
        report.addSummary("strokeStart", .string(Self.describe(m.strokeStart)), key: "strokeStart")
        report.addSummary("strokeEnd", .string(Self.describe(m.strokeEnd)), key: "strokeEnd")
        report.addSummary("scale (px per point)", .string("\(Self.shortNumber(m.scale)) (\(scaleSource))"), key: "scale")
        // Say when the stored delays were replaced by a steady grid: the model's times are then
        // capture times, which the per-frame residuals below (stored times) do not use.
        report.addSummary("frame times", .string(m.captureInterval.map { "a steady capture every \(fixed($0 * 1000, 2)) ms (the stored delays are its rounding to whole centiseconds)" } ?? "as stored"), key: "frameTimes")
        report.summary += fitSummary
        report.addSummary("verdict", .string(explains ? "the model explains the frames (RMS ≤ \(fixed(Self.explainsRMS, 1))°, max ≤ \(fixed(Self.explainsMax, 1))°)"
                                                     : "the model does NOT explain the frames (RMS ≤ \(fixed(Self.explainsRMS, 1))° and max ≤ \(fixed(Self.explainsMax, 1))° needed)"), key: "verdict")
        return report
    }

    func json(report: Report) -> JSONValue {
        guard case .object(var top) = FitOutput(outcome: outcome, thresholds: Thresholds(), failures: []).json else { return .null }
        top["schema"] = .string("strokescope-infer/1")
        top["model"] = modelJSON
        top["explains"] = .bool(explains)
        top["scaleSource"] = .string(scaleSource)
        top["warnings"] = .array(warnings.map { .string($0) })
        return .object(top)
    }
}
