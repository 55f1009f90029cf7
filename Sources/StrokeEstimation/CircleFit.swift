import StrokeGeometry

/// A circle in pixel coordinates (pixel (i, j) covers [i, i+1) × [j, j+1)).
public struct Circle: Sendable, Equatable {
    public var center: Point
    public var radius: Double
    public init(center: Point, radius: Double) {
        self.center = center
        self.radius = radius
    }
}

enum CircleFit {
    /// Weighted algebraic (Kåsa) fit: minimises Σ w (x² + y² + D x + E y + F)².
    static func algebraic(_ points: [Point], weights: [Double]) -> Circle? {
        guard points.count >= 3 else { return nil }
        // Centre the data for conditioning.
        var mx = 0.0, my = 0.0, ws = 0.0
        for (p, w) in zip(points, weights) { mx += w * p.x; my += w * p.y; ws += w }
        guard ws > 0 else { return nil }
        mx /= ws; my /= ws
        var suu = 0.0, svv = 0.0, suv = 0.0, suuu = 0.0, svvv = 0.0, suvv = 0.0, svuu = 0.0
        for (p, w) in zip(points, weights) {
            let u = p.x - mx, v = p.y - my
            suu += w * u * u; svv += w * v * v; suv += w * u * v
            suuu += w * u * u * u; svvv += w * v * v * v; suvv += w * u * v * v; svuu += w * v * u * u
        }
        let det = suu * svv - suv * suv
        guard abs(det) > 1e-12 else { return nil }
        let a = 0.5 * (suuu + suvv), b = 0.5 * (svvv + svuu)
        let uc = (a * svv - b * suv) / det, vc = (b * suu - a * suv) / det
        let r2 = uc * uc + vc * vc + (suu + svv) / ws
        guard r2 > 0 else { return nil }
        return Circle(center: Point(x: uc + mx, y: vc + my), radius: r2.squareRoot())
    }

    /// Weighted geometric fit (Gauss–Newton on Σ w (|p − c| − r)²), started from `initial`.
    static func geometric(_ points: [Point], weights: [Double], initial: Circle, iterations: Int = 20) -> Circle {
        var c = initial
        for _ in 0..<iterations {
            // Normal equations for (cx, cy, r).
            var m = [[Double]](repeating: [0, 0, 0], count: 3)
            var g = [0.0, 0.0, 0.0]
            for (p, w) in zip(points, weights) {
                let dx = p.x - c.center.x, dy = p.y - c.center.y
                let d = (dx * dx + dy * dy).squareRoot()
                guard d > 1e-9 else { continue }
                let res = d - c.radius
                let j = [-dx / d, -dy / d, -1.0]
                for a in 0..<3 {
                    g[a] += w * j[a] * res
                    for b in 0..<3 { m[a][b] += w * j[a] * j[b] }
                }
            }
            guard let step = LeastSquares.solve3(m, g) else { break }
            c.center.x -= step[0]; c.center.y -= step[1]; c.radius -= step[2]
            if abs(step[0]) + abs(step[1]) + abs(step[2]) < 1e-9 { break }
        }
        return c
    }
}
