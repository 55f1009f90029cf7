/// A point or a vector in a 2-D space with y growing downwards (UIKit points, or pixels once on
/// screen). Which space a value lives in (path, layer, superlayer) is stated where it is used.
public struct Point: Sendable, Hashable, CustomStringConvertible {
    /// Horizontal coordinate, in points, growing to the right.
    public var x: Double
    /// Vertical coordinate, in points, growing downwards.
    public var y: Double

    /// A point at (`x`, `y`), in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// A point at (`x`, `y`), in points.
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// The origin (0, 0), or the zero vector.
    public static let zero = Point(0, 0)

    /// Euclidean length of the vector from the origin to this point, in points.
    public var length: Double { hypotenuse(x, y) }

    /// Euclidean distance to `other`, in points.
    public func distance(to other: Point) -> Double { (other - self).length }

    /// This vector scaled to length 1, or `nil` for the zero vector (or one too small to scale).
    public var normalized: Point? {
        let l = length
        guard l > 0, l.isFinite else { return nil }
        let unit = Point(x / l, y / l)
        return unit.x.isFinite && unit.y.isFinite ? unit : nil
    }

    /// The point a fraction `t` of the way from `self` to `other` (0 gives `self`, 1 gives `other`).
    public func interpolated(to other: Point, fraction t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }

    /// Dot product with `other`, in points².
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// `(x, y)`, in points.
    public var description: String { "(\(x), \(y))" }

    /// The component-wise sum (a point moved by a vector), in points.
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    /// The component-wise difference (the vector from `b` to `a`), in points.
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    /// The vector scaled by the plain number `s`.
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    /// The vector scaled by the plain number `s`.
    public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }
    /// The opposite vector.
    public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }
}
