#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ring's layer in points, as the emitters write it: a square frame centred on the ring, the
/// path's centre in the middle of it (so a rotation pivots about the ring's centre).
struct LayerLayout: Sendable, Equatable {
    var frameX: Double, frameY: Double, side: Double
    var radius: Double, lineWidth: Double
    /// UIKit radians (0 = 3 o'clock, clockwise positive) as an expression and its value.
    var startAngle: String, endAngle: String
    /// The path's start in UIKit degrees (0 = 3 o'clock).
    var startDegrees: Double

    init(_ model: InferredAnimation) {
        let s = model.scale > 0 ? model.scale : 1
        let a = model.appearance
        func half(_ v: Double) -> Double { (v * 2).rounded() / 2 }
        radius = max(half(a.radius / s), 0.5)
        lineWidth = max(half(a.lineWidth / s), 0.5)
        let h = (radius + lineWidth).rounded(.up)
        side = 2 * h
        frameX = half(a.centerX / s) - h
        frameY = half(a.centerY / s) - h
        let degrees = model.pathStartAngle - 90
        startDegrees = degrees
        startAngle = Self.radians(degrees)
        endAngle = Self.fullTurn(after: degrees)
    }

    /// The end of a path one whole turn after `degrees`, as an expression. A start that is no
    /// multiple of 22.5° is written as a rounded number, and its end as that number plus `2*pi`,
    /// never rounded on its own: two rounded ends can lie a hair over a turn apart, which makes
    /// the arc a sliver instead of the whole ring.
    static func fullTurn(after degrees: Double) -> String {
        let eighths = degrees / 22.5
        guard abs(eighths - eighths.rounded()) < 1e-6 else { return radians(degrees) + " + 2*pi" }
        return radians(degrees + 360)
    }

    /// `degrees` as radians in the model format's expression syntax (`-pi/2`, `3*pi/2`) when it
    /// is a multiple of 22.5°, else as a number.
    static func radians(_ degrees: Double) -> String {
        let eighths = degrees / 22.5
        guard abs(eighths - eighths.rounded()) < 1e-6 else { return number(degrees * .pi / 180, 6) }
        var n = Int(eighths.rounded()), d = 8
        if n == 0 { return "0" }
        while n % 2 == 0 && d > 1 { n /= 2; d /= 2 }
        let sign = n < 0 ? "-" : ""
        let m = abs(n)
        let numerator = m == 1 ? "pi" : "\(m)*pi"
        return sign + (d == 1 ? numerator : "\(numerator)/\(d)")
    }
}

/// Shortest text of `value` to at most `decimals` places (1.5, 0.25, 2).
func number(_ value: Double, _ decimals: Int) -> String {
    let p = pow(10, Double(decimals))
    var v = (value * p).rounded() / p
    if v == 0 { v = 0 }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    var text = cFixed(v, decimals)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
