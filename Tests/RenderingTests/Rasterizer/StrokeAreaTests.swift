import Foundation
import Raster
import Rendering
import StrokeGeometry
import Testing

/// The total coverage of a stroke equals its analytic area.
struct RasterizerAreaTests {
    typealias Ref = RasterizerReference

    /// A straight stroke of length 40 and width 6 at `angle` degrees, starting off the pixel grid.
    struct LineCase: Sendable, CustomStringConvertible {
        var cap: LineCap
        var angle: Double
        var description: String { "\(cap) cap at \(angle)°" }
    }

    static let lineCases: [LineCase] = LineCap.allCases.flatMap { cap in
        [0.0, 17.0, 45.0, 90.0, 123.4, 200.0].map { LineCase(cap: cap, angle: $0) }
    }

    @Test("a straight line covers w·L (butt), w·(L+w) (square) or w·L + π(w/2)² (round)", arguments: lineCases)
    func straightLine(_ c: LineCase) {
        let length = 40.0, width = 6.0
        let radians = c.angle * Double.pi / 180
        let a = Point(50.3, 50.6)
        let b = a + Point(length * cos(radians), length * sin(radians))
        let mask = StrokeRasterizer.coverage(pieces: [Ref.line(a, b)], lineWidth: width, cap: c.cap)
        let expected: Double
        switch c.cap {
        case .butt: expected = width * length
        case .square: expected = width * (length + width)
        case .round: expected = width * length + Double.pi * (width / 2) * (width / 2)
        }
        #expect(Ref.relativeError(mask.sum, expected) < 0.005)
        // Far tighter in fact: only the round caps' flattening and the vertical sampling remain.
        #expect(abs(mask.sum - expected) < 0.02)
    }

    @Test(
        "a full closed circle (UIBezierPath ovalIn) covers the ring area π((r+w/2)² − (r−w/2)²)",
        arguments: [(20.0, 1.0), (50.0, 4.0), (100.0, 4.0), (35.5, 10.0), (8.0, 6.0)])
    func fullRing(radius: Double, width: Double) {
        let centre = Point(radius + 13.37, radius + 9.81)
        let path = BezierPath.oval(
            x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
        let pieces = path.strokePath().visiblePieces(strokeStart: 0, strokeEnd: 1)
        #expect(pieces.count == 1 && pieces[0].isClosed)
        let mask = StrokeRasterizer.coverage(pieces: pieces, lineWidth: width, cap: .round, join: .miter)
        let h = width / 2
        let expected = Double.pi * ((radius + h) * (radius + h) - (radius - h) * (radius - h))
        #expect(Ref.relativeError(mask.sum, expected) < 0.005)
    }

    @Test("a full-circle arc drawn as an open piece with butt caps covers the same ring area")
    func fullArcRing() {
        let radius = 60.0, width = 5.0
        let geometry = LayerGeometry(path: .arc(
            center: Point(80, 80), radius: radius, startAngle: -Double.pi / 2, endAngle: 3 * Double.pi / 2,
            clockwise: true))
        let pieces = geometry.visiblePieces(strokeStart: 0, strokeEnd: 1)
        #expect(pieces.count == 1 && !pieces[0].isClosed)
        let mask = StrokeRasterizer.coverage(pieces: pieces, lineWidth: width, cap: .butt)
        #expect(Ref.relativeError(mask.sum, 2 * Double.pi * radius * width) < 0.005)
    }

    @Test(
        "a partial arc with butt caps covers sweep·r·w",
        arguments: [(0.0, 0.25), (0.1, 0.6), (0.33, 0.34), (0.05, 0.95), (0.5, 1.0)])
    func partialArc(strokeStart: Double, strokeEnd: Double) {
        let radius = 80.0, width = 7.0
        let path = BezierPath.arc(
            center: Point(100, 100), radius: radius, startAngle: -Double.pi / 2, endAngle: 3 * Double.pi / 2,
            clockwise: true)
        let pieces = path.strokePath().visiblePieces(
            strokeStart: strokeStart, strokeEnd: strokeEnd, mode: .exactArcLength)
        let mask = StrokeRasterizer.coverage(pieces: pieces, lineWidth: width, cap: .butt)
        let sweep = (strokeEnd - strokeStart) * 2 * Double.pi
        #expect(Ref.relativeError(mask.sum, sweep * radius * width) < 0.005)
    }

    /// A two-segment polyline and its analytic area: the two rectangles, less the inner kite they
    /// share (h²·tan(φ/2) for a turn of φ), plus the outer join (miter kite h²·tan(φ/2), round
    /// sector φ·h²/2, bevel triangle h²·sin(φ)/2). Butt caps.
    struct TickCase: Sendable, CustomStringConvertible {
        var name: String
        var points: [Point]
        var width: Double
        var join: LineJoin
        var description: String { "\(name), \(join) join" }

        var expectedArea: Double {
            let d1 = points[1] - points[0], d2 = points[2] - points[1]
            let l1 = d1.length, l2 = d2.length
            let turn = abs(atan2(d1.x * d2.y - d1.y * d2.x, d1.dot(d2)))
            let h = width / 2
            let kite = h * h * tan(turn / 2)
            let rectangles = width * (l1 + l2) - kite
            switch join {
            case .miter:
                return 1 / cos(turn / 2) <= LineJoin.defaultMiterLimit
                    ? rectangles + kite : rectangles + h * h * sin(turn) / 2
            case .round: return rectangles + turn * h * h / 2
            case .bevel: return rectangles + h * h * sin(turn) / 2
            }
        }
    }

    static let tickCases: [TickCase] = LineJoin.allCases.flatMap { join in
        [
            // MODEL-FORMAT.md's payment tick: a right-angle turn.
            TickCase(
                name: "payment tick", points: [Point(130, 150), Point(145, 165), Point(170, 140)],
                width: 6, join: join),
            TickCase(
                name: "40° bend", points: [Point(10.2, 30.7), Point(50.2, 30.7), Point(80.84, 56.41)],
                width: 5, join: join),
            // Miter length ≈ 9.6 × width: still a miter under the limit of 10.
            TickCase(
                name: "167.9° turn", points: [Point(20.5, 20.5), Point(60.5, 20.5), Point(20.5, 28.97)],
                width: 2, join: join),
            // Miter length ≈ 16 × width: over the limit, so the miter is bevelled.
            TickCase(
                name: "172.9° turn", points: [Point(20.5, 20.5), Point(60.5, 20.5), Point(20.5, 25.5)],
                width: 2, join: join),
        ]
    }

    @Test("a polyline tick covers its analytic area including the join wedge", arguments: tickCases)
    func tick(_ c: TickCase) {
        let mask = StrokeRasterizer.coverage(
            pieces: [Ref.polyline(c.points)], lineWidth: c.width, cap: .butt, join: c.join)
        #expect(Ref.relativeError(mask.sum, c.expectedArea) < 0.005)
        // The joins differ by a few px², so hold the sum much tighter than 0.5 %.
        #expect(abs(mask.sum - c.expectedArea) < 0.02)
    }

    @Test(
        "a closed square has joins at all four corners and no caps",
        arguments: LineJoin.allCases, LineCap.allCases)
    func closedSquare(join: LineJoin, cap: LineCap) {
        let side = 40.0, width = 6.0, h = 3.0
        let corners = [Point(20.3, 20.6), Point(60.3, 20.6), Point(60.3, 60.6), Point(20.3, 60.6)]
        let mask = StrokeRasterizer.coverage(
            pieces: [Ref.polyline(corners, closed: true)], lineWidth: width, cap: cap, join: join)
        let band = 4 * side * width
        let expected: Double
        switch join {
        case .miter: expected = band
        case .bevel: expected = band - 4 * (h * h / 2)
        case .round: expected = band - 4 * (h * h - Double.pi * h * h / 4)
        }
        #expect(abs(mask.sum - expected) < 0.02)
    }

    @Test("a square path from BezierPath closes with a join, not caps")
    func closedBezierSquare() {
        let path = BezierPath(elements: [
            .move(to: Point(10, 10)), .line(to: Point(50, 10)), .line(to: Point(50, 50)),
            .line(to: Point(10, 50)), .close,
        ])
        let pieces = path.strokePath().visiblePieces(strokeStart: 0, strokeEnd: 1)
        let mask = StrokeRasterizer.coverage(pieces: pieces, lineWidth: 4, cap: .square, join: .miter)
        #expect(abs(mask.sum - 4 * 40 * 4) < 0.02)
    }

    @Test("a mapping to pixels scales the area by scale²")
    func pixelMappingScalesArea() {
        let path = BezierPath.arc(
            center: Point(40, 40), radius: 30, startAngle: 0, endAngle: 2, clockwise: true)
        let points = path.strokePath().visiblePieces(strokeStart: 0, strokeEnd: 1)
        let mapping = PixelMapping(scale: 2, origin: Point(3.5, -1.25))
        let one = StrokeRasterizer.coverage(pieces: points, lineWidth: 4, cap: .round)
        let two = StrokeRasterizer.coverage(
            pieces: mapping.pixelPieces(points), lineWidth: mapping.pixelLength(4), cap: .round)
        #expect(Ref.relativeError(two.sum, 4 * one.sum) < 0.001)
        #expect(mapping.pixel(Point(1, 1)) == Point(5.5, 0.75))
    }

    @Test("strokeStart ≥ strokeEnd draws nothing at all, not even a cap dot", arguments: [(0.5, 0.5), (0.7, 0.2)])
    func emptyStroke(strokeStart: Double, strokeEnd: Double) {
        let path = BezierPath.arc(
            center: Point(50, 50), radius: 30, startAngle: 0, endAngle: 3, clockwise: true)
        let pieces = path.strokePath().visiblePieces(strokeStart: strokeStart, strokeEnd: strokeEnd)
        let mask = StrokeRasterizer.coverage(
            pieces: pieces, lineWidth: 6, cap: .round, clip: PixelRect(x: 0, y: 0, width: 100, height: 100))
        #expect(mask.sum == 0)
        #expect(mask.isEmpty)
    }

    @Test("a line of no width or of non-finite width draws nothing", arguments: [0.0, -3.0, Double.nan, Double.infinity])
    func noWidth(width: Double) {
        let mask = StrokeRasterizer.coverage(
            pieces: [Ref.line(Point(0, 0), Point(10, 10))], lineWidth: width, cap: .round)
        #expect(mask.isEmpty && mask.sum == 0)
    }

    @Test("a piece of zero length draws a dot with round caps and nothing with butt or square caps", arguments: LineCap.allCases)
    func zeroLengthPiece(cap: LineCap) {
        let piece = Ref.line(Point(20.5, 20.5), Point(20.5, 20.5))
        let mask = StrokeRasterizer.coverage(pieces: [piece], lineWidth: 6, cap: cap)
        let expected = cap == .round ? Double.pi * 9 : 0
        #expect(abs(mask.sum - expected) < 0.02)
    }
}
