import Raster
import StrokeGeometry

/// Finds animated rings from what changes over time.
public enum RingFinder {
    /// Colour distance (0...510, premultiplied RGBA) above which a pixel counts as animated.
    public static let changeThreshold: UInt16 = 40

    /// Rings in `region` (pixels), largest support first.
    public static func rings(in stats: PixelStatistics, region: PixelRect? = nil) -> [RingGeometry] {
        search(in: stats, region: region).rings
    }

    /// What one search of `region` found: the rings, largest support first, and the circles
    /// fitted to changing shapes that are not rings, largest first (what a user can pick with
    /// `--circle` when no ring was found).
    public struct Search: Sendable {
        public var rings: [RingGeometry]
        public var rejected: [RingCandidate]
    }

    public static func search(in stats: PixelStatistics, region: PixelRect? = nil) -> Search {
        let w = stats.width, h = stats.height
        let area = (region ?? PixelRect(x: 0, y: 0, width: w, height: h)).intersection(PixelRect(x: 0, y: 0, width: w, height: h))
        guard !area.isEmpty else { return Search(rings: [], rejected: []) }
        var mask = [Bool](repeating: false, count: w * h)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX where stats.maxDeviation[y * w + x] >= changeThreshold { mask[y * w + x] = true }
        }
        var rings: [RingGeometry] = [], rejected: [(RingCandidate, Int)] = []
        for component in components(mask, width: w, height: h) where component.count >= 20 {
            // What came or went at once with the whole indicator (a track, a frame) is set
            // aside first: the rings the rest shows are the strokes drawn over time.
            if let rest = withoutChangedAtOnce(component, stats: stats) {
                let drawn: [RingGeometry]
                if case .ring(let ring) = fit(rest, stats: stats) { drawn = [ring] } else { drawn = consensusRings(rest, stats: stats) }
                if !drawn.isEmpty {
                    rings += drawn
                    continue
                }
            }
            switch fit(component, stats: stats) {
            case .ring(let ring):
                rings.append(ring)
            case .rejected(let candidate):
                // Not one ring as a whole: rings may still be in it, touched by other content.
                let inside = component.count >= 60 ? consensusRings(component, stats: stats) : []
                rings += inside
                if inside.isEmpty, let candidate, candidate.circle.radius <= Double(max(w, h)),
                   (0...Double(w)).contains(candidate.circle.center.x), (0...Double(h)).contains(candidate.circle.center.y) {
                    rejected.append((candidate, component.count))
                }
            }
        }
        return Search(rings: rings.sorted { $0.support > $1.support }, rejected: rejected.sorted { $0.1 > $1.1 }.map(\.0))
    }

    /// A component's fit: a ring, or the circle it was fitted with and why it is not one.
    enum Fit {
        case ring(RingGeometry)
        case rejected(RingCandidate?)
    }

    /// Groups animated pixels that lie within two pixels of each other (small gaps in a ring
    /// that is only partly drawn during the sample are bridged).
    static func components(_ mask: [Bool], width: Int, height: Int) -> [[Int]] {
        var seen = [Bool](repeating: false, count: mask.count)
        var result: [[Int]] = []
        var stack: [Int] = []
        for start in mask.indices where mask[start] && !seen[start] {
            var component: [Int] = []
            seen[start] = true
            stack.append(start)
            while let i = stack.popLast() {
                component.append(i)
                let x = i % width, y = i / width
                for ny in max(0, y - 2)...min(height - 1, y + 2) {
                    for nx in max(0, x - 2)...min(width - 1, x + 2) {
                        let j = ny * width + nx
                        if mask[j] && !seen[j] { seen[j] = true; stack.append(j) }
                    }
                }
            }
            result.append(component)
        }
        return result
    }

    /// A robust circle fit to one component, or nil when it is not ring-like.
    static func fit(_ component: [Int], stats: PixelStatistics) -> Fit {
        let w = stats.width
        let deviations = component.map { Double(stats.maxDeviation[$0]) }.sorted()
        let strong = max(deviations[Int(Double(deviations.count - 1) * 0.9)], 1)
        var points: [Point] = [], weights: [Double] = []
        for i in component {
            points.append(Point(x: Double(i % w) + 0.5, y: Double(i / w) + 0.5))
            weights.append(min(1, Double(stats.maxDeviation[i]) / strong))
        }
        guard var circle = CircleFit.algebraic(points, weights: weights) else { return .rejected(nil) }
        var keep = [Bool](repeating: true, count: points.count)
        for _ in 0..<4 {
            let kp = points.indices.filter { keep[$0] }
            circle = CircleFit.geometric(kp.map { points[$0] }, weights: kp.map { weights[$0] }, initial: circle)
            let residuals = points.map { abs($0.distance(to: circle.center) - circle.radius) }
            let inlierResiduals = points.indices.filter { keep[$0] }.map { residuals[$0] }.sorted()
            let mad = inlierResiduals.isEmpty ? 1 : inlierResiduals[inlierResiduals.count / 2]
            let limit = max(1.5, 3 * mad)
            keep = residuals.map { $0 <= limit }
        }
        let inliers = points.indices.filter { keep[$0] }
        let inlierWeight = inliers.reduce(0) { $0 + weights[$1] }
        let totalWeight = weights.reduce(0, +)
        func no(_ reason: String) -> Fit {
            circle.radius.isFinite && circle.radius < 1e5 ? .rejected(RingCandidate(circle: circle, reason: reason)) : .rejected(nil)
        }
        guard circle.radius >= 3 else { return no("smaller than 3 px") }
        guard inlierWeight >= 0.5 * totalWeight, inliers.count >= 12 else { return no("most of what changes lies off the circle") }
        // Angular spread: a ring (or a good part of one), not a short blob.
        var sectors = Set<Int>()
        for i in inliers {
            let a = onScreenAngle(of: points[i], around: circle.center)
            sectors.insert(Int(a / 10) % 36)
        }
        guard sectors.count >= 6 else { return no("covers only \(sectors.count * 10)° of the circle") }
        // Line width from the radial profile of the strongest change (coverage-like, 0...1).
        let bin = 0.25
        let reach = max(3, circle.radius * 0.35)
        let count = Int(2 * reach / bin) + 1
        var sum = [Double](repeating: 0, count: count), n = [Double](repeating: 0, count: count)
        for (p, wt) in zip(points, weights) {
            let d = p.distance(to: circle.center) - circle.radius
            let k = Int(((d + reach) / bin).rounded())
            guard k >= 0, k < count else { continue }
            sum[k] += wt
            n[k] += 1
        }
        // Normalise each radial bin by how many pixel centres fall in it on the whole circle.
        var width = 0.0
        for k in 0..<count {
            let r = circle.radius - reach + Double(k) * bin
            guard r > 0 else { continue }
            let expected = 2 * Double.pi * r * bin * Double(sectors.count) / 36
            width += min(1, sum[k] / max(expected, 1e-9)) * bin
        }
        let rms = (inliers.reduce(0) { $0 + pow2(points[$1].distance(to: circle.center) - circle.radius) } / Double(inliers.count)).squareRoot()
        // A ring has a hole: a dot or a filled disc does not.
        guard width > 0.5, width * 1.2 < circle.radius else { return no(width <= 0.5 ? "too faint" : "filled, not a ring: no hole") }
        // A ring's pixels spread about ±w/2 around its centre line (RMS ≈ 0.3 w); a tick, a
        // label or a blob spreads far more.
        guard rms <= 0.42 * width + 0.25 else { return no("what changes spreads too far from the circle for a stroke") }
        return .ring(RingGeometry(circle: circle, lineWidth: width, support: inliers.count, residual: rms))
    }
}

@inline(__always) func pow2(_ x: Double) -> Double { x * x }

extension RingFinder {
    /// A ring on a given circle (`--circle`, or a model's prediction): the line width is read
    /// from what changes around it (at least `minimumWidth`).
    public static func ring(on circle: Circle, stats: PixelStatistics, minimumWidth: Double = 1) -> RingGeometry {
        let w = stats.width, h = stats.height
        let reach = max(4, circle.radius * 0.3)
        // Saturating: a predicted circle (from a model) may lie anywhere, even at infinity.
        let x0 = max(0, Int(saturating: circle.center.x - circle.radius - reach)), x1 = min(w - 1, Int(saturating: circle.center.x + circle.radius + reach))
        let y0 = max(0, Int(saturating: circle.center.y - circle.radius - reach)), y1 = min(h - 1, Int(saturating: circle.center.y + circle.radius + reach))
        var strong: UInt16 = 1
        var covered = 0.0
        var sectors = Set<Int>()
        if x0 <= x1 && y0 <= y1 {
            for y in y0...y1 { for x in x0...x1 { strong = max(strong, stats.maxDeviation[y * w + x]) } }
            for y in y0...y1 {
                for x in x0...x1 {
                    let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let d = abs(p.distance(to: circle.center) - circle.radius)
                    guard d <= reach else { continue }
                    let v = Double(stats.maxDeviation[y * w + x]) / Double(strong)
                    if v > 0.15 {
                        covered += min(1, v)
                        sectors.insert(Int(onScreenAngle(of: p, around: circle.center) / 10) % 36)
                    }
                }
            }
        }
        // Inked area over the length of ring that was seen to change.
        let seen = 2 * Double.pi * circle.radius * Double(max(sectors.count, 1)) / 36
        let width = max(minimumWidth, covered / max(seen, 1))
        return RingGeometry(circle: circle, lineWidth: min(width, circle.radius), support: Int(covered))
    }
}
