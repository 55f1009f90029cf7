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
