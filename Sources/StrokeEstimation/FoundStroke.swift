import Raster
import StrokeGeometry

/// An open stroked path (a tick, one bar of a cross) found from what a recording draws, with no
/// model: its polyline in pixels, in the direction it is drawn, and how sure the finder is.
public struct FoundStroke: Sendable, Equatable {
    /// The path's vertices in pixels (pixel (i, j) covers [i, i+1) × [j, j+1)), from where the
    /// ink appears first to where it appears last.
    public var points: [Point]
    /// In pixels, from the ink's coverage across the stroke.
    public var lineWidth: Double
    /// Judged from the shape of the ends (round, or butt when they are square).
    public var cap: LineCap
    /// The stroke's ink (straight RGBA): the most frequent colour of its core.
    public var ink: RGBA
    /// In [0, 1]; under 0.5 the evidence that this is a stroke drawn on is lacking.
    public var confidence: Double
    /// Why the confidence is low, one sentence each (empty when it is not).
    public var reasons: [String]
    /// The frame (counted from the first one fed to `InkSettling`) from which the stroke's
    /// start keeps its ink: strokes are named in this order.
    public var startFrame: Int

    /// The path's length in pixels.
    public var length: Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// Whether the path turns somewhere by more than 30° (a tick's corner).
    public var hasCorner: Bool {
        guard points.count >= 3 else { return false }
        for k in 1..<(points.count - 1) {
            guard let a = (points[k] - points[k - 1]).normalized, let b = (points[k + 1] - points[k]).normalized else { continue }
            if a.dot(b) < 0.866 { return true }
        }
        return false
    }
}
