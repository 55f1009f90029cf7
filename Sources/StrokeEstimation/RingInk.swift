import Raster
import StrokeGeometry

/// A ring's ink and what lies under it, told from what changes over the recording.
///
/// The pixels of a stroke's band alternate between two colours: the stroke's ink where it is
/// drawn, and where it is not whatever lies under it — the background, or a static track. A
/// probe beside the band cannot tell them apart when a track runs beside the stroke (the probe
/// then reads the track). The two colours are the clusters of the band's changing pixels (each
/// pixel's first colour and the one farthest from it); the one nearer the static surroundings
/// (beyond any track) is what lies under the stroke, the other its ink.
public struct RingInk: Sendable, Equatable {
    /// The stroke's ink, premultiplied RGBA (0...255), as the ring's samples are.
    public let ink: SIMD4<Float>
    /// What the band shows where the stroke is not drawn (background or track), premultiplied.
    public let under: SIMD4<Float>
    /// The static colour around the band (premultiplied): the screen's background there.
    public let surroundings: SIMD4<Float>?
    /// Every colour the stroke's ink takes (premultiplied): one, or several when it cycles
    /// through colours. `ink` is the most frequent (or the model's `strokeColor`).
    public let inks: [SIMD4<Float>]
    /// Whether static pixels at the band's edges (within the measurer's reach) differ from the
    /// surroundings: a track beside or under the stroke, which the band's samples must not
    /// count as ink.
    public let trackAtEdges: Bool
    /// Half the distance from `under` to the nearest ink colour (at least `minimumContrast`).
    public let underReach: Float

    public init(ink: SIMD4<Float>, under: SIMD4<Float>, inks: [SIMD4<Float>]? = nil, surroundings: SIMD4<Float>? = nil,
                trackAtEdges: Bool = false) {
        self.ink = ink
        self.under = under
        self.inks = inks ?? [ink]
        self.surroundings = surroundings
        self.trackAtEdges = trackAtEdges
        underReach = max(Self.minimumContrast, 0.5 * (self.inks.map { PremultipliedColour.distance($0, under) }.min() ?? 0))
    }

    /// Whether a sample shows what lies under the stroke: it is within half the way from there
    /// to the nearest ink colour. Farther is ink, in a colour seen before or not (a stroke
    /// that cycles through colours may take a new one after the frames its ink was read from).
    @inline(__always) public func isUnder(_ sample: SIMD4<Float>) -> Bool {
        PremultipliedColour.distance(sample, under) < underReach
    }

    /// Colour distance (premultiplied, 0...510) below which two clusters are one colour.
    static let minimumContrast: Float = 28

    /// The ink of `ring` from `stats`, or nil when its band shows no two clear colours.
    /// `strokeColor`, when a model gives it (straight RGBA), picks the ink among the clusters.
    public static func read(_ ring: RingGeometry, stats: PixelStatistics, strokeColor: RGBA? = nil) -> RingInk? {
        let w = stats.width, h = stats.height
        let c = ring.circle.center, r = ring.circle.radius
        // The inner part of the band: its pixels are wholly ink or wholly not, not edge blends.
        let inner = max(0.5, ring.lineWidth / 2 - 1)
        // The surroundings: beyond the band's edge by a pixel, past a track as wide as the band.
        let near = ring.lineWidth / 2 + 1.5, far = ring.lineWidth / 2 + max(6, 1.5 * ring.lineWidth)
        let x0 = max(0, Int(saturating: (c.x - r - far).rounded(.down))), x1 = min(w - 1, Int(saturating: (c.x + r + far).rounded(.up)))
        let y0 = max(0, Int(saturating: (c.y - r - far).rounded(.down))), y1 = min(h - 1, Int(saturating: (c.y + r + far).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return nil }
        var band: [UInt32: Int] = [:], around: [UInt32: Int] = [:]
        // Static pixels at the band's edges, kept to tell a track there once the surroundings are known.
        var edges: [UInt32] = []
        let edge = ring.lineWidth / 2 + 3
        var changed = 0
        var colours: [(UInt32, UInt32)] = []
        for y in y0...y1 {
            let dy = Double(y) + 0.5 - c.y
            for x in x0...x1 {
                let dx = Double(x) + 0.5 - c.x
                let d = (dx * dx + dy * dy).squareRoot() - r
                let i = y * w + x
                if abs(d) <= inner {
                    guard stats.maxDeviation[i] >= RingFinder.changeThreshold else { continue }
                    changed += 1
                    let a = stats.referenceWord(at: i), b = stats.extremeWords[i]
                    band[Self.key(a), default: 0] += 1
                    band[Self.key(b), default: 0] += 1
                    colours.append((a, b))
                } else if stats.maxDeviation[i] < RingFinder.changeThreshold {
                    if abs(d) >= near, abs(d) <= far { around[Self.key(stats.referenceWord(at: i)), default: 0] += 1 }
                    if abs(d) <= edge { edges.append(stats.referenceWord(at: i)) }
                }
            }
        }
        guard changed >= 8 else { return nil }
        // The band's colours, clustered: the most frequent colour first, each cluster taking
        // the colours within `minimumContrast` of its first.
        let ranked = band.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var seeds: [SIMD4<Float>] = [], counts: [Int] = []
        for (key, count) in ranked {
            let v = Self.centre(of: key)
            if let k = seeds.firstIndex(where: { PremultipliedColour.distance($0, v) < minimumContrast }) { counts[k] += count } else { seeds.append(v); counts.append(count) }
        }
        // Clusters that matter: at least 8 colours and 2 % of the band's (anti-aliased blends
        // between ink and background are rare and fall below).
        let total = counts.reduce(0, +)
        let kept = seeds.indices.filter { counts[$0] >= max(8, total / 50) }
        guard kept.count >= 2 else { return nil }
        // Each cluster's mean over the band's colours nearest its seed.
        var sums = [SIMD4<Float>](repeating: .zero, count: kept.count), n = [Float](repeating: 0, count: kept.count)
        for (p, q) in colours {
            for word in [p, q] {
                let v = PremultipliedColour.of(word)
                var best = 0, bestDistance = Float.infinity
                for (j, k) in kept.enumerated() {
                    let d = PremultipliedColour.distance(v, seeds[k])
                    if d < bestDistance { bestDistance = d; best = j }
                }
                if bestDistance < minimumContrast { sums[best] += v; n[best] += 1 }
            }
        }
        // Clusters that got colours, with their means and sizes.
        let filled = kept.indices.filter { n[$0] > 0 }
        let means = filled.map { sums[$0] / n[$0] }, sizes = filled.map { counts[kept[$0]] }
        guard means.count >= 2 else { return nil }
        let surroundings = around.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }.map { Self.centre(of: $0.key) }
        func nearest(_ c: SIMD4<Float>, among candidates: [Int]) -> Int {
            candidates.min { PremultipliedColour.distance(means[$0], c) < PremultipliedColour.distance(means[$1], c) }!
        }
        // What lies under the stroke is the background, or a track nearer the background than
        // the stroke (a grey track under a blue stroke on white); the other clusters are ink
        // (one colour, or several when the stroke cycles through colours). A model's
        // strokeColor names the ink first.
        let all = Array(means.indices)
        let underIndex: Int, inkIndex: Int
        if let strokeColor {
            inkIndex = nearest(PremultipliedColour.of(strokeColor), among: all)
            let others = all.filter { $0 != inkIndex }
            guard let reference = surroundings ?? (others.count == 1 ? means[others[0]] : nil) else { return nil }
            underIndex = nearest(reference, among: others)
        } else {
            guard let s = surroundings else { return nil }
            underIndex = nearest(s, among: all)
            inkIndex = all.filter { $0 != underIndex }.max { sizes[$0] < sizes[$1] }!
        }
        var trackAtEdges = false
        if let s = surroundings {
            let differing = edges.filter { PremultipliedColour.distance(PremultipliedColour.of($0), s) >= minimumContrast }.count
            trackAtEdges = differing * 5 >= edges.count && differing >= 8
        }
        return RingInk(ink: means[inkIndex], under: means[underIndex], inks: all.filter { $0 != underIndex }.map { means[$0] },
                       surroundings: surroundings, trackAtEdges: trackAtEdges)
    }

    /// A colour's cluster key: 5 bits a channel of its premultiplied value.
    private static func key(_ word: UInt32) -> UInt32 {
        let p = PixelStatistics.premultiplied(word)
        return UInt32(p.r >> 3) | UInt32(p.g >> 3) << 5 | UInt32(p.b >> 3) << 10 | UInt32(p.a >> 3) << 15
    }

    private static func centre(of key: UInt32) -> SIMD4<Float> {
        func channel(_ shift: UInt32) -> Float { Float((key >> shift) & 31) * 8 + 4 }
        return SIMD4(channel(0), channel(5), channel(10), channel(15))
    }

}
