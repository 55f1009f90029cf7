#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command's text goes. Tests collect it in memory; the executable writes to the
/// process's stdout and stderr.
public protocol TextSink: AnyObject {
    func write(_ text: String)
}

/// Writes to a file descriptor (stdout or stderr), unbuffered: commands hand over whole
/// tables and lines, so there is nothing to gain from a buffer and nothing to flush on exit.
public final class DescriptorSink: TextSink {
    private let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    return  // A closed pipe (e.g. `| head`) ends output quietly.
                }
                offset += n
            }
        }
    }

    public static var standardOutput: DescriptorSink { DescriptorSink(descriptor: STDOUT_FILENO) }
    public static var standardError: DescriptorSink { DescriptorSink(descriptor: STDERR_FILENO) }
}

/// Collects text in memory.
public final class BufferSink: TextSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) { self.text += text }
}

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

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
