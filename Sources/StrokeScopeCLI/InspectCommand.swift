import AnimationModel
import Inspection
import CLIArguments
import Fitting
import GIFCodec
import JSON
import Raster
import Reporting
import Reports
import StrokeEstimation
import StrokeGeometry

/// `strokescope inspect FILE.gif`: where each frame's stroke starts and ends.
enum InspectCommand {
    static let spec = CommandSpec(
        name: "inspect",
        abstract: "Measure every frame's stroke: find the animated ring(s) and report where each stroke starts and ends.",
        discussion: "Rings are found by what changes over time, so static UI does not disturb them; ends are placed to a fraction of a pixel from the anti-aliased ink and corrected for round caps. With --model, the model's layers and colours guide the search: the ring gives the pixel scale and offset, which place the other layers (a tick's drawn length is reported as strokeEnd). Also reports, from the measurements alone, when the animation repeats and the frames where the arc vanishes.",
        arguments: [ArgumentSpec("file.gif", help: "The recording to measure, a GIF or a movie (.mov, .mp4, .m4v; several files or folders run as a batch).", repeated: true)],
        options: [
            .option("model", value: "file", help: "An animation model (a model file, or Objective-C or Swift code) whose layers, colours and caps guide the search."),
        ] + PlacementOptions.all + [
            SharedOptions.format, SharedOptions.delayPolicy, SharedOptions.fps, SharedOptions.maxPixels, SharedOptions.maxFrames, SharedOptions.maxTotalPixels, SharedOptions.lenient, SharedOptions.maxModelBytes, SharedOptions.quiet,
        ] + BatchInputs.options + VisualOutputs.options,
        examples: [
            CommandExample(["spinner.gif"], "Find the ring and measure every frame."),
            CommandExample(["payment.gif", "--model", "payment-success.json", "--format", "json"], "Ring and tick, placed by the model."),
            CommandExample(["grid.gif", "--region", "0,0,200,200"], "One spinner out of a screen showing several."),
            CommandExample(["spinner.gif", "--html", "spinner.html", "--overlay", "measured.gif"], "A report page and the animation with the measured ends drawn on it."),
        ])

    static func run(_ args: ParsedArguments, _ console: Console) throws(CLIError) -> Int32 {
        let file = args.positionals("file.gif")[0]
        let format: OutputFormat
        var settings = InspectSettings(environment: console.environment)
        do throws(UsageError) {
            format = try SharedOptions.outputFormat(args)
            settings.timing = try SharedOptions.timing(args)
            settings.decode = try SharedOptions.decodeOptions(args)
            try PlacementOptions.read(args, into: &settings.options, command: "inspect")
        } catch { throw CLIError.usage(error) }
        let visuals = try VisualOutputs.read(args)
        let progress = Progress(console: console, quiet: args.flag("quiet"))
        settings.progress = progress
        var model: ResolvedModel?
        if let modelFile = args.value("model") {
            let document = try ModelFile.load(modelFile, console: console, quiet: args.flag("quiet"), limitFrom: args)
            model = try ModelFile.resolve(document, file: modelFile, sets: [])
        }
        let inspection = try settings.inspect(file, model: model)
        if !args.flag("quiet") { for w in inspection.warnings { console.warn("\(file): \(w)") } }
        let summary = InspectionReport(inspection)
        switch format {
        case .json: console.out.write(summary.json.serialized() + "\n")
        default: console.out.write(summary.report.rendered(as: format))
        }
        try visuals.write(inspection: inspection, fit: nil, report: summary.report, decode: settings.decode, progress: progress)
        return CLIError.Code.success
    }
}


