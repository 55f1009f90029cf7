#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `value` with `decimals` places as C's `%.*f` writes it: the text `String(format:)` gave,
/// without linking Foundation (which costs the strokescope tool about 9 MB per run).
func cFixed(_ value: Double, _ decimals: Int) -> String {
    var buffer = [CChar](repeating: 0, count: 400)
    let written = withVaList([Int32(decimals), value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
    guard written >= 0 else { return String(value) }
    if Int(written) >= buffer.count {
        buffer = [CChar](repeating: 0, count: Int(written) + 1)
        _ = withVaList([Int32(decimals), value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
