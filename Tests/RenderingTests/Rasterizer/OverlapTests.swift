import Raster
import Rendering
import StrokeGeometry
import Testing

/// Overlapping parts of a stroke are painted once: the outline is a union, not a sum.
struct RasterizerOverlapTests {
    typealias Ref = RasterizerReference

    @Test("a near-full ring whose round caps overlap never exceeds coverage 1, and the overlap is solid")
    func touchingCaps() {
        // Gap of 0.03·2π·40 ≈ 7.5 px between the ends; the caps reach 6 px each.
        let centre = Point(60, 60)
        let path = BezierPath.arc(
            center: centre, radius: 40, startAngle: -Double.pi / 2, endAngle: 3 * Double.pi / 2, clockwise: true)
        let pieces = path.strokePath().visiblePieces(strokeStart: 0, strokeEnd: 0.97)
        let mask = StrokeRasterizer.coverage(pieces: pieces, lineWidth: 12, cap: .round)
        #expect(mask.maximum <= 1)
        #expect(mask.values.allSatisfy { $0 >= 0 && $0 <= 1 })
        // The gap's middle, on the centre line just left of 12 o'clock, is inside both caps.
        let gapMiddle = path.strokePath().point(atFraction: 0.985)!
        #expect(mask[x: Int(gapMiddle.x), y: Int(gapMiddle.y)] == 1)
    }

    @Test(
        "drawing the same piece twice covers exactly what drawing it once does",
        arguments: LineJoin.allCases)
    func duplicatePieces(join: LineJoin) {
        let tick = Ref.polyline([Point(130.2, 150.1), Point(145.3, 165.4), Point(170.6, 140.7)])
        let once = StrokeRasterizer.coverage(pieces: [tick], lineWidth: 7, cap: .round, join: join)
        let twice = StrokeRasterizer.coverage(pieces: [tick, tick], lineWidth: 7, cap: .round, join: join)
        #expect(once == twice)
    }

    @Test("a piece drawn from its other end covers the same pixels", arguments: LineCap.allCases)
    func reversedPiece(cap: LineCap) {
        let path = BezierPath(elements: [
            .move(to: Point(20, 80)), .line(to: Point(50, 30)),
            .curve(to: Point(110, 70), control1: Point(70, 0), control2: Point(130, 40)),
            .arc(Arc(center: Point(80, 90), radius: 25, startAngle: 0.2, endAngle: 2.9, clockwise: true)),
        ])
        let pieces = path.strokePath().visiblePieces(strokeStart: 0, strokeEnd: 1)
        let forward = StrokeRasterizer.coverage(pieces: pieces, lineWidth: 5, cap: cap, join: .round)
        let backward = StrokeRasterizer.coverage(
            pieces: pieces.map(Ref.reversed), lineWidth: 5, cap: cap, join: .round)
        #expect(forward.rect == backward.rect)
        let worst = zip(forward.values, backward.values).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= 1.0 / 255)
        #expect(abs(forward.sum - backward.sum) < 0.01)
    }

    @Test("a curve tighter than half the line width is still covered solidly, without holes")
    func tightCurve() {
        // A hairpin cubic of radius ≈ 3 px stroked 16 px wide: the inner offset folds.
        let curve = CubicBezier(Point(40, 40), Point(60, 40), Point(60, 46), Point(40, 46))
        let piece = StrokePiece(segments: [.cubic(curve)], isClosed: false)
        let mask = StrokeRasterizer.coverage(pieces: [piece], lineWidth: 16, cap: .butt)
        #expect(mask.maximum <= 1)
        // The pixels around the hairpin's tip and between its legs are all covered.
        for (x, y) in [(44, 43), (50, 43), (54, 43), (56, 43), (58, 43), (50, 38), (50, 48)] {
            #expect(mask[x: x, y: y] == 1)
        }
    }

    @Test("a cusp (a curve that doubles back on itself) leaves no hole at the turning point")
    func cusp() {
        // Control points crossed: the curve stops and reverses at u = 0.5.
        let curve = CubicBezier(Point(20, 30), Point(80, 30), Point(20, 30), Point(80, 30))
        let piece = StrokePiece(segments: [.cubic(curve)], isClosed: false)
        let mask = StrokeRasterizer.coverage(pieces: [piece], lineWidth: 6, cap: .butt)
        for x in 22..<78 {
            #expect(mask[x: x, y: 29] == 1)
            #expect(mask[x: x, y: 30] == 1)
        }
    }

    @Test("a self-crossing polyline with round joins and caps covers exactly the points within w/2 of it")
    func roundStrokeIsDistanceRegion() {
        // With round joins and caps a polyline's stroke is the set of points within w/2 of it;
        // check against that definition, sampled 16 × 16 per pixel.
        let points = [Point(6.3, 30.2), Point(30.7, 8.1), Point(33.4, 31.9), Point(8.8, 12.6), Point(26.2, 20.4)]
        let width = 4.6
        let piece = Ref.polyline(points)
        let mask = StrokeRasterizer.coverage(pieces: [piece], lineWidth: width, cap: .round, join: .round)
        func distance(_ p: Point) -> Double {
            var best = Double.infinity
            for index in 1..<points.count {
                let a = points[index - 1], d = points[index] - a
                let t = min(max((p - a).dot(d) / d.dot(d), 0), 1)
                best = min(best, p.distance(to: a + d * t))
            }
            return best
        }
        let grid = 16
        var referenceSum = 0.0
        var worst = 0.0
        for row in 0..<40 {
            for column in 0..<40 {
                var inside = 0
                for j in 0..<grid {
                    for i in 0..<grid {
                        let p = Point(
                            Double(column) + (Double(i) + 0.5) / Double(grid),
                            Double(row) + (Double(j) + 0.5) / Double(grid))
                        if distance(p) <= width / 2 { inside += 1 }
                    }
                }
                let reference = Double(inside) / Double(grid * grid)
                referenceSum += reference
                worst = max(worst, abs(reference - Double(mask[x: column, y: row])))
            }
        }
        // The sampled reference is itself only good to a few hundredths per pixel.
        #expect(worst < 0.05)
        #expect(Ref.relativeError(mask.sum, referenceSum) < 0.002)
        #expect(mask.maximum <= 1)
    }
}
