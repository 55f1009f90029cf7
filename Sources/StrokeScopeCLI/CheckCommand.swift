import CLIArguments
import Fitting
import Foundation
import JSON

/// `strokescope check FILE.gif... --model MODEL.json`: fit as a pass/fail gate for CI.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Fit the model to each GIF and pass or fail it against thresholds, for CI.",
        discussion: "Prints one line per file: PASS, or FAIL and the figure that failed. Defaults: timing error at most 20 ms, angle error at most 2°, rate within 2 % of 1 (--any-rate for recordings whose delays are known to be wrong). Exit 0 when every file passed, 1 when one failed a threshold, the input error code (65, 66) when a file could not be read.",
        arguments: [ArgumentSpec("file.gif", help: "The recordings to check.", repeated: true)],
        options: [
            .option("model", value: "file", help: "The animation model (this or --reference is required)."),
            .option("reference", value: "approved.gif", help: "Infer the model from this approved GIF (as `infer` does) and check against it; not with --model."),
            .option("rate", value: "r", help: "Pin the rate (model seconds per GIF second)."),
            .option("set", value: "name=value", help: "Hold a model variable at this value instead of fitting it.", repeatable: true),
            .option("flag-timing", value: "duration", help: "Flag frames late or early beyond this.", default: "3/4 of a frame interval"),
            .option("junit", value: "file.xml", help: "Also write the results as JUnit XML for CI systems."),
        ] + Thresholds.options + PlacementOptions.all + [
            SharedOptions.delayPolicy, SharedOptions.fps, SharedOptions.maxPixels, SharedOptions.maxFrames, SharedOptions.maxTotalPixels, SharedOptions.lenient, SharedOptions.maxModelBytes, SharedOptions.quiet, SharedOptions.force,
            // Accepted for symmetry with the other commands; check prints its own one-line format.
            .option("format", value: "format", help: "Ignored by check (one line per file).", hidden: true),
        ],
        examples: [
            CommandExample(["out/*.gif", "--model", "spinner.json", "--rate", "1", "--junit", "check.xml"], "Gate a renderer's output in CI."),
            CommandExample(["new.gif", "--reference", "approved.gif"], "A regression check without a hand-written model."),
            CommandExample(["recording.gif", "--model", "spinner.json", "--any-rate", "--max-timing-error", "40ms"], "A screen recording with untrustworthy delays."),
        ])

    static func run(_ args: ParsedArguments, _ console: Console) throws(CLIError) -> Int32 {
        let files = args.positionals("file.gif")
        var c = try FitCommand.parseCommon(args, command: "check", defaults: true)
        c.settings.progress = Progress(console: console, quiet: args.flag("quiet"))
        let junit = args.value("junit")
        if let junit { try OutputPaths.checkFile(junit, force: args.flag("force")) }
        var worst: Int32 = CLIError.Code.success
        var cases: [(file: String, seconds: Double, failure: String?, error: String?)] = []
        for file in files {
            let start = Date()
            do {
                let outcome = try FitRun.run(file: file, document: c.document, modelFile: c.modelFile, settings: c.settings, options: c.options)
                if !args.flag("quiet") { for w in outcome.warnings { console.warn("\(file): \(w)") } }
                let failures = c.thresholds.failures(outcome.result)
                let r = outcome.result
                let figures = "max timing error \(r.maxTimingError.map(ms) ?? "-"), max angle error \(r.maxAngleError.map { fixed($0, 2) + "°" } ?? "-"), rate \(fixed(r.rate, 3))"
                if failures.isEmpty {
                    console.out.write(console.styled("PASS", .green, terminal: console.outIsTerminal) + " \(file) (\(figures))\n")
                } else {
                    console.out.write(console.styled("FAIL", .red, terminal: console.outIsTerminal) + " \(file): \(failures.joined(separator: "; "))\n")
                    if worst == CLIError.Code.success { worst = CLIError.Code.thresholdExceeded }
                }
                cases.append((file, Date().timeIntervalSince(start), failures.isEmpty ? nil : failures.joined(separator: "; "), nil))
            } catch {
                console.error(error.message)
                console.out.write(console.styled("ERROR", .red, terminal: console.outIsTerminal) + " \(file): \(error.message)\n")
                if worst == CLIError.Code.success || worst == CLIError.Code.thresholdExceeded { worst = error.exitCode }
                cases.append((file, Date().timeIntervalSince(start), nil, error.message))
            }
        }
        if let junit { try writeText(junitXML(cases, model: c.modelFile), to: junit, overwrite: args.flag("force")) }
        return worst
    }

    static func junitXML(_ cases: [(file: String, seconds: Double, failure: String?, error: String?)], model: String) -> String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
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
