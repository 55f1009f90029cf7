import AnimationModel
import CLIArguments
import Fitting
import Inspection
import Inference
import JSON
import Raster
import Reporting
import Reports
import StrokeEstimation
import StrokeGeometry

/// `strokescope fit FILE.gif --model MODEL.json`: per-frame timing and angle errors against the model.
enum FitCommand {
    static let spec = CommandSpec(
        name: "fit",
        abstract: "Fit the model's curves to the frames and report per-frame timing and angle errors.",
        discussion: "Model time = phase + rate × GIF time. The phase is searched over the model's whole span and the rate from 0.05 to 20 (recordings are often mislabelled); variables with fit ranges are estimated too. A frame's timing error is the shift of model time that best explains it (positive: the frame shows a state the model had reached earlier — the animation lags); it is empty where the model is flat. Timing errors are in model seconds, times in recording seconds.",
        arguments: [ArgumentSpec("file.gif", help: "The recording to fit, a GIF or a movie (.mov, .mp4, .m4v; several files or folders run as a batch).", repeated: true)],
        options: [
            .option("model", value: "file", help: "The animation model (required): a strokescope-model/1 file, or the Objective-C or Swift code that builds it (a file or a folder, imported as `strokescope import` does)."),
            .option("rate", value: "r", help: "Pin the rate (model seconds per GIF second), e.g. 1 for a renderer whose delays are exact."),
            .option("set", value: "name=value", help: "Hold a model variable at this value instead of fitting it.", repeatable: true),
            .option("flag-timing", value: "duration", help: "Flag frames late or early beyond this.", default: "3/4 of a frame interval"),
        ] + ThresholdOptions.options + PlacementOptions.all + [
            SharedOptions.format, SharedOptions.delayPolicy, SharedOptions.fps, SharedOptions.maxPixels, SharedOptions.maxFrames, SharedOptions.maxTotalPixels, SharedOptions.maxModelBytes, SharedOptions.lenient, SharedOptions.quiet,
        ] + BatchInputs.options + VisualOutputs.options,
        examples: [
            CommandExample(["payment.gif", "--model", "payment-success.json"], "Fit phase, rate and the success moment."),
            CommandExample(["payment.gif", "--model", "payment-success.json", "--html", "report.html", "--svg", "plot.svg"], "The report page and the plot, for a CI artifact."),
            CommandExample(["spinner.gif", "--model", "loading-spinner.json", "--rate", "1", "--format", "json"], "A renderer's output, delays exact."),
        ])

    static func parseCommon(_ args: ParsedArguments, environment: [String: String], command: String, defaults: Bool, console: Console? = nil) throws(CLIError)
        -> (document: ModelDocument, modelFile: String, settings: InspectSettings, options: FitOptions, thresholds: Thresholds, format: OutputFormat) {
        var settings = InspectSettings(environment: environment)
        var options = FitOptions()
        let format: OutputFormat
        let thresholds: Thresholds
        var sets: [NamedValue] = []
        do throws(UsageError) {
            format = try SharedOptions.outputFormat(args)
            settings.timing = try SharedOptions.timing(args)
            // An explicit delay policy is the user's time base: the fit takes the delays as given.
            if args.value("delay-policy") != nil { options.clock = .asGiven }
            settings.decode = try SharedOptions.decodeOptions(args)
            options.rate = try args.value("rate", as: .double(in: .between(0.01, 100)))
            options.flagTiming = try args.value("flag-timing", as: .duration(in: .greaterThan(0)))
            sets = try args.values("set", as: .namedValue)
            thresholds = try ThresholdOptions.read(args, defaults: defaults, command: command)
            try PlacementOptions.read(args, into: &settings.options, command: command)
        } catch { throw CLIError.usage(error) }
        let reference = command == "check" ? args.value("reference") : nil
        if reference != nil && args.value("model") != nil {
            throw CLIError("'--model <file>' and '--reference <approved.gif>' cannot be used together: give the model, or the approved GIF to infer it from.",
                           exitCode: CLIError.Code.usage, hint: "See 'strokescope \(command) --help'.")
        }
        if let reference {
            // The approved GIF's inferred model, measured with the same placement and timing options.
            let run = try settings.infer(reference, options: InferenceOptions())
            guard sets.isEmpty else {
                throw CLIError("--set cannot be used with --reference: an inferred model has no variables", exitCode: CLIError.Code.usage)
            }
            return (run.document, "\(reference) (inferred)", settings, options, thresholds, format)
        }
        guard let modelFile = args.value("model") else {
            throw CLIError(command == "check" ? "Missing expected option '--model <file>' (or '--reference <approved.gif>')." : "Missing expected option '--model <file>'.", exitCode: CLIError.Code.usage, hint: "See 'strokescope \(command) --help'.")
        }
        // A model file's own warnings come with the fit's; an imported model's notes and warnings
        // (source code given as --model) are printed here, once.
        let document = try ModelFile.load(modelFile, console: console ?? Console(out: BufferSink(), err: BufferSink()),
                                          quiet: console == nil || args.flag("quiet") || !ModelFile.isSource(modelFile), limitFrom: args)
        // --set holds variables: validate and bind them through the same path as `model`.
        let held = try ModelFile.resolve(document, file: modelFile, sets: sets).variables
        for s in sets { options.fixed[s.name] = held[s.name] }
        return (document, modelFile, settings, options, thresholds, format)
    }

    static func run(_ args: ParsedArguments, _ console: Console) throws(CLIError) -> Int32 {
        let file = args.positionals("file.gif")[0]
        var c = try parseCommon(args, environment: console.environment, command: "fit", defaults: false, console: console)
        let visuals = try VisualOutputs.read(args)
        let progress = Progress(console: console, quiet: args.flag("quiet"))
        c.settings.progress = progress
        let outcome = try c.settings.fit(file, document: c.document, modelFile: c.modelFile, options: c.options)
        if !args.flag("quiet") { for w in outcome.warnings { console.warn("\(file): \(w)") } }
        let output = FitReport(outcome, thresholds: c.thresholds)
        let failures = output.failures
        switch c.format {
        case .json: console.out.write(output.json.serialized() + "\n")
        default: console.out.write(output.report.rendered(as: c.format))
        }
        try visuals.write(inspection: outcome.inspection, fit: output, report: output.report, decode: c.settings.decode, progress: progress)
        return failures.isEmpty ? CLIError.Code.success : CLIError.Code.thresholdExceeded
    }
}

/// Options that steer where `inspect`, `fit` and `check` look, shared by the three.
enum PlacementOptions {
    private static let circle = OptionSpec.option("circle", value: "CX,CY,R", help: "Measure this circle (pixels) instead of searching.")
    private static let region = OptionSpec.option("region", value: "X,Y,W,H", help: "Search only this part of the frames (pixels).")

    static let all: [OptionSpec] = [
        circle, region,
        .option("scale", value: "n", help: "With a model: pixels per point (instead of deriving it from the ring)."),
        .option("origin", value: "X,Y", help: "With a model: pixel position of the point (0, 0)."),
        .option("cap", value: "style", help: "Line caps to correct for (default: the model's, else judged from the ends).",
                choices: LineCap.allCases.map(\.rawValue)),
    ]

    /// `infer`'s: no model to place, so `--scale` is the recording's and there is no `--origin`.
    static let inference: [OptionSpec] = [
        circle, region,
        .option("scale", value: "n", help: "Pixels per point of the recording, for the model's sizes (default: the device screen the canvas is, else 1)."),
        .option("cap", value: "style", help: "Line caps to correct for (default: judged from the ends).", choices: LineCap.allCases.map(\.rawValue)),
    ]

    static func read(_ args: ParsedArguments, into settings: inout InspectOptions, command: String) throws(UsageError) {
        if let c = try args.value("circle", as: .numbers(named: ["CX", "CY", "R"])) {
            guard c[2] > 0 else {
                throw .inCommand("strokescope \(command)", .invalidValue(args.value("circle")!, for: "--circle <CX,CY,R>", expected: "a radius greater than 0"))
            }
            settings.circle = Circle(center: Point(x: c[0], y: c[1]), radius: c[2])
        }
        if let r = try args.value("region", as: .numbers(named: ["X", "Y", "W", "H"])) {
            settings.region = PixelRect(x: Int(r[0]), y: Int(r[1]), width: Int(r[2]), height: Int(r[3]))
        }
        settings.scale = try args.value("scale", as: .double(in: .greaterThan(0)))
        if args.command.option(named: "origin") != nil, let o = try args.value("origin", as: .numbers(named: ["X", "Y"])) {
            settings.origin = Point(x: o[0], y: o[1])
        }
        settings.cap = try args.value("cap", as: .choice())
    }
}
