import Testing
import StrokeGeometry

@Suite("The visible stroke for strokeStart and strokeEnd")
struct VisibleStrokeTests {
    static let stateCases: [(strokeStart: Double, strokeEnd: Double, state: StrokeState)] = [
        (0, 1, .full),
        (-0.2, 1.5, .full),
        (0, 0.3, .arc),
        (0.2, 1, .arc),
        (-1, 0.5, .arc),
        (0.25, 0.75, .arc),
        (0.3, 0.3, .empty),
        (0.5, 0.2, .empty),
        (0, 0, .empty),
        (1, 1, .empty),
        (1.2, 2, .empty),
        (-0.5, -0.1, .empty),
        (0.999_999, 1, .arc),
    ]

    @Test("s = max(strokeStart, 0), e = min(strokeEnd, 1): s ≥ e is empty, 0…1 full, else partial",
          arguments: stateCases)
    func states(strokeStart: Double, strokeEnd: Double, state: StrokeState) {
        let stroke = workedExamplePath.strokePath().visibleStroke(strokeStart: strokeStart, strokeEnd: strokeEnd)
        #expect(stroke.state == state)
        #expect((0...1).contains(stroke.strokeStart) && (0...1).contains(stroke.strokeEnd))
    }

    @Test("an empty stroke has no ends and no pieces, not even a cap dot")
    func emptyHasNothing() {
        let path = workedExamplePath.strokePath()
        let stroke = path.visibleStroke(strokeStart: 0.4, strokeEnd: 0.4)
        #expect(stroke.start == nil && stroke.end == nil)
        #expect(stroke.startCapTip(cap: .round, lineWidth: 6) == nil)
        #expect(path.visiblePieces(strokeStart: 0.4, strokeEnd: 0.4).isEmpty)
    }

    @Test("a path of zero length is empty even when drawn whole")
    func zeroLengthPath() {
        let path = BezierPath.arc(center: .zero, radius: 10, startAngle: -Double.pi / 2, endAngle: 3 * Double.pi / 2, clockwise: false)
        #expect(path.strokePath().visibleStroke(strokeStart: 0, strokeEnd: 1).state == .empty)
    }

    @Test("the worked example's partial stroke runs from 12 o'clock to CA's split point")
    func workedExampleEnds() throws {
        let stroke = workedExamplePath.strokePath().visibleStroke(strokeStart: 0, strokeEnd: 0.3)
        #expect(stroke.state == .arc)
        let start = try #require(stroke.start)
        let end = try #require(stroke.end)
        #expect(isClose(start.point, Point(100, 50), within: 1e-12))
        #expect(isClose(start.tangent, Point(1, 0), within: 1e-12))
        #expect(isClose(end.point, Point(147.451, 115.804), within: 1e-3))
        // The tangent is close to perpendicular to the radius (the Bézier is nearly a circle).
        let radial = try #require((end.point - Point(100, 100)).normalized)
        #expect(abs(radial.dot(end.tangent)) < 0.01)
        // Clockwise at about 4 o'clock runs down and to the left.
        #expect(end.tangent.x < 0 && end.tangent.y > 0)
    }

    @Test("a full stroke of a closed oval has no ends; of an open 300° arc or a tick it has two")
    func fullStrokeEnds() {
        let oval = BezierPath.oval(x: 0, y: 0, width: 40, height: 40).strokePath()
        #expect(!oval.visibleStroke(strokeStart: 0, strokeEnd: 1).hasTwoEnds)

        let arc300 = BezierPath.arc(
            center: Point(50, 50), radius: 40, startAngle: -Double.pi / 2,
            endAngle: -Double.pi / 2 + 300 * Double.pi / 180, clockwise: true).strokePath()
        let stroke = arc300.visibleStroke(strokeStart: 0, strokeEnd: 1)
        #expect(stroke.state == .full && stroke.hasTwoEnds)
        #expect(isClose(stroke.start?.point, Point(50, 10), within: 1e-12))
        #expect(isClose(stroke.end?.point, Point(50 - 40 * 0.75.squareRoot(), 30), within: 1e-12))

        let tick = tickPath.strokePath().visibleStroke(strokeStart: -1, strokeEnd: 2)
        #expect(tick.state == .full)
        #expect(tick.start?.point == Point(130, 150) && tick.end?.point == Point(170, 140))
    }

    static let shareCases: [(strokeStart: Double, strokeEnd: Double)] = [
        (0.0, 0.3), (0.1, 0.9), (0.25, 0.5), (0.33, 0.34), (0.6, 1.0),
    ]

    @Test("cut pieces in exact mode are exactly the requested share of the length", arguments: shareCases)
    func exactPieces(strokeStart: Double, strokeEnd: Double) {
        let path = workedExamplePath.strokePath()
        let pieces = path.visiblePieces(strokeStart: strokeStart, strokeEnd: strokeEnd, mode: .exactArcLength)
        #expect(pieces.count == 1)
        let drawn = pieces.reduce(0) { $0 + $1.length }
        #expect(abs(drawn - (strokeEnd - strokeStart) * path.length) <= 1e-9 * path.length)
    }

    @Test("CA's pieces split the Bézier at the length fraction and join its ends")
    func coreAnimationPieces() throws {
        let path = workedExamplePath.strokePath()
        let pieces = path.visiblePieces(strokeStart: 0, strokeEnd: 0.3)
        let piece = try #require(pieces.first)
        #expect(pieces.count == 1 && !piece.isClosed)
        #expect(piece.segments.count == 2)
        #expect(piece.segments[0] == path.elements[0].segment)
        #expect(isClose(piece.segments[1].endPoint, Point(147.451, 115.804), within: 1e-3))
        for (a, b) in zip(piece.segments, piece.segments.dropFirst()) {
            #expect(isClose(a.endPoint, b.startPoint, within: 1e-12))
        }
    }

    @Test("a cut inside one element keeps only the part between the two parameters")
    func cutWithinOneElement() throws {
        let path = tickPath.strokePath()
        let pieces = path.visiblePieces(strokeStart: 0.5, strokeEnd: 0.75)
        let segment = try #require(pieces.first?.segments.first)
        #expect(pieces.count == 1 && pieces[0].segments.count == 1)
        // 28.28 and 42.43 along the 56.57 tick, both on the second line.
        #expect(isClose(segment.startPoint, Point(150, 160), within: 1e-9))
        #expect(isClose(segment.endPoint, Point(160, 150), within: 1e-9))
    }

    @Test("a stroke across two subpaths draws one open piece in each")
    func piecesAcrossSubpaths() {
        let path = BezierPath(elements: [
            .move(to: Point(0, 0)), .line(to: Point(10, 0)), .line(to: Point(10, 10)), .close,
            .move(to: Point(0, 50)), .line(to: Point(20, 50)),
        ]).strokePath()
        let total = 20 + 200.0.squareRoot() + 20
        #expect(isClose(path.length, total, within: 1e-12))
        let pieces = path.visiblePieces(strokeStart: 5 / total, strokeEnd: (total - 10) / total)
        #expect(pieces.count == 2)
        #expect(pieces.map(\.isClosed) == [false, false])
        #expect(isClose(pieces[0].segments.first?.startPoint, Point(5, 0), within: 1e-9))
        #expect(isClose(pieces[1].segments.last?.endPoint, Point(10, 50), within: 1e-9))
        // Drawn whole, the closed subpath stays closed.
        #expect(path.visiblePieces(strokeStart: 0, strokeEnd: 1).map(\.isClosed) == [true, false])
    }

    @Test("a stroke that ends exactly where a subpath ends stops there, not at the next start")
    func endOnSubpathBoundary() {
        let path = BezierPath(elements: [
            .move(to: Point(0, 0)), .line(to: Point(10, 0)), .move(to: Point(0, 50)), .line(to: Point(10, 50)),
        ]).strokePath()
        let stroke = path.visibleStroke(strokeStart: 0.1, strokeEnd: 0.5)
        #expect(stroke.end?.point == Point(10, 0))
        let later = path.visibleStroke(strokeStart: 0.5, strokeEnd: 0.9)
        #expect(later.start?.point == Point(0, 50))
        #expect(path.visiblePieces(strokeStart: 0.1, strokeEnd: 0.5).count == 1)
    }
}

@Suite("Line caps")
struct CapTests {
    static let reachCases: [(cap: LineCap, reach: Double)] = [(.butt, 0.0), (.round, 3.0), (.square, 3.0)]

    @Test("caps reach 0 (butt) or lineWidth/2 (round, square) beyond the ends", arguments: reachCases)
    func reach(cap: LineCap, reach: Double) {
        #expect(cap.reach(lineWidth: 6) == reach)
    }

    static let tipCases: [(cap: LineCap, startTip: Point)] = [
        (.butt, Point(100, 50)), (.square, Point(97, 50)), (.round, Point(97, 50)),
    ]

    @Test("cap tips extend the ends back and on along the tangents", arguments: tipCases)
    func tips(cap: LineCap, startTip: Point) throws {
        let stroke = workedExamplePath.strokePath().visibleStroke(strokeStart: 0, strokeEnd: 0.3)
        #expect(isClose(stroke.startCapTip(cap: cap, lineWidth: 6), startTip, within: 1e-12))
        let end = try #require(stroke.end)
        let tip = try #require(stroke.endCapTip(cap: cap, lineWidth: 6))
        #expect(isClose(tip.distance(to: end.point), cap.reach(lineWidth: 6), within: 1e-12))
        if cap != .butt { #expect((tip - end.point).dot(end.tangent) > 0) }
    }

    static let angleCases: [(cap: LineCap, measure: CapAngleMeasure, degrees: Double)] = [
        (.butt, .farthestPoint, 0), (.butt, .centreLine, 0),
        // asin(3/50), 2·asin(3/100), atan2(3, 47), asin(3/50)
        (.round, .farthestPoint, 3.43980), (.round, .centreLine, 3.43826),
        (.square, .farthestPoint, 3.65215), (.square, .centreLine, 3.43980),
    ]

    @Test("on the worked example's circle a 6 pt cap adds about 3/50 rad ≈ 3.4° per end", arguments: angleCases)
    func extraAngles(cap: LineCap, measure: CapAngleMeasure, degrees: Double) {
        let angle = cap.extraAngle(lineWidth: 6, radius: 50, measure: measure) * 180 / Double.pi
        #expect(isClose(angle, degrees, within: 1e-4))
    }

    @Test("on a circle no wider than the cap the extra angle stays finite")
    func tightCircle() {
        for cap in LineCap.allCases {
            for measure in CapAngleMeasure.allCases {
                let angle = cap.extraAngle(lineWidth: 10, radius: 2, measure: measure)
                #expect(angle.isFinite && angle >= 0 && angle <= Double.pi)
            }
        }
    }
}
