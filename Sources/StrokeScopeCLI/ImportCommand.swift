import CLIArguments
import JSON
import SourceImport

/// `strokescope import SOURCE... [-o MODEL.json]`: the model that Objective-C or Swift code builds.
enum ImportCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Write the strokescope-model/1 model that Objective-C or Swift code builds with CAShapeLayer and Core Animation.",
        discussion: "Reads .m, .mm, .h and .swift files (folders are searched) and runs the code symbolically: view controllers' life cycle, layout, delays and timers, then actions nobody calls in the code (buttons, taps) at moments the fit estimates. Values the code does not fix become variables (with a fit range where the fit can estimate them); every assumption is a note on stderr; every statement that draws or animates and cannot be transcribed is a warning naming its file and line, and the model's comment lists what was left out. Every --model option of the other commands accepts the same source files.",
        arguments: [ArgumentSpec("source", help: "Source files or folders.", repeated: true)],
        options: [
            .option("output", short: "o", value: "model.json", help: "Write the model here (refused if it exists, unless --force); without it the model goes to stdout."),
            .option("format", value: "format", help: "json: print the strokescope-import/1 report (model, assumptions, unsupported) on stdout.", choices: ["model", "json"], default: "model"),
            .option("name", value: "name", help: "The model's name.", default: "the folder's or file's name"),
            .option("action", value: "method", help: "An action the recording shows (a button's or a tap's method), in order; repeat it for each (the same twice is two taps). Default: every action the code has, once.", repeatable: true),
            .option("assume", value: "name=value", help: "A value the code leaves to run time, by the name or dotted path the code uses (indexPath.row=2, isIndeterminate=true): which row a demo's user tapped, a switch's state.", repeatable: true),
            SharedOptions.quiet, SharedOptions.force,
        ],
        examples: [
            CommandExample(["Spinner.m", "-o", "spinner.json"], "One file."),
            CommandExample(["Sources/ProgressRing", "Demo/ViewController.swift", "-o", "ring.json"], "A library's folder and the demo that sets its parameters."),
            CommandExample(["Spinner.swift", "--format", "json"], "The model with the assumptions and what was left out, as JSON."),
            CommandExample(["ProgressHUD.swift", "ViewController.swift", "--assume", "indexPath.section=4", "--assume", "indexPath.row=0"], "A demo table: the row the recording shows being tapped."),
        ])

    static func run(_ args: ParsedArguments, _ console: Console) throws(CLIError) -> Int32 {
        let sources = args.positionals("source")
        let format = args.value("format") ?? "model"
        guard format == "model" || format == "json" else {
            throw CLIError.usage(.inCommand("strokescope import", .invalidValue(format, for: "--format <format>", expected: "one of 'model' or 'json'")))
        }
        let output = args.value("output")
        if let output { try OutputPaths.checkFile(output, force: args.flag("force")) }
        let imported = try load(sources, name: args.value("name"), assumptions: try assumptions(args), actions: args.values("action"))
        if !args.flag("quiet") { report(imported, console) }
        let model = imported.json.serialized() + "\n"
        if let output {
            try writeText(model, to: output, overwrite: args.flag("force"))
            if format == "json" { console.out.write(imported.report.serialized() + "\n") }
            if !args.flag("quiet") { console.err.write("wrote \(output)\n") }
        } else {
            console.out.write(format == "json" ? imported.report.serialized() + "\n" : model)
        }
        return CLIError.Code.success
    }

    /// `--assume name=value`, repeated.
    static func assumptions(_ args: ParsedArguments) throws(CLIError) -> [String: AssumedValue] {
        var table: [String: AssumedValue] = [:]
        for text in args.values("assume") {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw CLIError("The value '\(text)' is invalid for '--assume <name=value>'. Please provide a name, '=' and a value, such as 'indexPath.row=2'.", exitCode: CLIError.Code.usage)
            }
            table[parts[0].trimmingCharacters()] = AssumedValue(text: parts[1].trimmingCharacters())
        }
        return table
    }

    static func load(_ sources: [String], name: String? = nil, assumptions: [String: AssumedValue] = [:], actions: [String] = []) throws(CLIError) -> ImportedModel {
        do {
            return try SourceImporter.load(paths: sources, name: name, options: ImportOptions(assumptions: assumptions, actions: actions))
        } catch {
            throw CLIError(error.description, exitCode: error.exitCode)
        }
    }

    /// `note:` and `warning: FILE:LINE: …` lines on stderr.
    static func report(_ imported: ImportedModel, _ console: Console) {
        for n in imported.assumptions { console.err.write("note: \(n)\n") }
        for u in imported.unsupported { console.warn("\(u.file):\(u.line): \(u.code): \(u.why)") }
    }
}

private extension String {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
