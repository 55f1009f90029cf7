#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
