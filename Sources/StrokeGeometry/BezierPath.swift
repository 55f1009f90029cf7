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
