#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A group of grid points that changed for the first time after the sample (`LateChanges`),
/// and whether it lies along a straight strip, where no ring can be.
struct LateCluster {
    private(set) var points: [(x: Double, y: Double)] = []
    private(set) var hasOutside = false

    mutating func add(x: Int, y: Int, outside: Bool) {
        points.append((Double(x), Double(y)))
        if outside { hasOutside = true }
    }

    /// Whether the points lie along a straight strip at most three grid steps across and more
    /// than twice as long (plus a step), with no bend of a grid step or more over its length: a
    /// bar, a line, a row of pixels. Fewer than three points show no shape and count as
    /// straight: a ring the grid sees at all crosses more. A ring's band bends (an arc of 60°,
    /// the least the ring search takes, bends by 13 % of its radius) or, drawn whole, is as
    /// long as it is across.
    func isStraightStrip(step: Int) -> Bool {
        let n = Double(points.count)
        guard points.count >= 3 else { return true }
        let mx = points.reduce(0) { $0 + $1.x } / n, my = points.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points {
            let dx = p.x - mx, dy = p.y - my
            sxx += dx * dx; syy += dy * dy; sxy += dx * dy
        }
        // The strip's axis: the principal direction of the points' spread.
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        let ux = cos(angle), uy = sin(angle)
        var along: [Double] = [], across: [Double] = []
        for p in points {
            let dx = p.x - mx, dy = p.y - my
            along.append(dx * ux + dy * uy)
            across.append(-dx * uy + dy * ux)
        }
        let s = Double(step)
        guard let lo = across.min(), let hi = across.max(), let t0 = along.min(), let t1 = along.max(),
              hi - lo <= 3 * s, t1 - t0 >= 2 * (hi - lo) + s else { return false }
        // The bend: a parabola across = a + b·t + c·t² fitted to the points (least squares),
        // its sagitta over the strip's length.
        guard let c = Self.quadraticCoefficient(along, across) else { return true }
        let halfLength = (t1 - t0) / 2
        return abs(c) * halfLength * halfLength < s
    }

    /// The `c` of the least-squares parabola `y = a + b·x + c·x²`, or nil when the points do
    /// not fix one (fewer than three distinct `x`).
    static func quadraticCoefficient(_ x: [Double], _ y: [Double]) -> Double? {
        var m = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 3)
        for (xi, yi) in zip(x, y) {
            let powers = [1, xi, xi * xi]
            for r in 0..<3 {
                for k in 0..<3 { m[r][k] += powers[r] * powers[k] }
                m[r][3] += powers[r] * yi
            }
        }
        // Gaussian elimination with partial pivoting on the 3 × 3 normal equations.
        for col in 0..<3 {
            guard let pivot = (col..<3).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }), abs(m[pivot][col]) > 1e-9 * max(1, abs(m[0][0])) else { return nil }
            m.swapAt(col, pivot)
            for r in 0..<3 where r != col {
                let f = m[r][col] / m[col][col]
                for k in col..<4 { m[r][k] -= f * m[col][k] }
            }
        }
        return m[2][3] / m[2][2]
    }
}
