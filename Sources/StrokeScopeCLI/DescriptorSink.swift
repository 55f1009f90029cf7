#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutputFiles
import Synchronization

/// Writes to a file descriptor (stdout or stderr), unbuffered: commands hand over whole
/// tables and lines, so there is nothing to gain from a buffer and nothing to flush on exit.
///
/// Every write is checked: the first failure (`ENOSPC` on `/dev/full`, `EPIPE` after `| head`
/// has exited; SIGPIPE is ignored by the executable) is kept as `writeFailure` and later writes
/// are dropped, so `StrokeScope.run` can end the command with exit 74 instead of reporting
/// success for output that was lost.
public final class DescriptorSink: TextSink, Sendable {
    private let descriptor: Int32
    /// 0 while every write has succeeded, else the first failure's errno (a batch's workers
    /// print from several threads).
    private let failure = Atomic<Int32>(0)

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public var writeFailure: Int32? {
        let code = failure.load(ordering: .acquiring)
        return code == 0 ? nil : code
    }

    public func write(_ text: String) {
        guard writeFailure == nil else { return }
        var text = text
        let code = text.withUTF8 { writeFully(descriptor, UnsafeRawBufferPointer($0)) }
        if code != 0 { _ = failure.compareExchange(expected: 0, desired: code, ordering: .acquiringAndReleasing) }
    }

    public static var standardOutput: DescriptorSink { DescriptorSink(descriptor: STDOUT_FILENO) }
    public static var standardError: DescriptorSink { DescriptorSink(descriptor: STDERR_FILENO) }
}
