import Threading
import AnimationModel
import CLIArguments
import Fitting
import Inspection
import JSON
import Reports

/// `strokescope check FILE.gif... --model MODEL.json`: fit as a pass/fail gate for CI.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Fit the model to each recording and pass or fail it against thresholds, for CI.",
        discussion: "Prints one line per file: PASS, or FAIL and the figure that failed. Defaults: timing error at most 20 ms, angle error at most 2°, rate within 2 % of 1 (--any-rate for recordings whose delays are known to be wrong). Exit 0 when every file passed, 1 when one failed a threshold, the input error code (65, 66) when a file could not be read.",
        arguments: [ArgumentSpec("file.gif", help: "The recordings to check: GIFs or movies (.mov, .mp4, .m4v).", repeated: true)],
        options: [
            .option("model", value: "file", help: "The animation model: a strokescope-model/1 file, or the Objective-C or Swift code that builds it (files or a folder, imported as `strokescope import` does). This or --reference is required."),
            .option("reference", value: "approved.gif", help: "Infer the model from this approved GIF (as `infer` does) and check against it; not with --model."),
            .option("rate", value: "r", help: "Pin the rate (model seconds per GIF second)."),
            .option("set", value: "name=value", help: "Hold a model variable at this value instead of fitting it.", repeatable: true),
            .option("flag-timing", value: "duration", help: "Flag frames late or early beyond this.", default: "3/4 of a frame interval"),
            .option("junit", value: "file.xml", help: "Also write the results as JUnit XML for CI systems."),
        ] + ThresholdOptions.options + PlacementOptions.all + [
            SharedOptions.delayPolicy, SharedOptions.fps, SharedOptions.maxPixels, SharedOptions.maxFrames, SharedOptions.maxTotalPixels, SharedOptions.lenient, SharedOptions.maxModelBytes, SharedOptions.quiet, SharedOptions.force,
            // Accepted for symmetry with the other commands; check prints its own one-line format.
            .option("format", value: "format", help: "Ignored by check (one line per file).", hidden: true),
        ] + BatchInputs.options,
        examples: [
            CommandExample(["out/*.gif", "--model", "spinner.json", "--rate", "1", "--junit", "check.xml"], "Gate a renderer's output in CI."),
            CommandExample(["new.gif", "--reference", "approved.gif"], "A regression check without a hand-written model."),
            CommandExample(["recording.gif", "--model", "spinner.json", "--any-rate", "--max-timing-error", "40ms"], "A screen recording with untrustworthy delays."),
            CommandExample(["recording.gif", "--model", "spinner.json", "--max-hitch-ratio", "5"], "Fail when hitches leave Apple's good band (under 5 ms per second)."),
        ])

    static func run(_ args: ParsedArguments, _ console: Console) throws(CLIError) -> Int32 {
        let (inputs, walkWarnings) = BatchInputs.expand(args.positionals("file.gif"), recursive: args.flag("recursive"))
        if !args.flag("quiet") { for w in walkWarnings { console.warn(w) } }
        var c = try FitCommand.parseCommon(args, environment: console.environment, command: "check", defaults: true, console: console)
        let workers: Int
        do { workers = try BatchInputs.jobCount(args) } catch { throw CLIError.usage(error) }
        // A file may use threads of its own only when it is the only one and --jobs allows.
        c.settings.options.parallel = BatchInputs.allowsNestedThreads(workers: workers, files: inputs.count)
        let junit = args.value("junit")
        if let junit { try OutputPaths.checkFile(junit, force: args.flag("force")) }
        let quiet = args.flag("quiet")
        // One file: its frames count on the bar; several: the files do.
        let progress = Progress(console: console, quiet: quiet)
        let job = CheckJob(common: c, frameProgress: inputs.count == 1 ? progress : nil)
        if inputs.count > 1 { progress.start(label: "checking", total: inputs.count, unit: "files") }

        var worst: Int32 = CLIError.Code.success
        var cases: [(file: String, seconds: Double, failure: String?, error: String?)] = []
        var tally = BatchTally()
        BatchPool.run(count: inputs.count, workers: workers, job: { job.check(inputs[$0]) }) { i, r in
            if !quiet { for w in r.warnings { console.warn(w) } }
            switch r.verdict {
            case .pass(let figures):
                console.out.write(console.styled("PASS", .green, terminal: console.outIsTerminal) + " \(r.file) (\(figures))\n")
            case .fail(let failures):
                console.out.write(console.styled("FAIL", .red, terminal: console.outIsTerminal) + " \(r.file): \(failures)\n")
                if worst == CLIError.Code.success { worst = CLIError.Code.thresholdExceeded }
            case .error(let message, let code):
                console.error(message)
                // The message names the file already; the line puts it first, once.
                let reason = message.hasPrefix(r.file + ": ") ? String(message.dropFirst(r.file.count + 2)) : message
                console.out.write(console.styled("ERROR", .red, terminal: console.outIsTerminal) + " \(r.file): \(reason)\n")
                if worst == CLIError.Code.success || worst == CLIError.Code.thresholdExceeded { worst = code }
            }
            tally.add(r.verdict.exitCode)
            cases.append((r.file, r.seconds, r.verdict.failureText, r.verdict.errorText))
            if inputs.count > 1 { progress.update(i + 1) }
        }
        progress.finish()
        if inputs.count > 1 { console.out.write(tally.line(passWord: "passed") + "\n") }
        if let junit { try writeText(junitXML(cases, model: c.modelFile), to: junit, overwrite: args.flag("force")) }
        return worst
    }

    static func junitXML(_ cases: [(file: String, seconds: Double, failure: String?, error: String?)], model: String) -> String {
        func escape(_ s: String) -> String {
            // Scalar by scalar, so a combining mark after `&` cannot hide it in one Character.
            var out = String.UnicodeScalarView()
            for c in s.unicodeScalars {
                switch c {
                case "&": out.append(contentsOf: "&amp;".unicodeScalars)
                case "<": out.append(contentsOf: "&lt;".unicodeScalars)
                case ">": out.append(contentsOf: "&gt;".unicodeScalars)
                case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
                default: out.append(c)
                }
            }
            return String(out)
        }
        let failures = cases.filter { $0.failure != nil }.count, errors = cases.filter { $0.error != nil }.count
        let total = cases.reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(fixed(total, 3))\">\n"
        xml += "  <testsuite name=\"strokescope check \(escape(model))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(fixed(total, 3))\">\n"
        for c in cases {
            xml += "    <testcase classname=\"strokescope.check\" name=\"\(escape(c.file))\" time=\"\(fixed(c.seconds, 3))\""
            if let f = c.failure {
                xml += ">\n      <failure message=\"\(escape(f))\"/>\n    </testcase>\n"
            } else if let e = c.error {
                xml += ">\n      <error message=\"\(escape(e))\"/>\n    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }
}

/// One file of `check`: fit, then the thresholds' verdict. Shared by the batch's worker threads;
/// everything it holds is a value except the progress bar, which only a single-file run gets.
private struct CheckJob: @unchecked Sendable {
    let common: (document: ModelDocument, modelFile: String, settings: InspectSettings, options: FitOptions, thresholds: Thresholds, format: OutputFormat)
    let frameProgress: Progress?

    struct Result: Sendable {
        var file: String
        var seconds: Double
        var verdict: Verdict
        var warnings: [String]
    }

    enum Verdict: Sendable {
        case pass(figures: String)
        case fail(String)
        case error(String, code: Int32)

        var exitCode: Int32 {
            switch self {
            case .pass: CLIError.Code.success
            case .fail: CLIError.Code.thresholdExceeded
            case .error(_, let code): code
            }
        }
        var failureText: String? { if case .fail(let f) = self { f } else { nil } }
        var errorText: String? { if case .error(let m, _) = self { m } else { nil } }
    }

    func check(_ input: BatchInputs.Input) -> Result {
        let start = monotonicSeconds()
        guard case .file(let file) = input else {
            if case .unreadable(let path, let reason) = input {
                return Result(file: path, seconds: 0, verdict: .error("\(path): \(reason)", code: CLIError.Code.unreadableInput), warnings: [])
            }
            return Result(file: input.path, seconds: 0, verdict: .error("\(input.path): cannot open", code: CLIError.Code.unreadableInput), warnings: [])
        }
        var settings = common.settings
        settings.progress = frameProgress
        do {
            let outcome = try settings.fit(file, document: common.document, modelFile: common.modelFile, options: common.options)
            let failures = outcome.verdict(common.thresholds).failures
            let r = outcome.result
            let figures = "max timing error \(r.maxTimingError.map(ms) ?? "-"), max angle error \(r.maxAngleError.map { fixed($0, 2) + "°" } ?? "-"), rate \(fixed(r.rate, 3)), hitch time ratio \(fixed(r.hitchTimeRatio, 1)) ms/s (\(r.hitchBand.rawValue))"
            return Result(file: file, seconds: monotonicSeconds() - start,
                          verdict: failures.isEmpty ? .pass(figures: figures) : .fail(failures.joined(separator: "; ")),
                          warnings: outcome.warnings.map { "\(file): \($0)" })
        } catch {
            return Result(file: file, seconds: monotonicSeconds() - start, verdict: .error(error.message, code: error.exitCode), warnings: [])
        }
    }
}
