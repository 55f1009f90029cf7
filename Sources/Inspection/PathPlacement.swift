import AnimationModel
import Raster
import Rendering
import StrokeEstimation
import StrokeGeometry

/// Places a model whose layers are only open paths (a tick, a cross): with no ring to take the
/// scale and offset from, they come from the ink. The pixels that change over the recording
/// in the layers' stroke colour (all that change when the model gives none) are where the
/// drawn paths end up; their bounding box, against the paths' own box widened by half the line
/// width all round (the caps and joins), gives the pixels per point and the offset.
struct PathPlacement {
    var scale: Double
    var origin: Point
    /// The ink colour the placement was fitted to (nil: every changing pixel).
    var ink: RGBA?

    /// The placement, or nil when the ink does not give one (nothing changes in that colour,
    /// or the box's width and height disagree on the scale by more than 15 %).
    static func fit(_ layers: [ResolvedLayer], points: [[Point]], stats: PixelStatistics) -> PathPlacement? {
        let all = points.flatMap { $0 }
        guard let x0 = all.map(\.x).min(), let x1 = all.map(\.x).max(), let y0 = all.map(\.y).min(), let y1 = all.map(\.y).max() else { return nil }
        let lineWidth = layers.map(\.style.lineWidth).max() ?? 0
        let ink: RGBA? = layers.lazy.compactMap { $0.style.strokeColor.flatMap(parseHexColor) }.first
        let target = ink.map { PremultipliedColour.of($0) }
        let w = stats.width, h = stats.height
        var mx0 = Int.max, mx1 = Int.min, my0 = Int.max, my1 = Int.min, count = 0
        for y in 0..<h {
            for x in 0..<w where stats.maxDeviation[y * w + x] >= RingFinder.changeThreshold {
                if let target {
                    let i = y * w + x
                    let near = [stats.extremeWords[i], stats.referenceWord(at: i)].contains { PremultipliedColour.distance(PremultipliedColour.of($0), target) < Self.inkTolerance }
                    guard near else { continue }
                }
                mx0 = min(mx0, x); mx1 = max(mx1, x); my0 = min(my0, y); my1 = max(my1, y)
                count += 1
            }
        }
        guard count >= 20 else { return nil }
        let pixelWidth = Double(mx1 + 1 - mx0), pixelHeight = Double(my1 + 1 - my0)
        let pointWidth = x1 - x0 + lineWidth, pointHeight = y1 - y0 + lineWidth
        guard pointWidth > 0, pointHeight > 0 else { return nil }
        let sx = pixelWidth / pointWidth, sy = pixelHeight / pointHeight
        guard abs(sx - sy) <= 0.15 * max(sx, sy) else { return nil }
        let s = (sx + sy) / 2
        // The box's left edge is half a line width left of the leftmost point (and so on).
        let origin = Point(x: Double(mx0) + pixelWidth / 2 - s * (x0 + x1) / 2, y: Double(my0) + pixelHeight / 2 - s * (y0 + y1) / 2)
        return PathPlacement(scale: s, origin: origin, ink: ink)
    }

    /// How near the stroke colour (premultiplied distance) a changing pixel's colour must be
    /// to count as the path's ink: anti-aliased edges are farther and do not widen the box.
    static let inkTolerance: Float = 60
}
