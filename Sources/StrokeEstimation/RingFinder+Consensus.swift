import StrokeGeometry

extension RingFinder {
    /// Rings inside a changing shape that is not one ring as a whole: a ring touched by a
    /// label, a tick crossing it, a second ring beside it. A consensus search (RANSAC) finds
    /// the circle that most of the shape's strongly changing pixels lie on, the pixels near it
    /// are fitted as a ring, and the search goes on with the rest (up to `maximumRings`).
    /// Deterministic: the samples come from a fixed-seed generator.
    static func consensusRings(_ component: [Int], stats: PixelStatistics, maximumRings: Int = 3) -> [RingGeometry] {
        var remaining = component
        var found: [RingGeometry] = []
        var generator = SplitMix64(seed: UInt64(component.count) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(component.first ?? 0))
        let w = stats.width
        let limit = Double(max(stats.width, stats.height))
        var misses = 0
        while found.count < maximumRings, remaining.count >= 60 {
            let points = remaining.map { Point(x: Double($0 % w) + 0.5, y: Double($0 / w) + 0.5) }
            // Strongly changing pixels carry the search; anti-aliased fringes and faint glow do not.
            let deviations = remaining.map { stats.maxDeviation[$0] }
            let strongest = deviations.max() ?? 0
            let strong = points.indices.filter { deviations[$0] * 2 >= strongest }
            guard strong.count >= 30 else { break }
            var best: (circle: Circle, score: Int)?
            for _ in 0..<Self.consensusTrials {
                let a = points[strong[generator.next(below: strong.count)]]
                let b = points[strong[generator.next(below: strong.count)]]
                let c = points[strong[generator.next(below: strong.count)]]
                guard let circle = Self.circle(through: a, b, c), circle.radius >= 5, circle.radius <= limit else { continue }
                var score = 0
                for i in strong where abs(points[i].distance(to: circle.center) - circle.radius) <= 1.5 { score += 1 }
                if score > best?.score ?? 0 { best = (circle, score) }
            }
            // A circle with less than a quarter of its circumference in strong pixels is chance.
            guard let best, Double(best.score) >= 0.25 * 2 * Double.pi * best.circle.radius else { break }
            // The ring's pixels: near the circle, within the widest band a stroke could have
            // there, and no further out than its strongly changing pixels go without a gap (a
            // second ring just beside it is a ring of its own; a dithered background's faint
            // flicker is not the ring's).
            let reach = max(4, 0.2 * best.circle.radius)
            let offsets = points.map { $0.distance(to: best.circle.center) - best.circle.radius }
            let span = Self.contiguousBand(strong.map { offsets[$0] }, reach: reach)
            let near = remaining.indices.filter { span.contains(offsets[$0]) }
            guard case .ring(let ring) = fit(near.map { remaining[$0] }, stats: stats),
                  ring.circle.center.distance(to: best.circle.center) <= max(2, 0.1 * best.circle.radius) else {
                // Not a ring after all: set its pixels aside and look at the rest.
                misses += 1
                guard misses < 3 else { break }
                let kept = remaining.indices.filter { !span.contains(offsets[$0]) }.map { remaining[$0] }
                guard kept.count < remaining.count else { break }
                remaining = kept
                continue
            }
            found.append(ring)
            // Set aside what the ring explains (its band and fringe), then search the rest.
            let band = ring.lineWidth / 2 + 2
            remaining = remaining.indices.filter { abs(points[$0].distance(to: ring.circle.center) - ring.circle.radius) > band }.map { remaining[$0] }
        }
        return found
    }

    /// The offsets from a circle (pixels, negative inside) that its band spans: from the
    /// circle out, in half-pixel steps, as far as pixels keep changing, up to `reach` either
    /// way. A step with hardly any changing pixels (under a tenth of the busiest) ends it.
    static func contiguousBand(_ offsets: [Double], reach: Double) -> ClosedRange<Double> {
        let step = 0.5
        let half = Int((reach / step).rounded(.up))
        var counts = [Int](repeating: 0, count: 2 * half + 1)
        for d in offsets where abs(d) <= reach {
            counts[min(2 * half, max(0, Int((d / step).rounded()) + half))] += 1
        }
        let peak = counts[max(0, half - 2)...min(2 * half, half + 2)].max() ?? 0
        let floor = max(1, peak / 10)
        var lo = half, hi = half
        while lo > 0, counts[lo - 1] >= floor { lo -= 1 }
        while hi < 2 * half, counts[hi + 1] >= floor { hi += 1 }
        return (Double(lo - half) * step - 1)...(Double(hi - half) * step + 1)
    }

    /// Random circles tried per search.
    static let consensusTrials = 600

    /// The circle through three points, nil when they are (nearly) on a line.
    static func circle(through a: Point, _ b: Point, _ c: Point) -> Circle? {
        let d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y))
        guard abs(d) > 1e-6 else { return nil }
        let a2 = a.x * a.x + a.y * a.y, b2 = b.x * b.x + b.y * b.y, c2 = c.x * c.x + c.y * c.y
        let x = (a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d
        let y = (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d
        let centre = Point(x: x, y: y)
        return Circle(center: centre, radius: centre.distance(to: a))
    }
}
