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
