import Raster
import Rendering
import StrokeGeometry

/// Independent references for the rasteriser tests: exact polygon areas, exact pixel coverage of
/// convex polygons by clipping, and a measurement of where a butt-capped end lies from pixels.
/// (Kept in one namespace so that nothing clashes with other RenderingTests files.)
enum RasterizerReference {
    /// A straight piece from `a` to `b` (pixels).
    static func line(_ a: Point, _ b: Point) -> StrokePiece {
        StrokePiece(segments: [.line(from: a, to: b)], isClosed: false)
    }

    /// An open or closed polyline through `points` (pixels).
    static func polyline(_ points: [Point], closed: Bool = false) -> StrokePiece {
        var segments: [StrokeSegment] = []
        for index in 1..<points.count {
            segments.append(.line(from: points[index - 1], to: points[index]))
        }
        if closed { segments.append(.line(from: points[points.count - 1], to: points[0])) }
        return StrokePiece(segments: segments, isClosed: closed)
    }

    /// The same piece drawn from its other end.
    static func reversed(_ piece: StrokePiece) -> StrokePiece {
        StrokePiece(
            segments: piece.segments.reversed().map { segment in
                switch segment {
                case .line(let from, let to): return .line(from: to, to: from)
                case .cubic(let c): return .cubic(CubicBezier(c.p3, c.p2, c.p1, c.p0))
                }
            },
            isClosed: piece.isClosed)
    }

    /// Relative difference `|measured − expected| / expected`.
    static func relativeError(_ measured: Double, _ expected: Double) -> Double {
        abs(measured - expected) / abs(expected)
    }

    /// Shoelace area of a polygon (absolute value), in pixels².
    static func area(_ polygon: [Point]) -> Double {
        var sum = 0.0
        for index in polygon.indices {
            let p = polygon[index]
            let q = polygon[(index + 1) % polygon.count]
            sum += p.x * q.y - q.x * p.y
        }
        return abs(sum) / 2
    }

    /// The exact area of a convex polygon inside pixel (`column`, `row`) (Sutherland–Hodgman
    /// clipping against the pixel's four sides), in pixels².
    static func exactCoverage(of convex: [Point], column: Int, row: Int) -> Double {
        var polygon = convex
        let x0 = Double(column), x1 = Double(column + 1)
        let y0 = Double(row), y1 = Double(row + 1)
        // Each half-plane as "value(p) ≥ 0 inside".
        let sides: [(Point) -> Double] = [
            { $0.x - x0 }, { x1 - $0.x }, { $0.y - y0 }, { y1 - $0.y },
        ]
        for inside in sides {
            guard !polygon.isEmpty else { return 0 }
            var clipped: [Point] = []
            for index in polygon.indices {
                let p = polygon[index]
                let q = polygon[(index + 1) % polygon.count]
                let vp = inside(p), vq = inside(q)
                if vp >= 0 { clipped.append(p) }
                if (vp >= 0) != (vq >= 0) {
                    clipped.append(p + (q - p) * (vp / (vp - vq)))
                }
            }
            polygon = clipped
        }
        return polygon.count >= 3 ? area(polygon) : 0
    }

    /// Where a butt-capped end cuts the pixel row (or column) through `end`, measured from the
    /// pixels alone: walking from a fully covered pixel to an empty one along the row, the covered
    /// length equals the distance to the cut (exactly, for a straight cut). Rows are used when the
    /// stroke travels more horizontally than vertically, columns otherwise. `nil` when no such
    /// window exists within 10 pixels.
    static func measuredCut(in mask: CoverageMask, end: Point, tangent: Point) -> Point? {
        let alongRows = abs(tangent.x) >= abs(tangent.y)
        let row = Int(end.y.rounded(.down))
        let column = Int(end.x.rounded(.down))
        let start = alongRows ? column : row
        func coverage(_ k: Int) -> Float { alongRows ? mask[x: k, y: row] : mask[x: column, y: k] }
        let step = (alongRows ? tangent.x : tangent.y) > 0 ? 1 : -1
        var inside = start
        while coverage(inside) < 1 {
            inside -= step
            if abs(inside - start) > 10 { return nil }
        }
        var outside = start
        while coverage(outside) > 0 {
            outside += step
            if abs(outside - start) > 10 { return nil }
        }
        var covered = 0.0
        var k = inside
        while k != outside {
            covered += Double(coverage(k))
            k += step
        }
        // The covered run starts at the near side of the fully covered pixel.
        let edge = Double(step > 0 ? inside : inside + 1) + Double(step) * covered
        return alongRows ? Point(edge, Double(row) + 0.5) : Point(Double(column) + 0.5, edge)
    }

    /// The smaller difference between two angles in degrees, ignoring whole turns.
    static func degreesApart(_ a: Double, _ b: Double) -> Double {
        let d = abs((a - b).truncatingRemainder(dividingBy: 360))
        return min(d, 360 - d)
    }

    /// A deterministic stream of numbers in [0, 1) (64-bit LCG), for reproducible random shapes.
    struct Numbers {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }
}
