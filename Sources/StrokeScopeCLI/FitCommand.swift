import AnimationModel
import CLIArguments
import Fitting
import Inspection
import Inference
import JSON
import Raster
import Reports
import StrokeEstimation
import StrokeGeometry

/// `strokescope fit FILE.gif --model MODEL.json`: per-frame timing and angle errors against the model.
enum FitCommand {
    static let spec = CommandSpec(
        name: "fit",
        abstract: "Fit the model's curves to the frames and report per-frame timing and angle errors.",
        discussion: "Model time = phase + rate × GIF time. The phase is searched over the model's whole span and the rate from 0.05 to 20 (recordings are often mislabelled); variables with fit ranges are estimated too. A frame's timing error is the shift of model time that best explains it (positive: the frame shows a state the model had reached earlier — the animation lags); it is empty where the model is flat. Timing errors are in model seconds, times in recording seconds.",
        arguments: [ArgumentSpec("file.gif", help: "The recording to fit (several files or folders run as a batch).", repeated: true)],
        options: [
            .option("model", value: "file", help: "The animation model (required)."),
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

    static func parseCommon(_ args: ParsedArguments, environment: [String: String], command: String, defaults: Bool) throws(CLIError)
        -> (document: ModelDocument, modelFile: String, settings: InspectSettings, options: FitOptions, thresholds: Thresholds, format: OutputFormat) {
        var settings = InspectSettings(environment: environment)
        var options = FitOptions()
        let format: OutputFormat
        let thresholds: Thresholds
        var sets: [NamedValue] = []
        do throws(UsageError) {
            format = try SharedOptions.outputFormat(args)
            settings.timing = try SharedOptions.timing(args)
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
            let run = try InferRun.run(file: reference, settings: settings, options: InferenceOptions())
            guard sets.isEmpty else {
                throw CLIError("--set cannot be used with --reference: an inferred model has no variables", exitCode: CLIError.Code.usage)
            }
            return (run.document, "\(reference) (inferred)", settings, options, thresholds, format)
        }
        guard let modelFile = args.value("model") else {
            throw CLIError(command == "check" ? "Missing expected option '--model <file>' (or '--reference <approved.gif>')." : "Missing expected option '--model <file>'.", exitCode: CLIError.Code.usage, hint: "See 'strokescope \(command) --help'.")
        }
        let document = try ModelFile.load(modelFile, console: Console(out: BufferSink(), err: BufferSink()), quiet: true, limitFrom: args)
        // --set holds variables: validate and bind them through the same path as `model`.
        let held = try ModelFile.resolve(document, file: modelFile, sets: sets).variables
        for s in sets { options.fixed[s.name] = held[s.name] }
        return (document, modelFile, settings, options, thresholds, format)
    }

    static func run(_ args: ParsedArguments, _ console: Console) throws(CLIError) -> Int32 {
        let file = args.positionals("file.gif")[0]
        var c = try parseCommon(args, environment: console.environment, command: "fit", defaults: false)
        let visuals = try VisualOutputs.read(args)
        let progress = Progress(console: console, quiet: args.flag("quiet"))
        c.settings.progress = progress
        let outcome = try c.settings.fit(file, document: c.document, modelFile: c.modelFile, options: c.options)
        if !args.flag("quiet") { for w in outcome.warnings { console.warn("\(file): \(w)") } }
        let failures = outcome.verdict(c.thresholds).failures
        let output = FitOutput(outcome: outcome, thresholds: c.thresholds, failures: failures)
        switch c.format {
        case .json: console.out.write(output.json.serialized() + "\n")
        default: console.out.write(output.report.rendered(as: c.format))
        }
        try visuals.write(inspection: outcome.inspection, fit: output, report: output.report, decode: c.settings.decode, progress: progress)
        return failures.isEmpty ? CLIError.Code.success : CLIError.Code.thresholdExceeded
    }
}

/// The fit's tables and JSON.
struct FitOutput {
    let outcome: ModelFit
    let thresholds: Thresholds
    let failures: [String]

    var result: FitResult { outcome.result }

    var report: Report {
        let r = result
        var report = InspectSummary(outcome.inspection).report
        report.title = "Fit \(outcome.inspection.file)"
        report.tables = []
        report.addSummary("phase (ms)", .double(r.phase * 1000, decimals: 1), key: "phase")
        report.addSummary("rate", .string(fixed(r.rate, 4) + (r.ratePinned ? " (pinned)" : "")))
        for p in r.parameters where p.name != "phase" && p.name != "rate" {
            report.addSummary("variable \(p.name)", .string(fixed(p.value, 4) + (p.determined ? "" : " (undetermined)")), key: "variable.\(p.name)")
        }
        for p in r.parameters {
            let text = p.determined ? (p.standardError.map { "± " + fixed(p.name == "phase" ? $0 * 1000 : $0, 4) + (p.name == "phase" ? " ms" : "") } ?? "determined")
                                    : "undetermined: the frames say almost nothing about it"
            report.addSummary("\(p.name) determined", .string(text), key: "determined.\(p.name)")
        }
        report.addSummary("RMS timing error (ms)", Cell(r.rmsTimingError.map { $0 * 1000 }, decimals: 1), key: "rmsTimingError")
        report.addSummary("max timing error (ms)", .string(r.maxTimingError.map { "\(fixed($0 * 1000, 1)) at frame \(r.maxTimingErrorFrame ?? -1)" } ?? "-"), key: "maxTimingError")
        report.addSummary("RMS angle error (°)", Cell(r.rmsAngleError, decimals: 2), key: "rmsAngleError")
        report.addSummary("max angle error (°)", .string(r.maxAngleError.map { "\(fixed($0, 2)) at frame \(r.maxAngleErrorFrame ?? -1)" } ?? "-"), key: "maxAngleError")
        report.addSummary("frames compared", .int(r.framesCompared))
        if !thresholds.isEmpty { report.addSummary("verdict", .string(failures.isEmpty ? "PASS" : "FAIL: " + failures.joined(separator: "; "))) }
        var table = Table(key: "frames", columns: [
            Column("frame", key: "index"), Column("time (ms)", key: "timeMs"), Column("model time (ms)", key: "modelTimeMs"),
            Column("layer", key: "layer", alignment: .left), Column("state", key: "state", alignment: .left),
            Column("start (°)", key: "startAngle"), Column("end (°)", key: "endAngle"),
            Column("model start (°)", key: "modelStartAngle"), Column("model end (°)", key: "modelEndAngle"),
            Column("strokeEnd", key: "strokeEnd"), Column("model strokeEnd", key: "modelStrokeEnd"),
            Column("angle error (°)", key: "angleError"), Column("timing error (ms)", key: "timingErrorMs"),
            Column("flags", key: "flags", alignment: .left),
        ])
        for (i, f) in r.frames.enumerated() {
            for (j, layer) in r.model.layers.enumerated() {
                let m = outcome.inspection.layers.first { $0.name == layer.name }?.readings[i]
                let fit = f.layers[j]
                table.append([
                    .int(f.index), .double(milliseconds(f.time), decimals: 0), .double(milliseconds(f.modelTime), decimals: 1),
                    .string(layer.name), .string(m?.state.rawValue ?? "-"),
                    Cell(m?.startAngle.map { displayAngle($0, 2) }, decimals: 2), Cell(m?.endAngle.map { displayAngle($0, 2) }, decimals: 2),
                    Cell(fit.model.startAngle.map { displayAngle($0, 2) }, decimals: 2), Cell(fit.model.endAngle.map { displayAngle($0, 2) }, decimals: 2),
                    Cell(m?.strokeEnd, decimals: 4), fit.model.state == .absent ? .empty : .double(fit.model.values.strokeEnd, decimals: 4),
                    Cell(fit.angleError, decimals: 2), Cell(fit.timingError.map { $0 * 1000 }, decimals: 1),
                    j == 0 && !f.flags.isEmpty ? .string(f.flags.joined(separator: " ")) : .empty,
                ])
            }
        }
        report.tables.append(table)
        return report
    }

    var json: JSONValue {
        let r = result
        guard case .object(var top) = InspectSummary(outcome.inspection).json else { return .null }
        top["schema"] = .string("strokescope-fit/1")
        top["warnings"] = .array(outcome.warnings.map { .string($0) })
        var variables = JSONObject([])
        for (k, v) in r.variables.sorted(by: { $0.key < $1.key }) { variables.append(k, .number(v, decimals: 9)) }
        var fit = JSONObject([
            ("phase", .number(r.phase, decimals: 9)), ("rate", .number(r.rate, decimals: 9)), ("ratePinned", .bool(r.ratePinned)),
            ("variables", .object(variables)),
            ("rmsTimingError", r.rmsTimingError.map { .number($0, decimals: 9) } ?? .null),
            ("maxTimingError", r.maxTimingError.map { .number($0, decimals: 9) } ?? .null),
            ("maxTimingErrorFrame", r.maxTimingErrorFrame.map { .int($0) } ?? .null),
            ("rmsAngleError", r.rmsAngleError.map { .number($0, decimals: 6) } ?? .null),
            ("maxAngleError", r.maxAngleError.map { .number($0, decimals: 6) } ?? .null),
            ("maxAngleErrorFrame", r.maxAngleErrorFrame.map { .int($0) } ?? .null),
            ("framesCompared", .int(r.framesCompared)),
            ("flagTiming", .number(r.flagTiming, decimals: 9)),
        ])
        fit.append("parameters", .array(r.parameters.map { p in
            .object(JSONObject([("name", .string(p.name)), ("value", .number(p.value, decimals: 9)),
                                ("standardError", p.standardError.map { .number($0, decimals: 9) } ?? .null),
                                ("determined", .bool(p.determined))]))
        }))
        top["fit"] = .object(fit)
        top["verdict"] = .object(JSONObject([("pass", .bool(failures.isEmpty)), ("thresholds", thresholds.json),
                                             ("failures", .array(failures.map { .string($0) }))]))
        let inspectFrames = top["frames"]?.arrayValue ?? []
        top["frames"] = .array(r.frames.enumerated().map { i, f in
            var o = inspectFrames.indices.contains(i) ? (inspectFrames[i].objectValue ?? JSONObject([])) : JSONObject([])
            o["modelTime"] = .number(f.modelTime, decimals: 9)
            let measured = o["layers"]?.arrayValue ?? []
            o["layers"] = .array(r.model.layers.enumerated().map { j, layer in
                var l = measured.first { $0["name"]?.stringValue == layer.name }?.objectValue ?? JSONObject([("name", .string(layer.name))])
                let fit = f.layers[j]
                let p = fit.model
                var model = JSONObject([("state", .string(p.state.rawValue))])
                if p.state != .absent {
                    model.append("strokeStart", .number(p.values.strokeStart, decimals: 9))
                    model.append("strokeEnd", .number(p.values.strokeEnd, decimals: 9))
                }
                if let a = p.startAngle { model.append("startAngle", .number(displayAngle(a, 6), decimals: 6)) }
                if let a = p.endAngle { model.append("endAngle", .number(displayAngle(a, 6), decimals: 6)) }
                l["model"] = .object(model)
                l["angleError"] = fit.angleError.map { .number($0, decimals: 6) } ?? .null
                if let e = fit.strokeEndError { l["strokeEndError"] = .number(e, decimals: 6) }
                l["timingError"] = fit.timingError.map { .number($0, decimals: 9) } ?? .null
                return .object(l)
            })
            o["flags"] = .array(f.flags.map { .string($0) })
            return .object(o)
        })
        return .object(top)
    }
}

/// Options that steer where `inspect`, `fit` and `check` look, shared by the three.
enum PlacementOptions {
    static let all: [OptionSpec] = [
        .option("circle", value: "CX,CY,R", help: "Measure this circle (pixels) instead of searching."),
        .option("region", value: "X,Y,W,H", help: "Search only this part of the frames (pixels)."),
        .option("scale", value: "n", help: "With a model: pixels per point (instead of deriving it from the ring)."),
        .option("origin", value: "X,Y", help: "With a model: pixel position of the point (0, 0)."),
        .option("cap", value: "style", help: "Line caps to correct for (default: the model's, else judged from the ends).",
                choices: LineCap.allCases.map(\.rawValue)),
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
        if let o = try args.value("origin", as: .numbers(named: ["X", "Y"])) { settings.origin = Point(x: o[0], y: o[1]) }
        settings.cap = try args.value("cap", as: .choice())
    }
}
