import CLIArguments
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `strokescope` command line, callable in-process: arguments in; text and an exit code out.
public enum StrokeScope {
    /// The tool's version, printed by `--version`.
    public static let version = "0.1.0"

    static let tool = ToolSpec(
        name: "strokescope",
        version: version,
        abstract: "Measure stroke animations (spinners, progress rings, check marks) in animated GIFs, frame by frame.",
        discussion: "Exit codes: 0 success, 1 a check failed, 64 wrong command line (or an output exists without --force), 65 malformed input, 66 unreadable input, 70 internal error, 73 an output cannot be created, 74 an output could not be written completely (a full disk, a closed pipe).",
        commands: [InfoCommand.spec, FramesCommand.spec, ModelCommand.spec, RenderCommand.spec, InspectCommand.spec, FitCommand.spec, CheckCommand.spec, InferCommand.spec, ImportCommand.spec])

    /// Runs one command line (without the program name) and returns the exit code.
    ///
    /// Output that did not reach stdout is never reported as success: a failed write ends the
    /// run with exit 74 and `error: stdout: cannot write: REASON`, except a closed pipe (the
    /// reader, say `head`, has all it wanted), which ends it with exit 74 and no message.
    public static func run(arguments: [String], console: Console) -> Int32 {
        let code = runCommand(arguments: arguments, console: console)
        guard let failure = console.out.writeFailure, code == CLIError.Code.success || code == CLIError.Code.thresholdExceeded else {
            return code
        }
        if failure != EPIPE { console.error("stdout: cannot write: \(String(cString: strerror(failure)))") }
        return CLIError.Code.outputIncomplete
    }

    private static func runCommand(arguments: [String], console: Console) -> Int32 {
        do throws(CLIError) {
            switch try parse(arguments) {
            case .showHelp(let text), .showVersion(let text):
                console.out.write(text + "\n")
                return CLIError.Code.success
            case .run(let args):
                switch args.command.name {
                case InfoCommand.spec.name: return try batchOrOne(args, console, InfoCommand.run)
                case FramesCommand.spec.name: return try FramesCommand.run(args, console)
                case ModelCommand.spec.name: return try ModelCommand.run(args, console)
                case ImportCommand.spec.name: return try ImportCommand.run(args, console)
                case RenderCommand.spec.name: return try RenderCommand.run(args, console)
                case InspectCommand.spec.name: return try batchOrOne(args, console, InspectCommand.run)
                case FitCommand.spec.name: return try batchOrOne(args, console, FitCommand.run)
                case CheckCommand.spec.name: return try CheckCommand.run(args, console)
                case InferCommand.spec.name: return try InferCommand.run(args, console)
                default:
                    throw CLIError("no handler for command '\(args.command.name)'", exitCode: CLIError.Code.internalError)
                }
            }
        } catch {
            console.error(error.message)
            if let hint = error.hint { console.err.write(hint + "\n") }
            return error.exitCode
        }
    }

    /// Several files or a folder run as a batch; one file runs as itself.
    private static func batchOrOne(_ args: ParsedArguments, _ console: Console, _ command: @escaping BatchRun.Command) throws(CLIError) -> Int32 {
        if BatchInputs.isBatch(args.positionals("file.gif")) { return try BatchRun.run(args, console, command: command) }
        let workers: Int
        do { workers = try BatchInputs.jobCount(args) } catch { throw CLIError.usage(error) }
        return try RunBudget.with(parallel: BatchInputs.allowsNestedThreads(workers: workers, files: 1)) { () throws(CLIError) in
            try command(args, console)
        }
    }

        private static func parse(_ arguments: [String]) throws(CLIError) -> Invocation {
        do { return try tool.parse(arguments) } catch { throw CLIError.usage(error) }
    }
}
