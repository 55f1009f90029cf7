#if canImport(Glibc)
import StrokeGeometry
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// A short piece of a ring's stroke, or a short gap in it: its two ends fitted together, because
/// the pixels around each end also show the other.
///
/// Every pixel near the piece is split into `n` × `n` sub-points. The stroke's body covers a
/// sub-point in the band whose angle lies between the two ends (a piece) or outside them (a
/// gap); a round cap also covers one within w / 2 of an end point, which at the sub-point's
/// radius `r` means an angular distance of at most α, cos α = (r² + R² − w²/4) / (2 r R). A
/// pixel's predicted coverage is the share of its sub-points covered, compared with the observed
/// coverage by squared difference. With `n` = 1 the sub-point is the pixel centre: the model of
/// 1-bit pixels (GIF transparency keeps a pixel where its coverage reaches a half, for a
/// straight edge exactly where its centre is covered), and the cost counts disagreeing pixels.
///
/// The ends are searched on a grid of both at once; the middle of the best cells is the reading
/// when they are compact, else the best cell nearest the first estimate.
struct RingPieceShape {
    /// Per sub-point: its pixel, its angle past the reference (radians, clockwise) and the round
    /// cap's angular reach at its radius (nil outside the band). Sub-points of one pixel are
    /// consecutive.
    private var pixelOf: [Int] = []
    private var angles: [Double] = []
    private var reaches: [Double?] = []
    /// Observed coverage per pixel (0...1; 0 or 1 for 1-bit pixels).
    private var observed: [Double] = []
    private let subPoints: Int
    let radius: Double
    /// How many pixels the fit compares.
    var count: Int { observed.count }

    /// Collects the pixels whose centre lies within `halfExtent` radians of `reference` (degrees
    /// clockwise from 12 o'clock) and a pixel beyond the band. Pixels whose centre lies within
    /// `edgeMargin` px of the band's edge are left out (for 1-bit pixels whether they are set
    /// depends on the line width and radius more than on the ends). `coverage` gives a pixel's
    /// observed coverage from its byte offset. Nil when the image's edge cuts the neighbourhood.
    init?(image: RGBAImage, ring: RingGeometry, lineWidth w: Double, reference: Double, halfExtent: Double,
          subdivisions n: Int = 1, edgeMargin: Double, coverage: (Int) -> Double) {
        let R = ring.circle.radius, h = w / 2
        guard R > h + 1, w > 0, n >= 1, halfExtent > 0, halfExtent < Double.pi / 2 else { return nil }
        radius = R
        subPoints = n * n
        let theta0 = reference * Double.pi / 180
        let cx = ring.circle.center.x, cy = ring.circle.center.y
        let across = h + 1
        // The square around the arc's chord that holds every centre of the neighbourhood.
        let chord = R * sin(halfExtent) + across + 1
        let ex = cx + R * sin(theta0), ey = cy - R * cos(theta0)
        let x0 = Int((ex - chord).rounded(.down)), x1 = Int((ex + chord).rounded(.up))
        let y0 = Int((ey - chord).rounded(.down)), y1 = Int((ey + chord).rounded(.up))
        func polar(_ px: Double, _ py: Double) -> (r: Double, u: Double) {
            let dx = px - cx, dy = py - cy
            var u = atan2(dx, -dy) - theta0
            if u > Double.pi { u -= 2 * Double.pi } else if u <= -Double.pi { u += 2 * Double.pi }
            return ((dx * dx + dy * dy).squareRoot(), u)
        }
        for y in y0...y1 {
            for x in x0...x1 {
                let centre = polar(Double(x) + 0.5, Double(y) + 0.5)
                guard abs(centre.r - R) <= across, abs(centre.u) <= halfExtent, abs(abs(centre.r - R) - h) >= edgeMargin else { continue }
                guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
                let pixel = observed.count
                observed.append(coverage((y * image.width + x) * 4))
                // Sub-points from the centre's polar frame to first order: their offsets are
                // under half a pixel, so the neglected terms are below (0.5 px)² / R.
                let theta = theta0 + centre.u
                let radial = (x: sin(theta), y: -cos(theta)), tangent = (x: cos(theta), y: sin(theta))
                for i in 0..<n {
                    for j in 0..<n {
                        let ox = (Double(i) + 0.5) / Double(n) - 0.5, oy = (Double(j) + 0.5) / Double(n) - 0.5
                        let r = centre.r + ox * radial.x + oy * radial.y
                        let u = centre.u + (ox * tangent.x + oy * tangent.y) / centre.r
                        pixelOf.append(pixel)
                        angles.append(u)
                        if abs(r - R) <= h {
                            let k = (r * r + R * R - h * h) / (2 * r * R)
                            reaches.append(acos(min(max(k, -1), 1)))
                        } else {
                            reaches.append(nil)
                        }
                    }
                }
            }
        }
        guard !observed.isEmpty else { return nil }
    }

    /// The squared difference between observed and predicted coverage with the ends at `a`
    /// and `b`, over the pixels starting at `groups` (indices of their first sub-point), stopping
    /// early once it exceeds `bound`.
    private func cost(_ a: Double, _ b: Double, round: Bool, gap: Bool, groups: [Int], bound: Double) -> Double {
        var total = 0.0
        let scale = 1 / Double(subPoints)
        for s in groups {
            var covered = 0
            for k in s..<(s + subPoints) {
                guard let alpha = reaches[k] else { continue }
                let u = angles[k]
                let inside = u >= a && u <= b
                var on = gap ? !inside || u == a || u == b : inside
                if round && !on { on = abs(u - a) <= alpha || abs(u - b) <= alpha }
                if on { covered += 1 }
            }
            let d = observed[pixelOf[s]] - Double(covered) * scale
            total += d * d
            if total > bound { return total }
        }
        return total
    }

    /// The pixels whose prediction can change while the ends stay within `low` and `high` (the
    /// others — deep inside the piece or far beyond it — cost the same everywhere), and what the
    /// others cost together.
    private func varyingPixels(low: ClosedRange<Double>, high: ClosedRange<Double>, round: Bool, gap: Bool) -> (groups: [Int], fixedCost: Double) {
        var groups: [Int] = []
        var fixed: [Int] = []
        var s = 0
        while s < angles.count {
            var varies = false
            for k in s..<(s + subPoints) {
                guard let alpha = reaches[k] else { continue }
                let reach = round ? alpha : 0
                let u = angles[k]
                if (u >= low.lowerBound - reach && u <= low.upperBound + reach) || (u >= high.lowerBound - reach && u <= high.upperBound + reach) {
                    varies = true
                    break
                }
            }
            if varies { groups.append(s) } else { fixed.append(s) }
            s += subPoints
        }
        let a = (low.lowerBound + low.upperBound) / 2, b = max(a, (high.lowerBound + high.upperBound) / 2)
        return (groups, cost(a, b, round: round, gap: gap, groups: fixed, bound: .infinity))
    }

    /// The two ends (radians past the reference, `low` < `high` clockwise) that explain the
    /// pixels best, searched over `low` × `high` in steps of `step` radians (first on a grid
    /// `coarse` times wider, then finely around its best cell, when `coarse` > 1). `gap`: the
    /// stroke covers the band outside (low, high) instead of inside [low, high].
    func fit(low: ClosedRange<Double>, high: ClosedRange<Double>, cap: LineCap, gap: Bool, step: Double,
             coarse: Int = 1) -> (low: Double, high: Double, cost: Double) {
        let round = cap == .round
        let (groups, fixedCost) = varyingPixels(low: low, high: high, round: round, gap: gap)
        func cost(_ a: Double, _ b: Double, bound: Double) -> Double {
            fixedCost + self.cost(a, b, round: round, gap: gap, groups: groups, bound: bound - fixedCost)
        }
        // The cells (low ≤ high) of a grid whose cost is the smallest, in scan order.
        func bestCells(_ lows: ClosedRange<Double>, _ highs: ClosedRange<Double>, _ step: Double) -> (cost: Double, cells: [(Double, Double)]) {
            var best = Double.infinity
            var cells: [(Double, Double)] = []
            for a in Self.grid(lows, step) {
                for b in Self.grid(highs, step) where a <= b {
                    let c = cost(a, b, bound: best + 1e-9)
                    if c < best - 1e-9 {
                        best = c
                        cells.removeAll(keepingCapacity: true)
                    }
                    if abs(c - best) <= 1e-9 { cells.append((a, b)) }
                }
            }
            return (best, cells)
        }
        var lowRange = low, highRange = high
        if coarse > 1, let first = bestCells(low, high, step * Double(coarse)).cells.first {
            let reach = step * Double(coarse)
            lowRange = max(low.lowerBound, first.0 - reach)...min(low.upperBound, first.0 + reach)
            highRange = max(high.lowerBound, first.1 - reach)...min(high.upperBound, first.1 + reach)
        }
        // No cell at all (a round piece shorter than its two caps cannot have low ≤ high anywhere
        // in the ranges) leaves the ends at the middle of their ranges, unfitted.
        let (best, cells) = bestCells(lowRange, highRange, step)
        let centre = ((low.lowerBound + low.upperBound) / 2, (high.lowerBound + high.upperBound) / 2)
        guard !cells.isEmpty else { return (centre.0, centre.1, .infinity) }
        // A compact set of best cells (under a pixel each way) is read at its middle. A wide one
        // means the pixels hardly constrain the ends (a gap under a pixel shows as no gap at all):
        // then the cell nearest the first estimate is kept, moved only as far as the pixels demand.
        let lowSpan = cells.map(\.0).max()! - cells.map(\.0).min()!, highSpan = cells.map(\.1).max()! - cells.map(\.1).min()!
        if max(lowSpan, highSpan) * radius <= 1 {
            let n = Double(cells.count)
            return (cells.reduce(0) { $0 + $1.0 } / n, cells.reduce(0) { $0 + $1.1 } / n, best)
        }
        let nearest = cells.min { hypot($0.0 - centre.0, $0.1 - centre.1) < hypot($1.0 - centre.0, $1.1 - centre.1) }!
        return (nearest.0, nearest.1, best)
    }

    private static func grid(_ range: ClosedRange<Double>, _ step: Double) -> [Double] {
        let n = max(0, Int(saturating: ((range.upperBound - range.lowerBound) / step).rounded(.down)))
        return (0...n).map { range.lowerBound + Double($0) * step }
    }
}
