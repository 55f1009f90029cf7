/// A path that lies on one circle: an arc or a circular oval, in path space.
public struct CircularArc: Sendable, Hashable {
    /// Centre of the circle, in points (path space).
    public var center: Point
    /// Radius, in points.
    public var radius: Double
    /// UIKit angle of the path's first point, in radians (0 = 3 o'clock, π/2 = 6 o'clock).
    public var startAngle: Double
    /// Signed sweep actually drawn, in radians: positive clockwise on screen; 0 when nothing is.
    public var sweep: Double
    /// `true` for an oval (a closed subpath), `false` for an arc (an open subpath, even when it
    /// goes all the way round).
    public var isClosed: Bool
    /// The sweep rule that applied, for an arc; `nil` for an oval.
    public var rule: ArcSweepRule?

    /// A circle description from its parts (see the properties for units).
    public init(
        center: Point, radius: Double, startAngle: Double, sweep: Double, isClosed: Bool,
        rule: ArcSweepRule?
    ) {
        self.center = center
        self.radius = radius
        self.startAngle = startAngle
        self.sweep = sweep
        self.isClosed = isClosed
        self.rule = rule
    }

    /// Whether the drawn path goes all the way round, so that a whole stroke shows no ends.
    public var isFullCircle: Bool { isClosed || abs(sweep) >= 2 * Double.pi }

    /// The UIKit angle (radians) of the ideal circle's point a fraction `fraction` of the way along
    /// the drawn sweep (what an exact circle, rather than Bézier quarters, would give).
    public func idealAngle(atFraction fraction: Double) -> Double {
        startAngle + min(max(fraction, 0), 1) * sweep
    }

    /// The ideal circle's point a fraction `fraction` of the way along the drawn sweep, in points.
    public func idealPoint(atFraction fraction: Double) -> Point {
        let angle = idealAngle(atFraction: fraction)
        return Point(center.x + radius * cosine(angle), center.y + radius * sine(angle))
    }
}
