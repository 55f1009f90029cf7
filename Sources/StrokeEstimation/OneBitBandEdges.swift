#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrokeGeometry
import Raster

/// The radii of a ring's band edges read from the 1-bit pixels along its drawn body (GIF
/// transparency), pooled over frames: the geometry that the 1-bit end fits need.
///
/// A 1-bit pixel is set where the stroke covers half of it. Away from the ends the stroke is
/// the band between two circles, so every pixel near an edge is set or not by where that edge
/// lies, to a few hundredths of a pixel; a ring's body holds hundreds of such pixels. The width
/// read from the ink (`ArcMeasurer`'s median across the band, the found ring's area) is only
/// good to about a tenth of a pixel on a thin 1-bit line and moves from frame to frame, and the
/// end fits place the band's edge pixels by it: a 2.5 px line read 2.14–2.55 px wide put a
/// round end 0.6 px off. The edges are fitted here instead, each by the radius that leaves
/// fewest body pixels disagreeing, over all frames measured so far.
///
/// The costs are kept on a fixed grid of radii (`step` apart, ±`reach` around the found ring's
/// edges), so frames add up; each edge is fitted with the other at its current estimate. The
/// centre is the found ring's (its circle fit is good to a few hundredths of a pixel).
/// Measured on the accuracy suite (r 20 px, w 2.5 px): edges 18.767 / 21.241 px for 18.75 /
/// 21.25, where the frames' widths read 2.14–2.55 px.
struct OneBitBandEdges: Sendable {
    /// The grid's spacing (pixels).
    static let step = 0.01
    /// How far the fitted edges may lie from the found ring's (pixels).
    static let reach = 1.0
    /// Body pixels fitted per frame at most (a large ring's body is sampled evenly), and in all:
    /// the edges are known to a hundredth of a pixel long before, and the work stops there.
    static let perFrame = 600
    static let total = 12_000
    /// Sub-points per pixel side for the area coverage, as the end fits use (odd: see
    /// `ArcMeasurer.binarySubdivisions`).
    static let subdivisions = 9

    /// The grid's first radius for each edge.
    private let innerOrigin: Double
    private let outerOrigin: Double
    /// Disagreeing pixels per grid radius, for each edge.
    private var innerCost: [Int]
    private var outerCost: [Int]
    /// Edge pixels counted so far, for each edge.
    private(set) var innerCount = 0
    private(set) var outerCount = 0
    /// The edges' radii (pixels): the middle of the least-cost run nearest the last estimate.
    private(set) var inner: Double
    private(set) var outer: Double

    /// Starts from the edges at `radius` ± `lineWidth` / 2 (the found ring's).
    init(radius: Double, lineWidth: Double) {
        let n = Int((2 * Self.reach / Self.step).rounded()) + 1
        inner = radius - lineWidth / 2
        outer = radius + lineWidth / 2
        innerOrigin = inner - Self.reach
        outerOrigin = outer - Self.reach
        innerCost = [Int](repeating: 0, count: n)
        outerCost = innerCost
    }

    /// True once both edges rest on enough pixels to replace the width read from the ink.
    var isSettled: Bool { innerCount >= 40 && outerCount >= 40 }

    /// Whether more pixels are still wanted.
    var wantsMore: Bool { innerCount + outerCount < Self.total }

    /// The band's centre-line radius and width from the fitted edges.
    var centreLine: (radius: Double, width: Double) { ((inner + outer) / 2, outer - inner) }

    /// Adds the body pixels of a piece drawn clockwise from `from` to `to` (degrees clockwise from
    /// 12 o'clock): those whose centre lies at least `endMargin` px of arc inside both ends and
    /// within a pixel of either edge. `isSet` says whether the pixel at (x, y) is set.
    mutating func add(centre cx: Double, _ cy: Double, from: Double, to: Double, endMargin: Double,
                      width: Int, height: Int, isSet: (Int, Int) -> Bool) {
        guard wantsMore else { return }
        let radius = (inner + outer) / 2
        let start = from * Double.pi / 180, span = Self.clockwiseRadians(to - from) - 2 * endMargin / radius
        guard span > 0 else { return }
        let first = start + endMargin / radius
        let outerReach = outer + 1, innerReach = max(0, inner - 1)
        let x0 = max(0, Int(saturating: (cx - outerReach).rounded(.down))), x1 = min(width - 1, Int(saturating: (cx + outerReach).rounded(.up)))
        let y0 = max(0, Int(saturating: (cy - outerReach).rounded(.down))), y1 = min(height - 1, Int(saturating: (cy + outerReach).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        // Candidates first (cheap), then an even sample of them (the costly sub-points).
        var candidates: [(x: Int, y: Int, innerSide: Bool)] = []
        for y in y0...y1 {
            let dy = Double(y) + 0.5 - cy
            // Only the row's stretches across the annulus (a pixel wider each way than the exact
            // test below): a large ring's box is mostly hole.
            let outerChord = (max(0, outerReach * outerReach - dy * dy)).squareRoot() + 1
            let innerChord = max(0, (max(0, innerReach * innerReach - dy * dy)).squareRoot() - 1)
            let leftEnd = Int((cx - innerChord).rounded(.up)), rightStart = Int((cx + innerChord).rounded(.down))
            let xFirst = max(x0, Int((cx - outerChord).rounded(.down))), xLast = min(x1, Int((cx + outerChord).rounded(.up)))
            // Columns lo...hi, empty where hi < lo (off the canvas); both stretches as one when they meet.
            let columns = { (lo: Int, hi: Int) in lo..<max(lo, hi + 1) }
            let stretches = leftEnd < rightStart ? [columns(xFirst, min(leftEnd, xLast)), columns(max(rightStart, xFirst), xLast)]
                                                 : [columns(xFirst, xLast)]
            for x in stretches.joined() {
                let dx = Double(x) + 0.5 - cx
                let r = (dx * dx + dy * dy).squareRoot()
                guard r >= innerReach, r <= outerReach else { continue }
                let nearInner = abs(r - inner) <= 1, nearOuter = abs(r - outer) <= 1
                guard nearInner || nearOuter else { continue }
                // Clockwise from 12 o'clock on screen (y down), past the piece's first body point.
                var u = atan2(dx, -dy) - first
                u -= 2 * Double.pi * (u / (2 * Double.pi)).rounded(.down)
                guard u <= span else { continue }
                candidates.append((x, y, abs(r - inner) < abs(r - outer)))
            }
        }
        guard !candidates.isEmpty else { return }
        let stride = max(1, (candidates.count + Self.perFrame - 1) / Self.perFrame)
        let n = Self.subdivisions, half = (n * n + 1) / 2
        var radii: [Double] = []
        radii.reserveCapacity(n * n)
        var innerDelta = [Int](repeating: 0, count: innerCost.count + 1), outerDelta = innerDelta
        var k = 0
        while k < candidates.count {
            let c = candidates[k]
            k += stride
            radii.removeAll(keepingCapacity: true)
            for i in 0..<n {
                for j in 0..<n {
                    let dx = Double(c.x) + (Double(i) + 0.5) / Double(n) - cx
                    let dy = Double(c.y) + (Double(j) + 0.5) / Double(n) - cy
                    radii.append((dx * dx + dy * dy).squareRoot())
                }
            }
            let observed = isSet(c.x, c.y)
            if c.innerSide {
                // Set when at least half the sub-points lie between the inner edge and the
                // outer one (at its estimate): when the inner edge is at or below the half-th
                // largest radius among those inside the outer edge.
                var inside = radii.filter { $0 <= outer }
                let threshold = inside.count >= half ? ArcMeasurer.select(inside.count - half, in: &inside) : -Double.infinity
                Self.count(threshold: threshold, setBelow: true, observed: observed, origin: innerOrigin, into: &innerDelta)
                innerCount += 1
            } else {
                var inside = radii.filter { $0 >= inner }
                let threshold = inside.count >= half ? ArcMeasurer.select(half - 1, in: &inside) : Double.infinity
                Self.count(threshold: threshold, setBelow: false, observed: observed, origin: outerOrigin, into: &outerDelta)
                outerCount += 1
            }
        }
        Self.accumulate(innerDelta, into: &innerCost)
        Self.accumulate(outerDelta, into: &outerCost)
        if innerCount > 0 { inner = Self.best(innerCost, origin: innerOrigin, near: inner) }
        if outerCount > 0 { outer = Self.best(outerCost, origin: outerOrigin, near: outer) }
    }

    /// Adds one pixel's disagreement to a difference array over the grid: the pixel is predicted
    /// set for edge radii at or below `threshold` (`setBelow`, the inner edge) or at or above it.
    private static func count(threshold t: Double, setBelow: Bool, observed: Bool, origin: Double, into delta: inout [Int]) {
        let n = delta.count - 1
        // Predicted set on [0, above) for the inner edge, on [atOrAbove, n) for the outer one.
        let (lo, hi): (Int, Int)
        if setBelow {
            // The first grid index whose radius lies above the threshold.
            let above = t.isFinite ? min(max(Int(((t - origin) / step).rounded(.down)) + 1, 0), n) : (t > 0 ? n : 0)
            (lo, hi) = observed ? (above, n) : (0, above)
        } else {
            // Set when the edge radius ≥ t: the first index at or above t.
            let atOrAbove = t.isFinite ? min(max(Int(((t - origin) / step).rounded(.up)), 0), n) : (t > 0 ? n : 0)
            (lo, hi) = observed ? (0, atOrAbove) : (atOrAbove, n)
        }
        guard lo < hi else { return }
        delta[lo] += 1
        delta[hi] -= 1
    }

    private static func accumulate(_ delta: [Int], into cost: inout [Int]) {
        var running = 0
        for k in cost.indices {
            running += delta[k]
            cost[k] += running
        }
    }

    /// The middle of the run of least cost nearest to `near`.
    private static func best(_ cost: [Int], origin: Double, near: Double) -> Double {
        guard let least = cost.min() else { return near }
        var best = near, bestDistance = Double.infinity
        var k = 0
        while k < cost.count {
            guard cost[k] == least else { k += 1; continue }
            var end = k
            while end + 1 < cost.count, cost[end + 1] == least { end += 1 }
            let middle = origin + Double(k + end) / 2 * step
            if abs(middle - near) < bestDistance { best = middle; bestDistance = abs(middle - near) }
            k = end + 1
        }
        return best
    }

    /// An angle in degrees as radians in [0, 2π): how far clockwise it reaches.
    private static func clockwiseRadians(_ degrees: Double) -> Double {
        var v = degrees * Double.pi / 180
        v -= 2 * Double.pi * (v / (2 * Double.pi)).rounded(.down)
        return v
    }
}
