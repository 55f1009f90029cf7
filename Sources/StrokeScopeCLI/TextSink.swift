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
