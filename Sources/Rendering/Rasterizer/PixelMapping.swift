import StrokeGeometry

/// The map from screen points to image pixels: `pixel = origin + point · scale`. Pixel (i, j)
/// covers [i, i+1) × [j, j+1), so a point that maps to (10.5, 3.5) is the centre of pixel (10, 3).
public struct PixelMapping: Sendable, Hashable {
    /// Pixels per point (2 for a @2x capture).
    public var scale: Double
    /// Where the screen point (0, 0) lands, in pixels.
    public var origin: Point

    /// A mapping with `scale` pixels per point and the screen origin at `origin` (pixels).
    public init(scale: Double = 1, origin: Point = .zero) {
        self.scale = scale
        self.origin = origin
    }

    /// The same map as an affine transform (points → pixels).
    public var transform: AffineTransform {
        AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y)
    }

    /// `point` (screen points) in pixels.
    public func pixel(_ point: Point) -> Point {
        Point(origin.x + point.x * scale, origin.y + point.y * scale)
    }

    /// A length in points (such as a line width) in pixels.
    public func pixelLength(_ points: Double) -> Double {
        points * abs(scale)
    }

    /// Stroke pieces in screen points (e.g. `LayerGeometry.visiblePieces`) mapped into pixels.
    public func pixelPieces(_ pieces: [StrokePiece]) -> [StrokePiece] {
        let t = transform
        return pieces.map { $0.applying(t) }
    }
}
