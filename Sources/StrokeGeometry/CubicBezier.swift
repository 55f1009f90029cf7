/// A cubic Bézier curve: `B(u) = (1−u)³·p0 + 3(1−u)²u·p1 + 3(1−u)u²·p2 + u³·p3`, `u` in [0, 1].
/// Coordinates in points.
public struct CubicBezier: Sendable, Hashable {
    /// Start point (u = 0).
    public var p0: Point
    /// First control point.
    public var p1: Point
    /// Second control point.
    public var p2: Point
    /// End point (u = 1).
    public var p3: Point

    /// The curve from `p0` to `p3` with controls `p1` and `p2` (points).
    public init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    /// The quadratic curve from `start` through control `control` to `end`, raised to the exactly
    /// equal cubic (degree elevation, as Core Graphics and Core Animation do).
    public init(quadFrom start: Point, control: Point, to end: Point) {
        self.init(
            start,
            start + (control - start) * (2.0 / 3.0),
            end + (control - end) * (2.0 / 3.0),
            end)
    }

    /// The point at parameter `u` (de Casteljau), in points.
    public func point(at u: Double) -> Point {
        let q0 = p0.interpolated(to: p1, fraction: u)
        let q1 = p1.interpolated(to: p2, fraction: u)
        let q2 = p2.interpolated(to: p3, fraction: u)
        let r0 = q0.interpolated(to: q1, fraction: u)
        let r1 = q1.interpolated(to: q2, fraction: u)
        return r0.interpolated(to: r1, fraction: u)
    }

    /// The derivative `dB/du` at parameter `u`, in points per unit of `u`.
    public func derivative(at u: Double) -> Point {
        let v = 1 - u
        let d0 = p1 - p0
        let d1 = p2 - p1
        let d2 = p3 - p2
        return 3 * (v * v * d0 + 2 * v * u * d1 + u * u * d2)
    }

    /// The unit direction of travel at parameter `u`. Where the derivative vanishes (a control point
    /// on an end point, a cusp) the direction is taken from the control polygon instead, so a curve
    /// that is not a single point always has a tangent; `nil` for a curve collapsed to a point.
    public func unitTangent(at u: Double) -> Point? {
        if let t = derivative(at: u).normalized { return t }
        // Limits of the direction at the ends of a degenerate curve.
        let candidates: [Point] = u < 0.5
            ? [p1 - p0, p2 - p0, p3 - p0]
            : [p3 - p2, p3 - p1, p3 - p0]
        for candidate in candidates {
            if let t = candidate.normalized { return t }
        }
        // An interior cusp: nudge the parameter a little.
        let nudged = u < 0.5 ? u + 1e-7 : u - 1e-7
        return derivative(at: nudged).normalized
    }

    /// The two halves of the curve split at parameter `u` (de Casteljau): `[0, u]` and `[u, 1]`.
    public func split(at u: Double) -> (CubicBezier, CubicBezier) {
        let q0 = p0.interpolated(to: p1, fraction: u)
        let q1 = p1.interpolated(to: p2, fraction: u)
        let q2 = p2.interpolated(to: p3, fraction: u)
        let r0 = q0.interpolated(to: q1, fraction: u)
        let r1 = q1.interpolated(to: q2, fraction: u)
        let s = r0.interpolated(to: r1, fraction: u)
        return (CubicBezier(p0, q0, r0, s), CubicBezier(s, r1, q2, p3))
    }

    /// The part of the curve between parameters `u0` ≤ `u1`, reparameterised to [0, 1].
    public func portion(from u0: Double, to u1: Double) -> CubicBezier {
        if u0 <= 0 && u1 >= 1 { return self }
        if u0 <= 0 { return split(at: u1).0 }
        let right = split(at: u0).1
        if u1 >= 1 { return right }
        // Where u1 falls inside the right-hand piece.
        return right.split(at: (u1 - u0) / (1 - u0)).0
    }

    /// This curve mapped by an affine transform (control points map with it).
    public func applying(_ transform: AffineTransform) -> CubicBezier {
        CubicBezier(
            transform.apply(to: p0), transform.apply(to: p1),
            transform.apply(to: p2), transform.apply(to: p3))
    }

    /// Arc length, in points, measured the way Core Animation measures path elements: the curve is
    /// halved (de Casteljau) until, on each piece, the chord and the control-polygon lengths agree,
    /// at most 29 levels deep. Each accepted (nearly straight) piece is then integrated with
    /// 8-point Gauss–Legendre quadrature of the speed, which keeps the result within about 1e-13 of
    /// the true length, relative (estimates from the chord and polygon alone are off by ~1e-8).
    public var length: Double {
        let polygon = p0.distance(to: p1) + p1.distance(to: p2) + p2.distance(to: p3)
        // Infinite or NaN coordinates have no meaningful length (and must not be subdivided).
        guard polygon.isFinite else { return polygon.isNaN ? .nan : .infinity }
        guard polygon > 0 else { return 0 }
        return CubicBezier.measure(self, depth: 0, floor: polygon * 1e-14)
    }

    /// Arc length from parameter 0 to `u`, in points (the measure of `length` on the first piece).
    public func length(upTo u: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= 1 { return length }
        return split(at: u).0.length
    }

    /// The deepest subdivision level, as in Core Animation's length measure.
    static let maximumDepth = 29
    /// Relative disagreement between control polygon and chord below which a piece is accepted.
    static let agreement = 1e-3

    private static func measure(_ curve: CubicBezier, depth: Int, floor: Double) -> Double {
        let chord = curve.p0.distance(to: curve.p3)
        let polygon = curve.p0.distance(to: curve.p1) + curve.p1.distance(to: curve.p2)
            + curve.p2.distance(to: curve.p3)
        let gap = polygon - chord
        if !(gap > agreement * polygon) || gap <= floor || depth >= maximumDepth {
            return curve.integratedLength
        }
        let (left, right) = curve.split(at: 0.5)
        return measure(left, depth: depth + 1, floor: floor)
            + measure(right, depth: depth + 1, floor: floor)
    }

    /// ∫₀¹ |B′(u)| du by 8-point Gauss–Legendre quadrature (exact for polynomials of degree 15;
    /// the speed of a nearly straight piece is smooth enough for that to be all but exact).
    var integratedLength: Double {
        var sum = 0.0
        for (node, weight) in gaussLegendre8 {
            sum += weight * (derivative(at: 0.5 + 0.5 * node).length + derivative(at: 0.5 - 0.5 * node).length)
        }
        return 0.5 * sum
    }

    /// The parameter `u` at which the arc length from the start equals `distance` (points),
    /// found by Newton steps safeguarded with bisection; clamped to [0, 1].
    func parameter(atLength distance: Double, totalLength: Double) -> Double {
        if distance <= 0 || totalLength <= 0 { return 0 }
        if distance >= totalLength { return 1 }
        var low = 0.0
        var high = 1.0
        var u = distance / totalLength
        let tolerance = totalLength * 1e-13
        for _ in 0..<100 {
            let error = length(upTo: u) - distance
            if abs(error) <= tolerance { return u }
            if error > 0 { high = u } else { low = u }
            let speed = derivative(at: u).length
            var next = speed > 0 ? u - error / speed : .nan
            if !(next > low && next < high) { next = (low + high) / 2 }
            if high - low <= 1e-16 { return next }
            u = next
        }
        return u
    }
}
