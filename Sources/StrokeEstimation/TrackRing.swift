import Raster
import StrokeGeometry

/// A static ring the stroke runs on or beside: a progress ring's grey track. It never changes
/// over the recording, so it is never a stroke; it is reported so a reader knows it was seen
/// and kept apart from the stroke's ink.
public struct TrackRing: Sendable, Equatable {
    public var circle: Circle
    /// Pixels across.
    public var lineWidth: Double
    /// Its colour (straight RGBA).
    public var colour: RGBA

    public init(circle: Circle, lineWidth: Double, colour: RGBA) {
        self.circle = circle
        self.lineWidth = lineWidth
        self.colour = colour
    }

    /// The static rings around `ring`, concentric with it: under its band (what lies under
    /// the stroke is not the surroundings' colour) and beside it, within a line width and a
    /// half (at least 6 px) of its edges, where the pixels of a thin circle never change and
    /// differ from the surroundings all round.
    public static func around(_ ring: RingGeometry, ink: RingInk, stats: PixelStatistics) -> [TrackRing] {
        guard let surroundings = ink.surroundings else { return [] }
        var tracks: [TrackRing] = []
        let contrast = RingInk.minimumContrast
        if PremultipliedColour.distance(ink.under, surroundings) >= contrast {
            tracks.append(TrackRing(circle: ring.circle, lineWidth: ring.lineWidth, colour: PremultipliedColour.straight(ink.under)))
        }
        let w = stats.width, h = stats.height
        let c = ring.circle.center, r = ring.circle.radius
        let reach = ring.lineWidth / 2 + max(6, 1.5 * ring.lineWidth)
        let step = 0.5
        let bins = Int((2 * reach / step).rounded(.up))
        var total = [Int](repeating: 0, count: bins), track = [Int](repeating: 0, count: bins)
        var colourSum = [SIMD4<Float>](repeating: .zero, count: bins)
        let x0 = max(0, Int(saturating: (c.x - r - reach).rounded(.down))), x1 = min(w - 1, Int(saturating: (c.x + r + reach).rounded(.up)))
        let y0 = max(0, Int(saturating: (c.y - r - reach).rounded(.down))), y1 = min(h - 1, Int(saturating: (c.y + r + reach).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return tracks }
        for y in y0...y1 {
            let dy = Double(y) + 0.5 - c.y
            for x in x0...x1 {
                let dx = Double(x) + 0.5 - c.x
                let d = (dx * dx + dy * dy).squareRoot() - r
                let k = Int(((d + reach) / step).rounded(.down))
                guard k >= 0, k < bins else { continue }
                total[k] += 1
                let i = y * w + x
                guard stats.maxDeviation[i] < RingFinder.changeThreshold else { continue }
                let v = PremultipliedColour.of(stats.referenceWord(at: i))
                if PremultipliedColour.distance(v, surroundings) >= contrast {
                    track[k] += 1
                    colourSum[k] += v
                }
            }
        }
        // Runs of radial bins where nearly every pixel all round is static and not background.
        let band = ring.lineWidth / 2
        var k = 0
        while k < bins {
            guard total[k] > 0, Double(track[k]) >= 0.85 * Double(total[k]) else { k += 1; continue }
            var end = k
            while end + 1 < bins, total[end + 1] > 0, Double(track[end + 1]) >= 0.85 * Double(total[end + 1]) { end += 1 }
            let inner = -reach + Double(k) * step, outer = -reach + Double(end + 1) * step
            let width = outer - inner
            // Beside the band, not inside it (the band's own pixels change), and a line, not an
            // area: bounded on both sides within the search (a disc inside the ring is not).
            if k > 0, end < bins - 1, width >= 0.75, width <= max(3, 2 * ring.lineWidth), inner >= band - 1 || outer <= -band + 1 {
                // The colour from the run's middle radii: its edges are anti-aliased blends.
                let middle = (k + end) / 2
                let core = max(k, middle - 1)...min(end, middle + 1)
                let sum = core.reduce(SIMD4<Float>.zero) { $0 + colourSum[$1] }
                let n = core.reduce(0) { $0 + track[$1] }
                let colour = PremultipliedColour.straight(sum / Float(max(n, 1)))
                tracks.append(TrackRing(circle: Circle(center: c, radius: r + (inner + outer) / 2), lineWidth: width, colour: colour))
            }
            k = end + 1
        }
        return tracks
    }
}
