#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a command may touch besides its arguments: its output streams and how they are
/// connected, and the environment.
public struct Console {
    public var out: TextSink
    public var err: TextSink
    /// Whether stdout/stderr are terminals (progress and colour only then).
    public var outIsTerminal: Bool
    public var errIsTerminal: Bool
    public var environment: [String: String]

    public init(out: TextSink, err: TextSink, outIsTerminal: Bool = false, errIsTerminal: Bool = false,
                environment: [String: String] = [:]) {
        self.out = out
        self.err = err
        self.outIsTerminal = outIsTerminal
        self.errIsTerminal = errIsTerminal
        self.environment = environment
    }

    /// The process's own stdout and stderr.
    public static func process(environment: [String: String]) -> Console {
        Console(out: DescriptorSink.standardOutput, err: DescriptorSink.standardError,
                outIsTerminal: isatty(STDOUT_FILENO) == 1, errIsTerminal: isatty(STDERR_FILENO) == 1,
                environment: environment)
    }

    /// One `warning: ...` line on stderr.
    func warn(_ text: String) { err.write(styled("warning:", .yellow, terminal: errIsTerminal) + " \(text)\n") }

    /// One `error: ...` line on stderr.
    func error(_ text: String) { err.write(styled("error:", .red, terminal: errIsTerminal) + " \(text)\n") }

    /// Colours for a few words: only on a terminal, and never when `NO_COLOR` is set to
    /// anything but the empty string (https://no-color.org).
    enum Colour: String {
        case red = "31", green = "32", yellow = "33"
    }

    /// `text` in `colour` when the stream it goes to is a terminal and colour is allowed.
    func styled(_ text: String, _ colour: Colour, terminal: Bool) -> String {
        guard terminal, (environment["NO_COLOR"] ?? "").isEmpty, environment["TERM"] != "dumb" else { return text }
        return "\u{1B}[1;\(colour.rawValue)m" + text + "\u{1B}[0m"
    }
}
