#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSON

/// Tick positions for a numeric axis: "nice" steps of 1, 2 or 5 times a power of ten, about
/// `target` of them across the range, each labelled with just the decimals the step needs.
public struct AxisTicks: Sendable, Equatable {
    /// The range the axis shows: the data's range widened outwards to whole steps.
    public let range: ClosedRange<Double>
    public let step: Double
    public let values: [Double]
    public let labels: [String]

    public init(covering range: ClosedRange<Double>, target: Int = 6) {
        var low = range.lowerBound, high = range.upperBound
        if !(low.isFinite && high.isFinite) { low = 0; high = 1 }
        if high - low < 1e-12 {
            // A flat series still gets an axis around its value.
            let pad = max(abs(low) * 0.1, 1e-3)
            low -= pad
            high += pad
        }
        let raw = (high - low) / Double(max(target, 1))
        var exponent = Int(log10(raw).rounded(.down))
        let fraction = raw / pow(10, Double(exponent))
        var nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        if nice == 10 { nice = 1; exponent += 1 }
        let step = nice * pow(10, Double(exponent))
        let first = (low / step).rounded(.down) * step
        let last = max((high / step).rounded(.up) * step, first + step)
        self.step = step
        self.range = first...last
        let decimals = max(0, -exponent)
        let count = Int(((last - first) / step).rounded())
        values = (0...count).map { k in
            let v = first + Double(k) * step
            return abs(v) < step * 1e-9 ? 0 : v
        }
        labels = values.map { DecimalText.fixed($0, decimals: decimals) }
    }
}
