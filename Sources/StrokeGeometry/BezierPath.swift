/// One element of a path as UIKit / Core Graphics builds it. Coordinates in points (path space,
/// y down), angles in radians (UIKit convention, see `Arc`).
public enum PathElement: Sendable, Hashable {
    /// Starts a new subpath at a point (`move(to:)`).
    case move(to: Point)
    /// A straight line from the current point (`addLine(to:)`).
    case line(to: Point)
    /// A circular arc (`addArc(withCenter:...)`): a line from the current point to the arc's start
    /// point first (a move if there is no current point), then the arc.
    case arc(Arc)
    /// A quadratic curve from the current point (`addQuadCurve(to:controlPoint:)`).
    case quad(to: Point, control: Point)
    /// A cubic curve from the current point (`addCurve(to:controlPoint1:controlPoint2:)`).
    case curve(to: Point, control1: Point, control2: Point)
    /// An ellipse inscribed in a rectangle as its own closed subpath (`CGPath.addEllipse(in:)`, what
    /// `UIBezierPath(ovalIn:)` holds): starts at 3 o'clock, four clockwise cubic quarters, closed.
    case oval(Rect)
    /// Closes the current subpath with a line back to its first point (`close()`).
    case close
}

/// A path as a list of UIKit path elements (`UIBezierPath` / `CGPath`), in the layer's own
/// coordinate space (points, y down).
public struct BezierPath: Sendable, Hashable {
    /// The elements in the order they were added.
    public var elements: [PathElement]

    /// A path made of `elements`, in order.
    public init(elements: [PathElement]) {
        self.elements = elements
    }

    /// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`: a move to the arc's start
    /// point, then the arc. Radius in points, angles in radians (UIKit convention).
    public static func arc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) -> BezierPath {
        let arc = Arc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        return BezierPath(elements: [.move(to: arc.startPoint), .arc(arc)])
    }

    /// `UIBezierPath(ovalIn: CGRect(x:y:width:height:))` (points): a closed subpath starting at
    /// 3 o'clock (the rectangle's right edge, half-way down) and running clockwise on screen.
    public static func oval(x: Double, y: Double, width: Double, height: Double) -> BezierPath {
        BezierPath(elements: [.oval(Rect(x: x, y: y, width: width, height: height))])
    }

    /// The four clockwise cubic quarters of the ellipse inscribed in `rect`, starting at 3 o'clock.
    static func ovalQuarters(in rect: Rect) -> [CubicBezier] {
        let r = rect.standardized
        let cx = r.midX
        let cy = r.midY
        let rx = r.width / 2
        let ry = r.height / 2
        // Control distance of a 90° cubic arc, relative to the radius: 4/3·tan(π/8).
        let k = 4.0 / 3.0 * tangent(Double.pi / 8)
        let east = Point(cx + rx, cy)
        let south = Point(cx, cy + ry)
        let west = Point(cx - rx, cy)
        let north = Point(cx, cy - ry)
        return [
            CubicBezier(east, Point(cx + rx, cy + k * ry), Point(cx + k * rx, cy + ry), south),
            CubicBezier(south, Point(cx - k * rx, cy + ry), Point(cx - rx, cy + k * ry), west),
            CubicBezier(west, Point(cx - rx, cy - k * ry), Point(cx - k * rx, cy - ry), north),
            CubicBezier(north, Point(cx + k * rx, cy - ry), Point(cx + rx, cy - k * ry), east),
        ]
    }

    /// The path as Core Animation measures and cuts it (lines and cubics grouped in subpaths).
    public func strokePath(arcOptions: ArcOptions = ArcOptions()) -> StrokePath {
        StrokePath(self, arcOptions: arcOptions)
    }

    /// The circle this path draws on, when the path is one arc (optionally preceded by a move to
    /// the arc's start point) or one oval whose width equals its height; `nil` for any other path.
    /// Coordinates in path space.
    public func circularArc(arcOptions: ArcOptions = ArcOptions()) -> CircularArc? {
        var body = elements[...]
        if case .move(let point)? = body.first, body.count == 2, case .arc(let arc) = body.last! {
            let slack = 1e-9 * max(abs(arc.radius), 1)
            guard point.distance(to: arc.startPoint) <= slack else { return nil }
            body = body.dropFirst()
        }
        guard body.count == 1 else { return nil }
        switch body.first! {
        case .arc(let arc):
            let built = arc.construction(options: arcOptions)
            // A negative radius puts every point opposite its angle.
            return CircularArc(
                center: arc.center, radius: abs(arc.radius),
                startAngle: arc.radius < 0 ? arc.startAngle + Double.pi : arc.startAngle,
                sweep: built.sweep, isClosed: false, rule: built.rule)
        case .oval(let rect):
            let r = rect.standardized
            guard abs(r.width - r.height) <= 1e-9 * max(r.width, r.height, 1) else { return nil }
            return CircularArc(
                center: r.center, radius: (r.width + r.height) / 4, startAngle: 0,
                sweep: 2 * Double.pi, isClosed: true, rule: nil)
        default:
            return nil
        }
    }
}

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
