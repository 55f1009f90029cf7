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

/// An axis-aligned rectangle, as a `CGRect`: origin and size in points, y down.
public struct Rect: Sendable, Hashable {
    /// Left edge when `width` ≥ 0, in points.
    public var x: Double
    /// Top edge when `height` ≥ 0, in points.
    public var y: Double
    /// Width in points (may be negative, as in a `CGRect`; see `standardized`).
    public var width: Double
    /// Height in points (may be negative, as in a `CGRect`; see `standardized`).
    public var height: Double

    /// A rectangle with origin (`x`, `y`) and size `width` × `height`, all in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The same rectangle with a non-negative width and height (as `CGRect.standardized`).
    public var standardized: Rect {
        Rect(
            x: width < 0 ? x + width : x, y: height < 0 ? y + height : y,
            width: abs(width), height: abs(height))
    }

    /// Smallest x, in points.
    public var minX: Double { standardized.x }
    /// Largest x, in points.
    public var maxX: Double { standardized.x + abs(width) }
    /// Smallest y (top), in points.
    public var minY: Double { standardized.y }
    /// Largest y (bottom), in points.
    public var maxY: Double { standardized.y + abs(height) }
    /// Horizontal centre, in points.
    public var midX: Double { x + width / 2 }
    /// Vertical centre, in points.
    public var midY: Double { y + height / 2 }
    /// The centre, in points.
    public var center: Point { Point(midX, midY) }
}

/// An affine map of the plane, `CGAffineTransform`'s six numbers:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (lengths in points, y down).
public struct AffineTransform: Sendable, Hashable {
    /// How much x' grows per unit of x.
    public var a: Double
    /// How much y' grows per unit of x.
    public var b: Double
    /// How much x' grows per unit of y.
    public var c: Double
    /// How much y' grows per unit of y.
    public var d: Double
    /// Horizontal translation, in points.
    public var tx: Double
    /// Vertical translation, in points.
    public var ty: Double

    /// The map from its six coefficients (see the type's description).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The map that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A shift by `offset` (points).
    public static func translation(_ offset: Point) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: offset.x, ty: offset.y)
    }

    /// A rotation by `angle` radians about `pivot`; positive angles turn clockwise on a y-down
    /// screen (from +x towards +y), as `transform.rotation.z` does in UIKit.
    public static func rotation(_ angle: Double, about pivot: Point = .zero) -> AffineTransform {
        let cs = cosine(angle)
        let sn = sine(angle)
        // p' = pivot + R·(p − pivot)
        return AffineTransform(
            a: cs, b: sn, c: -sn, d: cs,
            tx: pivot.x - cs * pivot.x + sn * pivot.y,
            ty: pivot.y - sn * pivot.x - cs * pivot.y)
    }

    /// `point` mapped by this transform.
    public func apply(to point: Point) -> Point {
        Point(a * point.x + c * point.y + tx, b * point.x + d * point.y + ty)
    }

    /// `vector` mapped without the translation (for directions such as tangents).
    public func applyToVector(_ vector: Point) -> Point {
        Point(a * vector.x + c * vector.y, b * vector.x + d * vector.y)
    }

    /// The map that applies `self` first and then `next`.
    public func followed(by next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: next.a * a + next.c * b,
            b: next.b * a + next.d * b,
            c: next.a * c + next.c * d,
            d: next.b * c + next.d * d,
            tx: next.a * tx + next.c * ty + next.tx,
            ty: next.b * tx + next.d * ty + next.ty)
    }
}
