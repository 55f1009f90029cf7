#if canImport(Glibc)
import StrokeGeometry
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// The pixels around one end of a ring's stroke, fitted with the exact shape of a butt or a
/// round end: where the end lies under each shape, and how well each explains the pixels.
///
/// Every pixel is split into `n` × `n` sub-points, expressed in the ring's polar frame relative
/// to a reference angle near the end: `u`, the angle past the reference in the drawing direction,
/// and the distance from the centre line. An end at angle `e` (same frame) covers a sub-point of
/// the band when `u ≤ e` (butt); a round end also covers it when it lies within w / 2 of the end
/// point, which for a point at radius `r` is `e ≥ u − α` with cos α = (r² + R² − w²/4) / (2 r R).
/// So each sub-point has one threshold per shape, a pixel's predicted coverage at `e` is the share
/// of its sub-points whose threshold is at most `e`, and the squared error is piecewise constant
/// in `e`: one sweep over the sorted thresholds finds its exact minimum.
///
/// 1-bit pixels (GIF transparency) are set where the stroke's area coverage reaches a half
/// (`halfCoverage`): each pixel then has one threshold per shape, the end at which half of its
/// sub-points are covered, and the squared error is the count of pixels that disagree. With
/// `n` = 1 that is where the pixel centre is covered — exact for a straight edge across a pixel
/// inside the band, but not for a round cap's curved edge or a pixel across the band's edge.
struct RingEndShape {
    /// Where an end lies under one shape, and what is left unexplained.
    struct Fit: Equatable {
        /// Radians past the reference angle, in the drawing direction.
        var offset: Double
        /// Sum of squared differences between observed and predicted coverage (pixels), each
        /// pixel's times its weight.
        var cost: Double
        /// How likely the pixels are under this shape with the end anywhere in the range (a
        /// uniform prior): the log of the mean over the range of exp(−`mismatchPenalty` · cost).
        /// Where both shapes explain the pixels perfectly, this is the log of the share of the
        /// range over which they do, and that share differs between shapes: summed over many
        /// ends it tells them apart when their best costs tie (`OneBitCapEvidence`).
        var logLikelihood: Double = 0
    }

    /// A pixel that disagrees is taken to occur with probability e⁻³ ≈ 5 % whatever the end:
    /// the geometry (radius, width, centre) is known only to a fraction of a pixel, so a pixel
    /// along the band's edge may be wrong under either shape. Costs are squared coverage
    /// differences, for 1-bit pixels the count of disagreeing pixels.
    static let mismatchPenalty = 3.0

    /// Observed coverage per pixel (0...1).
    private let observed: [Double]
    /// Per pixel: how much its squared coverage difference counts (1, or `edgeWeight`).
    private let weights: [Double]
    /// Per shape: the end positions it can be fitted within, the count per pixel of sub-points
    /// whose threshold is at or below that range (covered at every end in it), and the
    /// thresholds (radians) inside the range with their pixel, sorted by threshold. Thresholds
    /// above the range never count; keeping only those inside spares sorting (and, for pixels
    /// clearly to one side, computing) the rest of the neighbourhood.
    private let butt: Thresholds
    private let round: Thresholds
    private let subPoints: Int
    let radius: Double

    /// One shape's sub-point thresholds, as far as fits within `range` need them.
    private struct Thresholds {
        let range: ClosedRange<Double>
        var below: [Int32]
        var inside: [(threshold: Double, pixel: Int)] = []

        /// Files a sub-point of `pixel` by its threshold `t`.
        @inline(__always) mutating func add(_ t: Double, pixel: Int) {
            if t <= range.lowerBound { below[pixel] += 1 } else if t <= range.upperBound { inside.append((t, pixel)) }
        }

        /// Files `pixel`'s band sub-points: `below` of them covered at every end in the range,
        /// the others by their thresholds (`open`, reordered). With `halfOf` (the pixel's
        /// sub-point count) the pixel is one 1-bit point instead, set from the end at which half
        /// of its sub-points are covered.
        mutating func file(pixel: Int, below count: Int, open: inout [Double], halfOf total: Int?) {
            guard let total else {
                below[pixel] += Int32(count)
                for t in open { add(t, pixel: pixel) }
                return
            }
            let needed = (total + 1) / 2 - count
            if needed <= 0 { below[pixel] += 1; return }
            guard open.count >= needed else { return }  // never half covered
            open.sort()
            add(open[needed - 1], pixel: pixel)
        }
    }

    /// Collects the pixels around the end near `reference` (degrees clockwise from 12 o'clock).
    /// `beyondClockwise`: the stroke's ink lies counter-clockwise of this end (the clockwise end
    /// of a piece). `coverage` gives a pixel's observed coverage from its byte offset in `image`.
    /// `buttRange` and `roundRange` bound the end positions (radians past the reference) that
    /// `fit` may be asked about for each shape (by default any). `halfCoverage`: the pixels are
    /// 1-bit, set where half of their `n` × `n` sub-points are covered. Pixels whose centre lies
    /// within `edgeMargin` px of the band's edge are left out, or with an `edgeWeight` above 0
    /// count that much each instead of 1 (see `ArcMeasurer.binaryEdgeWeight`). Nil when the image's edge cuts
    /// the neighbourhood.
    init?(image: RGBAImage, ring: RingGeometry, lineWidth w: Double, reference: Double, beyondClockwise: Bool,
          subdivisions n: Int, halfCoverage: Bool = false, edgeMargin: Double = 0, edgeWeight: Double = 0,
          buttRange: ClosedRange<Double> = -Double.infinity...Double.infinity,
          roundRange: ClosedRange<Double> = -Double.infinity...Double.infinity,
          coverage: (Int) -> Double) {
        self.init(canvasWidth: image.width, canvasHeight: image.height, ring: ring, lineWidth: w, reference: reference,
                  beyondClockwise: beyondClockwise, subdivisions: n, halfCoverage: halfCoverage, edgeMargin: edgeMargin, edgeWeight: edgeWeight,
                  buttRange: buttRange, roundRange: roundRange, coverage: coverage)
    }

    /// The same for a canvas of `canvasWidth` × `canvasHeight` whose pixels only `coverage`
    /// reads (byte offsets as in an `RGBAImage` of that size): a copy of the neighbourhood
    /// alone will do (`CapEvidenceJob`).
    init?(canvasWidth: Int, canvasHeight: Int, ring: RingGeometry, lineWidth w: Double, reference: Double, beyondClockwise: Bool,
          subdivisions n: Int, halfCoverage: Bool = false, edgeMargin: Double = 0, edgeWeight: Double = 0,
          buttRange: ClosedRange<Double> = -Double.infinity...Double.infinity,
          roundRange: ClosedRange<Double> = -Double.infinity...Double.infinity,
          coverage: (Int) -> Double) {
        let R = ring.circle.radius, h = w / 2
        guard R > h + 1, w > 0, n >= 1 else { return nil }
        radius = R
        subPoints = halfCoverage ? 1 : n * n
        let direction: Double = beyondClockwise ? 1 : -1
        let theta0 = reference * Double.pi / 180
        let cx = ring.circle.center.x, cy = ring.circle.center.y
        // The neighbourhood: the band and a pixel either side, a cap's length and 2.5 px either
        // side of the end along the arc (the fits range over ±1.5 px around it).
        let along = h + 2.5, across = h + 1
        let box = Self.neighbourhood(of: ring, lineWidth: w, reference: reference)
        var observed: [Double] = []
        var weights: [Double] = []
        var butt = Thresholds(range: buttRange, below: [])
        var round = Thresholds(range: roundRange, below: [])
        var buttOpen: [Double] = [], roundOpen: [Double] = []
        let maxAngle = along / R, h2 = h * h
        // A band sub-point (radius ≥ R − h > 1) lies within 0.71 px of its pixel's centre, so its
        // angle differs from the centre's by at most `spread`; a round end's threshold lies
        // below the sub-point's angle by at most asin(h / R) (the half-width seen from the
        // centre). Pixels whose sub-points all fall to one side of a shape's range by these
        // bounds (with a margin far above rounding) are filed without atan2 and acos: the same
        // counts as filing each sub-point.
        let margin = 1e-9
        let spread = asin(min(1, 0.7072 / (R - h))) + margin
        let roundReach = asin(min(1, h / R)) + margin
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) {
                // The pixel is used when its centre lies in the neighbourhood.
                let (rc, uc) = Self.polar(Double(x) + 0.5 - cx, Double(y) + 0.5 - cy, theta0, direction)
                guard abs(rc - R) <= across, abs(uc) <= maxAngle else { continue }
                let nearEdge = abs(abs(rc - R) - h) < edgeMargin
                guard !nearEdge || edgeWeight > 0 else { continue }
                // A neighbourhood cut by the image's edge is not fitted: the missing pixels
                // would weigh for neither shape.
                guard x >= 0, y >= 0, x < canvasWidth, y < canvasHeight else { return nil }
                let pixel = observed.count
                observed.append(coverage((y * canvasWidth + x) * 4))
                weights.append(nearEdge ? edgeWeight : 1)
                butt.below.append(0)
                round.below.append(0)
                // Per shape: every sub-point at or below the range (true), every one above (false),
                // or undecided (nil). Near ±π the angles wrap: always undecided there.
                let unwrapped = abs(uc) + spread < Double.pi / 2
                let buttSide: Bool? = !unwrapped ? nil : uc + spread <= buttRange.lowerBound ? true : uc - spread > buttRange.upperBound ? false : nil
                let roundSide: Bool? = !unwrapped ? nil : uc + spread <= roundRange.lowerBound ? true : uc - spread - roundReach > roundRange.upperBound ? false : nil
                var buttBelow = 0, roundBelow = 0
                buttOpen.removeAll(keepingCapacity: true)
                roundOpen.removeAll(keepingCapacity: true)
                for i in 0..<n {
                    for j in 0..<n {
                        let px = Double(x) + (Double(i) + 0.5) / Double(n) - cx
                        let py = Double(y) + (Double(j) + 0.5) / Double(n) - cy
                        if let buttSide, let roundSide {
                            // The same radius as `polar` gives, for the same band test.
                            let r = (px * px + py * py).squareRoot()
                            guard abs(r - R) <= h else { continue }
                            if buttSide { buttBelow += 1 }
                            if roundSide { roundBelow += 1 }
                            continue
                        }
                        let (r, u) = Self.polar(px, py, theta0, direction)
                        guard abs(r - R) <= h else { continue }  // outside the band: never covered
                        if let buttSide {
                            if buttSide { buttBelow += 1 }
                        } else {
                            buttOpen.append(u)
                        }
                        if let roundSide {
                            if roundSide { roundBelow += 1 }
                        } else {
                            let k = (r * r + R * R - h2) / (2 * r * R)
                            roundOpen.append(u - acos(min(max(k, -1), 1)))
                        }
                    }
                }
                butt.file(pixel: pixel, below: buttBelow, open: &buttOpen, halfOf: halfCoverage ? n * n : nil)
                round.file(pixel: pixel, below: roundBelow, open: &roundOpen, halfOf: halfCoverage ? n * n : nil)
            }
        }
        self.observed = observed
        self.weights = weights
        // A stable sort: equal thresholds keep the order they were found in, so the sweep adds
        // up the cost in the same order as over the whole neighbourhood's sorted thresholds.
        butt.inside.sort { $0.threshold < $1.threshold }
        round.inside.sort { $0.threshold < $1.threshold }
        self.butt = butt
        self.round = round
    }

    /// The pixels around the end near `reference` that a `RingEndShape` reads (a square around
    /// the end point, which may reach past the image).
    static func neighbourhood(of ring: RingGeometry, lineWidth w: Double, reference: Double) -> PixelRect {
        let theta0 = reference * Double.pi / 180, R = ring.circle.radius
        let ex = ring.circle.center.x + R * sin(theta0), ey = ring.circle.center.y - R * cos(theta0)
        // The band and a pixel either side, a cap's length and 2.5 px either side of the end along the arc.
        let reach = (w / 2 + 2.5) + (w / 2 + 1) + 1
        let x0 = Int((ex - reach).rounded(.down)), x1 = Int((ex + reach).rounded(.up))
        let y0 = Int((ey - reach).rounded(.down)), y1 = Int((ey + reach).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// The sub-point's radius and its angle past the reference, in the drawing direction, in (−π, π].
    private static func polar(_ dx: Double, _ dy: Double, _ theta0: Double, _ direction: Double) -> (Double, Double) {
        let r = (dx * dx + dy * dy).squareRoot()
        // Clockwise from 12 o'clock on screen (y down).
        var u = atan2(dx, -dy) - theta0
        if u > Double.pi { u -= 2 * Double.pi } else if u <= -Double.pi { u += 2 * Double.pi }
        return (r, u * direction)
    }

    /// The best end position for `cap` (butt or round) within `range` (radians past the
    /// reference): the middle of the interval where the squared error is smallest; of equally
    /// good intervals, the one nearest the middle of `range`. `range` must lie within the
    /// shape's range given at initialisation.
    func fit(_ cap: LineCap, within range: ClosedRange<Double>) -> Fit {
        let shape = cap == .round ? round : butt
        precondition(shape.range.lowerBound <= range.lowerBound && range.upperBound <= shape.range.upperBound,
                     "RingEndShape.fit: \(range) is outside the prepared \(shape.range)")
        let thresholds = shape.inside
        let scale = 1 / Double(subPoints)
        var count = shape.below.map { Int($0) }
        var k = 0
        while k < thresholds.count, thresholds[k].threshold <= range.lowerBound {
            count[thresholds[k].pixel] += 1
            k += 1
        }
        var cost = 0.0
        for (p, c) in observed.enumerated() {
            let d = c - Double(count[p]) * scale
            cost += weights[p] * d * d
        }
        let target = (range.lowerBound + range.upperBound) / 2
        var best = Fit(offset: range.lowerBound, cost: .infinity)
        var from = range.lowerBound
        // The likelihood's log, summed stably (the costs may run to hundreds of pixels):
        // exp(logScale) · likelihood.
        var logScale = -Double.infinity, likelihood = 0.0
        func consider(until to: Double) {
            if to > from {
                let term = log((to - from) * radius) - Self.mismatchPenalty * cost
                if term > logScale {
                    likelihood = likelihood * exp(logScale - term) + 1
                    logScale = term
                } else {
                    likelihood += exp(term - logScale)
                }
            }
            let mid = (from + to) / 2
            if cost < best.cost - 1e-9 || (abs(cost - best.cost) <= 1e-9 && abs(mid - target) < abs(best.offset - target)) {
                best = Fit(offset: mid, cost: cost)
            }
        }
        while k < thresholds.count, thresholds[k].threshold <= range.upperBound {
            let t = thresholds[k].threshold
            if t > from { consider(until: t); from = t }
            let p = thresholds[k].pixel
            let before = observed[p] - Double(count[p]) * scale
            count[p] += 1
            let after = observed[p] - Double(count[p]) * scale
            cost += weights[p] * (after * after - before * before)
            k += 1
        }
        consider(until: range.upperBound)
        best.logLikelihood = logScale + log(likelihood) - log((range.upperBound - range.lowerBound) * radius)
        return best
    }
}
