import AnimationModel
import CLIArguments
import JSON
import Reporting
import SourceImport
import Reports
import StrokeGeometry

/// `strokescope model MODEL.json`: the model's presented values per layer over time.
enum ModelCommand {
    static let spec = CommandSpec(
        name: "model",
        abstract: "Evaluate an animation model: strokeStart, strokeEnd, rotation and on-screen angles per layer over time.",
        discussion: "The model is a strokescope-model/1 file transcribed from Core Animation code; it is evaluated with Core Animation's timing semantics. Model time 0 is when the first animations were committed. Angles are in degrees clockwise from 12 o'clock; times are in milliseconds in tables and seconds in JSON.",
        arguments: [ArgumentSpec("model.json", help: "The animation model: a strokescope-model/1 file, or Objective-C or Swift code (a file or a folder) imported as `strokescope import` does.")],
        options: [
            .option("from", value: "seconds", help: "First instant (model time; accepts 250ms, 0.25s).", default: "0"),
            .option("to", value: "seconds", help: "Last instant.", default: "two cycles past the last animation's begin"),
            .option("step", value: "seconds", help: "Time between instants.", default: "0.05"),
            .option("set", value: "name=value", help: "Give a model variable another value (an expression such as 2/3 or 3*pi/2).", repeatable: true),
            .flag("exact-arclength", help: "Place stroke ends at their true arc length instead of Core Animation's per-curve parameter split."),
            SharedOptions.format, SharedOptions.maxModelBytes, SharedOptions.quiet,
            .option("svg", value: "file.svg", help: "Also write a plot of strokeStart and strokeEnd (and rotation) over the range."),
            SharedOptions.force,
        ],
        examples: [
            CommandExample(["payment-success.json", "--to", "8", "--step", "0.5"], "Every half second up to 8 s."),
            CommandExample(["loading-spinner.json", "--set", "D=2", "--format", "csv"], "The spinner with a 2 s cycle, as CSV."),
            CommandExample(["payment-success.json", "--to", "6", "--svg", "payment.svg"], "Plot the curves."),
        ])

    static func run(_ args: ParsedArguments, _ console: Console) throws(CLIError) -> Int32 {
        let file = args.positional("model.json")!
        let format: OutputFormat
        var from = 0.0, to: Double?, step = 0.05
        var sets: [NamedValue] = []
        do {
            format = try SharedOptions.outputFormat(args)
            from = try args.value("from", as: .duration(in: .between(-1e6, 1e6))) ?? 0
            to = try args.value("to", as: .duration(in: .between(-1e6, 1e6)))
            step = try args.value("step", as: .duration(in: .greaterThan(0))) ?? 0.05
            sets = try args.values("set", as: .namedValue)
        } catch { throw CLIError.usage(error) }

        let svg = args.value("svg")
        if let svg { try OutputPaths.checkFile(svg, force: args.flag("force")) }
        let loaded = try ModelFile.load(file, console: console, quiet: args.flag("quiet"), limitFrom: args)
        let model = try ModelFile.resolve(loaded, file: file, sets: sets)
        let end = to ?? model.suggestedEndTime
        guard end >= from else {
            throw CLIError("--to (\(shortText(end)) s) is before --from (\(shortText(from)) s)", exitCode: CLIError.Code.usage)
        }
        // Counted in Double: a --step of 1e-300 must be refused, not overflow an Int.
        let instants = ((end - from) / step + 1e-9).rounded(.down) + 1
        guard instants <= 1_000_000 else {
            throw CLIError("\(instants.isFinite ? shortText(instants) : "unboundedly many") instants requested; at most 1000000 (use a larger --step)",
                           exitCode: CLIError.Code.usage)
        }
        let count = Int(instants)
        let mode: PointMode = args.flag("exact-arclength") ? .exactArcLength : .coreAnimation
        // Times as integer multiples of the step, so 0.1 + 0.2 does not print as 0.30000000000000004.
        let times = (0..<count).map { (from + Double($0) * step).rounded(toDecimals: 9) }
        let samples = times.map { t in (t, model.layers.map { $0.presentation(at: t, mode: mode) }) }

        switch format {
        case .json: console.out.write(json(model: model, samples: samples).serialized() + "\n")
        default: console.out.write(report(model: model, file: file, samples: samples).rendered(as: format))
        }
        if let svg {
            let plot = PlotBuilder.modelPlot(model, file: file, times: times, mode: mode)
            try writeText(plot.svgText(), to: svg, overwrite: args.flag("force"))
        }
        return CLIError.Code.success
    }

    static func report(model: ResolvedModel, file: String, samples: [(Double, [LayerPresentation])]) -> Report {
        var report = Report(title: "Model \(model.name) (\(file))")
        report.addSummary("layers", .string(model.layers.map(\.name).joined(separator: ", ")))
        if !model.variables.isEmpty {
            let text = model.variables.sorted { $0.key < $1.key }.map { "\($0.key) = \(shortText($0.value.rounded(toDecimals: 9)))" }
            report.addSummary("variables", .string(text.joined(separator: ", ")))
        }
        var table = Table(key: "samples", columns: [
            Column("time (ms)", key: "timeMs"),
            Column("layer", key: "layer", alignment: .left),
            Column("state", key: "state", alignment: .left),
            Column("strokeStart", key: "strokeStart"),
            Column("strokeEnd", key: "strokeEnd"),
            Column("rotation (°)", key: "rotationDegrees"),
            Column("start angle (°)", key: "startAngle"),
            Column("end angle (°)", key: "endAngle"),
        ])
        for (t, layers) in samples {
            for p in layers {
                let shown = p.state != .absent
                table.append([
                    .double(milliseconds(t), decimals: 1), .string(p.values.name), .string(p.state.rawValue),
                    shown ? .double(p.values.strokeStart, decimals: 4) : .empty,
                    shown ? .double(p.values.strokeEnd, decimals: 4) : .empty,
                    shown ? .double(p.values.rotationDegrees, decimals: 2) : .empty,
                    Cell(p.startAngle, decimals: 2), Cell(p.endAngle, decimals: 2),
                ])
            }
        }
        report.tables.append(table)
        return report
    }

    static func json(model: ResolvedModel, samples: [(Double, [LayerPresentation])]) -> JSONValue {
        let list: [JSONValue] = samples.map { t, layers in
            .object(JSONObject([
                ("time", .number(t, decimals: 9)),
                ("layers", .array(layers.map { p in
                    var o = JSONObject([("name", .string(p.values.name)), ("state", .string(p.state.rawValue))])
                    if p.state != .absent {
                        o.append("strokeStart", .number(p.values.strokeStart, decimals: 9))
                        o.append("strokeEnd", .number(p.values.strokeEnd, decimals: 9))
                        o.append("rotation", .number(p.values.rotationDegrees, decimals: 9))
                    }
                    if let a = p.startAngle { o.append("startAngle", .number(a, decimals: 6)) }
                    if let a = p.endAngle { o.append("endAngle", .number(a, decimals: 6)) }
                    return .object(o)
                })),
            ]))
        }
        return .object(JSONObject([
            ("schema", .string("strokescope-model-eval/1")),
            ("model", .string(model.name)),
            ("variables", .object(JSONObject(model.variables.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value, decimals: 12)) }))),
            ("samples", .array(list)),
        ]))
    }
}

/// Loading a model file and binding `--set` values, with the CLI's messages and exit codes.
enum ModelFile {
    /// Loads a model; `args` (when given) supplies `--max-model-bytes`.
    static func load(_ file: String, console: Console, quiet: Bool, limitFrom args: ParsedArguments? = nil) throws(CLIError) -> ModelDocument {
        var maxBytes = ModelLoader.defaultMaxBytes
        if let args {
            do { maxBytes = try SharedOptions.modelByteLimit(args) } catch { throw CLIError.usage(error) }
        }
        // Source code (a file or a folder of it) is imported as `strokescope import` does.
        if SourceImporter.isSourcePath(file) || isDirectory(file) {
            let imported = try ImportCommand.load([file])
            if !quiet { ImportCommand.report(imported, console) }
            return imported.document
        }
        do {
            let result = try ModelLoader.loadWithWarnings(path: file, maxBytes: maxBytes)
            if !quiet { for w in result.warnings { console.warn(w) } }
            return result.document
        } catch {
            throw CLIError(error.description, exitCode: error.exitCode)
        }
    }

    private static func isDirectory(_ path: String) -> Bool { SourceImporter.isFolder(path) }

    /// Whether `--model` names source code (a file or a folder of it) rather than a model file.
    static func isSource(_ path: String) -> Bool { SourceImporter.isSourcePath(path) || isDirectory(path) }

    static func resolve(_ document: ModelDocument, file: String, sets: [NamedValue],
                        options: EvaluationOptions = EvaluationOptions()) throws(CLIError) -> ResolvedModel {
        var overrides: [String: Double] = [:]
        for s in sets {
            guard document.variables.contains(where: { $0.name == s.name }) else {
                let names = document.variables.map(\.name)
                let hint = names.isEmpty ? "the model has no variables" : "the model has: " + names.joined(separator: ", ")
                throw CLIError("--set \(s.name)=\(s.value): \(file) has no variable '\(s.name)' (\(hint))", exitCode: CLIError.Code.usage)
            }
            do {
                let e = try ModelExpressionParser.parse(s.value, scope: ExpressionScope(variables: [], allowsNow: false))
                overrides[s.name] = try e.evaluate([:])
            } catch {
                throw CLIError("--set \(s.name)=\(s.value): \(error)", exitCode: CLIError.Code.usage)
            }
        }
        do {
            return try document.resolve(overrides: overrides, options: options)
        } catch {
            throw CLIError("\(file): \(error)", exitCode: CLIError.Code.malformedInput)
        }
    }
}
