/// A `CAMediaTimingFunction`: a cubic Bézier from (0, 0) to (1, 1) with two control points,
/// solved for y at a given x exactly as Core Animation does (CA-TIMING.md §4.2): up to 8 Newton
/// steps, then bisection, with tolerance 1e-5 on x. Control points and the input and output are
/// rounded through `Float`, as Core Animation stores and passes them.
public struct TimingFunction: Sendable, Equatable {
    public let c1x: Double, c1y: Double, c2x: Double, c2y: Double
    // Polynomial coefficients, precomputed once.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// Control points as given; they are stored as `Float` like `init(controlPoints:)` does.
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = Double(Float(c1x))
        self.c1y = Double(Float(c1y))
        self.c2x = Double(Float(c2x))
        self.c2y = Double(Float(c2y))
        cx = 3 * self.c1x
        bx = 3 * (self.c2x - self.c1x) - cx
        ax = 1 - cx - bx
        cy = 3 * self.c1y
        by = 3 * (self.c2y - self.c1y) - cy
        ay = 1 - cy - by
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// `CAMediaTimingFunctionName.default`, the same curve as CSS `ease`.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// Core Animation's solver tolerance on x.
    public static let epsilon = 1e-5

    @inline(__always) private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve's y for input progress `x`.
    public func solve(_ x: Double) -> Double {
        let x = Double(Float(x))
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < Self.epsilon { return Double(Float(sampleY(t))) }
            let d = slopeX(t)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        if x < 0 {
            t = 0
        } else if x > 1 {
            t = 1
        } else {
            var lo = 0.0, hi = 1.0
            t = x
            for _ in 0..<1025 {
                let error = sampleX(t) - x
                if abs(error) < Self.epsilon { break }
                if error >= 0 { hi = t } else { lo = t }
                t = lo + (hi - lo) / 2
            }
        }
        return Double(Float(sampleY(t)))
    }
}

/// A timing function or none; `nil` pacing is the exact identity (not the same as `.linear`,
/// which goes through the solver).
@inline(__always)
func applyTiming(_ function: TimingFunction?, _ x: Double) -> Double {
    guard let function else { return x }
    return function.solve(x)
}
