/// The numbers of `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)` and of
/// `addArc(withCenter:...)`, in UIKit conventions: angles in radians with 0 at 3 o'clock and π/2 at
/// 6 o'clock on a y-down screen; `clockwise: true` runs clockwise on screen (increasing angle).
public struct Arc: Sendable, Hashable {
    /// Centre of the circle, in points (path space).
    public var center: Point
    /// Radius, in points.
    public var radius: Double
    /// Angle of the arc's first point, in radians (UIKit: 0 = 3 o'clock, π/2 = 6 o'clock).
    public var startAngle: Double
    /// Angle of the arc's last point, in radians (UIKit convention).
    public var endAngle: Double
    /// `true` to run clockwise on screen (increasing angle), `false` counter-clockwise.
    public var clockwise: Bool

    /// An arc from the numbers given to UIKit (radii in points, angles in radians).
    public init(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        self.center = center
        self.radius = radius
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.clockwise = clockwise
    }

    /// The point of the circle at UIKit angle `angle` (radians): `center + radius·(cos, sin)`.
    public func point(atAngle angle: Double) -> Point {
        Point(center.x + radius * cosine(angle), center.y + radius * sine(angle))
    }

    /// The arc's first point, in points: where `UIBezierPath(arcCenter:...)` moves to.
    public var startPoint: Point { point(atAngle: startAngle) }

    /// The arc as Core Graphics would draw it under `options`: the sweep, the rule that decided
    /// it, and the cubic segments.
    public func construction(options: ArcOptions = ArcOptions()) -> ArcConstruction {
        ArcConstruction(arc: self, options: options)
    }
}
