import CLIArguments
import JSON
import Reports

/// `info`, `inspect` and `fit` over several files: each file runs as the command would run on
/// it alone, on `--jobs` threads; the outputs are joined in input order into one document of the
/// chosen format (JSON: an array; CSV: one table with a `file` column; text: one report after
/// another), problems are reported per file without stopping the others, and a summary line
/// ends the run on stderr.
enum BatchRun {
    /// What one file's run produced.
    struct FileOutcome: Sendable {
        var file: String
        var code: Int32
        var out: String
        var err: String
    }

    typealias Command = @Sendable (ParsedArguments, Console) throws(CLIError) -> Int32

    static func run(_ args: ParsedArguments, _ console: Console, command: @escaping Command) throws(CLIError) -> Int32 {
        let format: OutputFormat
        let workers: Int
        do {
            format = try SharedOptions.outputFormat(args)
            workers = try BatchInputs.jobCount(args)
        } catch { throw CLIError.usage(error) }
        for name in ["svg", "html", "overlay"] where args.command.option(named: name) != nil && args.value(name) != nil {
            throw CLIError("--\(name) writes one file: give one input GIF (several were given)", exitCode: CLIError.Code.usage)
        }
        let (inputs, walkWarnings) = BatchInputs.expand(args.positionals("file.gif"), recursive: args.flag("recursive"))
        if !args.flag("quiet") { for w in walkWarnings { console.warn(w) } }
        let environment = console.environment
        let progress = Progress(console: console, quiet: args.flag("quiet"))
        progress.start(label: args.command.name, total: inputs.count, unit: "files")
        var writer = BatchWriter(format: format, out: console.out)
        var tally = BatchTally()
        var worst: Int32 = CLIError.Code.success
        let nested = BatchInputs.allowsNestedThreads(workers: workers, files: inputs.count)
        BatchPool.run(count: inputs.count, workers: workers, job: { i in
            RunBudget.$parallel.withValue(nested) { run(inputs[i], args: args, environment: environment, command: command) }
        }) { i, outcome in
            writer.add(outcome)
            if !outcome.err.isEmpty { console.err.write(outcome.err) }
            tally.add(outcome.code)
            if outcome.code != CLIError.Code.success && (worst == CLIError.Code.success || worst == CLIError.Code.thresholdExceeded) {
                worst = outcome.code
            }
            progress.update(i + 1)
        }
        progress.finish()
        writer.finish()
        console.err.write(tally.line(passWord: args.command.name == "fit" ? "passed" : "ok") + "\n")
        return worst
    }

    /// One file, as if it were the only one (its own console, never a terminal).
    private static func run(_ input: BatchInputs.Input, args: ParsedArguments, environment: [String: String], command: Command) -> FileOutcome {
        guard case .file(let file) = input else {
            guard case .unreadable(let path, let reason) = input else { return FileOutcome(file: input.path, code: 66, out: "", err: "") }
            return FileOutcome(file: path, code: CLIError.Code.unreadableInput, out: "", err: "error: \(path): \(reason)\n")
        }
        let out = BufferSink(), err = BufferSink()
        let console = Console(out: out, err: err, environment: environment)
        let code: Int32
        do {
            code = try command(args.replacingPositionals("file.gif", with: [file]), console)
        } catch {
            console.error(error.message)
            code = error.exitCode
        }
        return FileOutcome(file: file, code: code, out: out.text, err: err.text)
    }
}

/// Counts of a batch's outcomes, for its summary line: `38 passed, 2 failed, 1 unreadable`.
struct BatchTally {
    private(set) var succeeded = 0, failed = 0, unreadable = 0, malformed = 0, other = 0

    mutating func add(_ code: Int32) {
        switch code {
        case CLIError.Code.success: succeeded += 1
        case CLIError.Code.thresholdExceeded: failed += 1
        case CLIError.Code.unreadableInput: unreadable += 1
        case CLIError.Code.malformedInput: malformed += 1
        default: other += 1
        }
    }

    func line(passWord: String) -> String {
        var parts = ["\(succeeded) \(passWord)", "\(failed) failed", "\(unreadable) unreadable"]
        if malformed > 0 { parts.append("\(malformed) malformed") }
        if other > 0 { parts.append("\(other) other errors") }
        return parts.joined(separator: ", ")
    }
}

/// Joins the per-file outputs into one document of the batch's format.
struct BatchWriter {
    let format: OutputFormat
    let out: TextSink
    private var count = 0
    private var wroteCSVHeader = false

    init(format: OutputFormat, out: TextSink) {
        self.format = format
        self.out = out
    }

    mutating func add(_ outcome: BatchRun.FileOutcome) {
        defer { count += 1 }
        switch format {
        case .json:
            // Each file's own document, or its error, as one element of an array.
            var element = outcome.out.trimmingTrailingNewlines
            if element.isEmpty {
                var message = outcome.err.split(separator: "\n").first { $0.hasPrefix("error: ") }.map { String($0.dropFirst(7)) } ?? "failed"
                if message.hasPrefix(outcome.file + ": ") { message = String(message.dropFirst(outcome.file.count + 2)) }
                element = JSONValue.object(JSONObject([("file", .string(outcome.file)), ("error", .string(message)),
                                                       ("exitCode", .int(Int(outcome.code)))])).serialized()
            }
            out.write((count == 0 ? "[\n" : ",\n") + element)
        case .csv:
            // One table: the first file's header with a `file` column in front, every row after.
            guard !outcome.out.isEmpty else { return }
            let records = CSVRecords.split(outcome.out)
            guard let header = records.first else { return }
            if !wroteCSVHeader {
                out.write("file," + header + "\n")
                wroteCSVHeader = true
            }
            let field = CSVRecords.field(outcome.file)
            for record in records.dropFirst() { out.write(field + "," + record + "\n") }
        default:
            guard !outcome.out.isEmpty else { return }
            out.write((count == 0 ? "" : "\n") + outcome.out)
        }
    }

    func finish() {
        if format == .json { out.write(count == 0 ? "[]\n" : "\n]\n") }
    }
}

/// Just enough CSV to re-join tables: records split at line ends outside quotes.
enum CSVRecords {
    static func split(_ text: String) -> [String] {
        var records: [String] = []
        var current = ""
        var quoted = false
        for c in text {
            if c == "\"" { quoted.toggle() }
            if (c == "\n" || c == "\r\n") && !quoted {
                records.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { records.append(current) }
        return records
    }

    /// A field quoted when it needs to be (RFC 4180).
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var s = self
        while s.last == "\n" { s.removeLast() }
        return s
    }
}
