#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// A short piece of a ring's stroke, or a short gap in it, on 1-bit pixels (GIF transparency):
/// its two ends fitted together, because the pixels around each end also show the other.
///
/// Each pixel centre near the piece is set when the stroke covers it (coverage of at least a
/// half, for a straight edge exactly where the centre is covered). The stroke's body covers a
/// centre in the band whose angle lies between the two ends (a piece) or outside them (a gap); a
/// round cap also covers a centre within w / 2 of an end point, which at the centre's radius
/// `r` means an angular distance of at most α, cos α = (r² + R² − w²/4) / (2 r R). The ends are
/// searched on a grid of both at once; the middle of the cells where the fewest pixels
/// disagree is the reading when they are compact, else the best cell nearest the first estimate.
struct RingPieceShape {
    /// Per pixel centre: its angle past the reference (radians, clockwise), the round cap's
    /// angular reach at its radius (nil outside the band), and whether the pixel is set.
    private var angles: [Double] = []
    private var reaches: [Double?] = []
    private var set: [Bool] = []
    let radius: Double
    /// How many pixel centres the fit compares.
    var count: Int { angles.count }

    /// Collects the pixel centres within `halfExtent` radians of `reference` (degrees clockwise
    /// from 12 o'clock) and a pixel beyond the band. Centres within `edgeMargin` px of the band's
    /// edge are left out (whether they are set depends on the line width and radius more than on
    /// the ends). Nil when the image's edge cuts the neighbourhood.
    init?(image: RGBAImage, ring: RingGeometry, lineWidth w: Double, reference: Double, halfExtent: Double,
          edgeMargin: Double, isSet: (Int) -> Bool) {
        let R = ring.circle.radius, h = w / 2
        guard R > h + 1, w > 0, halfExtent > 0, halfExtent < Double.pi / 2 else { return nil }
        radius = R
        let theta0 = reference * Double.pi / 180
        let cx = ring.circle.center.x, cy = ring.circle.center.y
        let across = h + 1
        // The square around the arc's chord that holds every centre of the neighbourhood.
        let chord = R * sin(halfExtent) + across + 1
        let ex = cx + R * sin(theta0), ey = cy - R * cos(theta0)
        let x0 = Int((ex - chord).rounded(.down)), x1 = Int((ex + chord).rounded(.up))
        let y0 = Int((ey - chord).rounded(.down)), y1 = Int((ey + chord).rounded(.up))
        for y in y0...y1 {
            for x in x0...x1 {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let r = (dx * dx + dy * dy).squareRoot()
                var u = atan2(dx, -dy) - theta0
                if u > Double.pi { u -= 2 * Double.pi } else if u <= -Double.pi { u += 2 * Double.pi }
                guard abs(r - R) <= across, abs(u) <= halfExtent, abs(abs(r - R) - h) >= edgeMargin else { continue }
                guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
                angles.append(u)
                if abs(r - R) <= h {
                    let k = (r * r + R * R - h * h) / (2 * r * R)
                    reaches.append(acos(min(max(k, -1), 1)))
                } else {
                    reaches.append(nil)
                }
                set.append(isSet((y * image.width + x) * 4))
            }
        }
        guard !angles.isEmpty else { return nil }
    }

    /// The two ends (radians past the reference, `low` < `high` clockwise) that explain the
    /// pixels best, searched over `low` × `high` in steps of `step` radians. `gap`: the stroke
    /// covers the band outside (low, high) instead of inside [low, high].
    func fit(low: ClosedRange<Double>, high: ClosedRange<Double>, cap: CapStyle, gap: Bool, step: Double) -> (low: Double, high: Double, cost: Int) {
        let round = cap == .round
        let lows = Self.grid(low, step), highs = Self.grid(high, step)
        var best = Int.max
        var cells: [(Double, Double)] = []
        for a in lows {
            for b in highs where a <= b {
                var cost = 0
                for i in angles.indices {
                    let u = angles[i]
                    var covered = false
                    if let alpha = reaches[i] {
                        let inside = u >= a && u <= b
                        covered = gap ? !inside || u == a || u == b : inside
                        if round && !covered { covered = abs(u - a) <= alpha || abs(u - b) <= alpha }
                    }
                    if covered != set[i] { cost += 1 }
                    if cost > best { break }
                }
                if cost < best {
                    best = cost
                    cells.removeAll(keepingCapacity: true)
                }
                if cost == best { cells.append((a, b)) }
            }
        }
        let centre = ((low.lowerBound + low.upperBound) / 2, (high.lowerBound + high.upperBound) / 2)
        guard !cells.isEmpty else { return (centre.0, centre.1, Int.max) }
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
        let n = max(0, Int(((range.upperBound - range.lowerBound) / step).rounded(.down)))
        return (0...n).map { range.lowerBound + Double($0) * step }
    }
}
