#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects text in memory.
public final class BufferSink: TextSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) { self.text += text }
}
