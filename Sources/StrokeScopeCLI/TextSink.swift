#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command's text goes. Tests collect it in memory; the executable writes to the
/// process's stdout and stderr.
public protocol TextSink: AnyObject {
    func write(_ text: String)
    /// The `errno` of the first write that failed (a full disk, a closed pipe), after which
    /// nothing more is written; nil while every write has gone through.
    var writeFailure: Int32? { get }
}

extension TextSink {
    public var writeFailure: Int32? { nil }
}
