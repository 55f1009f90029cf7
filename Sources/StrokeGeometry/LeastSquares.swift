/// Small least-squares solutions shared by the estimators: a line through points, and the 3 × 3
/// systems of circle and parabola fits.
public enum LeastSquares {
    /// The total-least-squares line through `points`: their mean and the unit direction of their
    /// largest spread; nil when the points do not spread (none, or all at one place).
    public static func line(through points: [Point]) -> (centre: Point, direction: Point)? {
        guard !points.isEmpty else { return nil }
        let n = Double(points.count)
        let c = Point(x: points.map(\.x).reduce(0, +) / n, y: points.map(\.y).reduce(0, +) / n)
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points { let q = p - c; sxx += q.x * q.x; syy += q.y * q.y; sxy += q.x * q.y }
        guard sxx + syy > 1e-9 else { return nil }
        let angle = 0.5 * arcTangent2(2 * sxy, sxx - syy)
        return (c, Point(x: cosine(angle), y: sine(angle)))
    }

    /// Solves the 3 × 3 system `m · x = v` by Gaussian elimination with partial pivoting; nil
    /// when it is singular.
    public static func solve3(_ m: [[Double]], _ v: [Double]) -> [Double]? {
        var a = m, b = v
        for col in 0..<3 {
            var pivot = col
            for r in col..<3 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot); b.swapAt(col, pivot)
            for r in 0..<3 where r != col {
                let f = a[r][col] / a[col][col]
                for k in col..<3 { a[r][k] -= f * a[col][k] }
                b[r] -= f * b[col]
            }
        }
        return (0..<3).map { b[$0] / a[$0][$0] }
    }

    /// The `c` of the least-squares parabola `y = a + b·x + c·x²` through the points, or nil
    /// when they do not fix one (fewer than three distinct `x`).
    public static func parabolaCurvature(_ x: [Double], _ y: [Double]) -> Double? {
        var m = [[Double]](repeating: [0, 0, 0], count: 3), v = [0.0, 0, 0]
        for (xi, yi) in zip(x, y) {
            let powers = [1, xi, xi * xi]
            for r in 0..<3 {
                for k in 0..<3 { m[r][k] += powers[r] * powers[k] }
                v[r] += powers[r] * yi
            }
        }
        // Singular (or nearly: all x alike) relative to the system's own scale.
        guard Set(x).count >= 3 else { return nil }
        return solve3(m, v)?[2]
    }
}
