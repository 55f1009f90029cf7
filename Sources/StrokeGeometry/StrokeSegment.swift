/// One drawing element of a flattened path: a straight line or a cubic Bézier. Points in the
/// path's own coordinate space (points, y down).
public enum StrokeSegment: Sendable, Hashable {
    /// A straight line from `from` to `to`.
    case line(from: Point, to: Point)
    /// A cubic Bézier curve.
    case cubic(CubicBezier)

    /// Where the segment starts.
    public var startPoint: Point {
        switch self {
        case .line(let from, _): return from
        case .cubic(let c): return c.p0
        }
    }

    /// Where the segment ends.
    public var endPoint: Point {
        switch self {
        case .line(_, let to): return to
        case .cubic(let c): return c.p3
        }
    }

    /// Length in points: Euclidean for a line, `CubicBezier.length` for a curve.
    public var length: Double {
        switch self {
        case .line(let from, let to): return from.distance(to: to)
        case .cubic(let c): return c.length
        }
    }

    /// The point at parameter `u` in [0, 1] (linear interpolation for a line, the Bézier
    /// parameter for a curve).
    public func point(at u: Double) -> Point {
        switch self {
        case .line(let from, let to): return from.interpolated(to: to, fraction: u)
        case .cubic(let c): return c.point(at: u)
        }
    }

    /// The unit direction of travel at parameter `u`; `nil` for a segment collapsed to a point.
    public func unitTangent(at u: Double) -> Point? {
        switch self {
        case .line(let from, let to): return (to - from).normalized
        case .cubic(let c): return c.unitTangent(at: u)
        }
    }

    /// The part between parameters `u0` ≤ `u1`.
    public func portion(from u0: Double, to u1: Double) -> StrokeSegment {
        switch self {
        case .line(let from, let to):
            return .line(
                from: u0 <= 0 ? from : from.interpolated(to: to, fraction: u0),
                to: u1 >= 1 ? to : from.interpolated(to: to, fraction: u1))
        case .cubic(let c):
            return .cubic(c.portion(from: u0, to: u1))
        }
    }

    /// The segment mapped by an affine transform.
    public func applying(_ transform: AffineTransform) -> StrokeSegment {
        switch self {
        case .line(let from, let to):
            return .line(from: transform.apply(to: from), to: transform.apply(to: to))
        case .cubic(let c):
            return .cubic(c.applying(transform))
        }
    }

    /// The parameter at which the true arc length from the segment's start is `distance` points.
    func parameter(atLength distance: Double, totalLength: Double) -> Double {
        switch self {
        case .line:
            guard totalLength > 0 else { return 0 }
            return min(max(distance / totalLength, 0), 1)
        case .cubic(let c):
            return c.parameter(atLength: distance, totalLength: totalLength)
        }
    }
}
