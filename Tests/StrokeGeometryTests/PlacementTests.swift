import Testing
import StrokeGeometry

@Suite("Layer placement, rotation and on-screen angles")
struct PlacementTests {
    /// The payment ring of MODEL-FORMAT.md: radius 30 in a 60×60 layer at (120, 120).
    let ring = LayerGeometry(
        path: .arc(center: Point(30, 30), radius: 30, startAngle: 3 * Double.pi / 2, endAngle: 7 * Double.pi / 2, clockwise: true),
        frame: Rect(x: 120, y: 120, width: 60, height: 60))

    @Test("the path is in the layer's own space, offset by the frame's origin")
    func frameOrigin() {
        let placement = LayerPlacement(frame: Rect(x: 120, y: 120, width: 60, height: 60))
        #expect(placement.origin == Point(120, 120))
        #expect(placement.anchor == Point(150, 150))
        #expect(placement.screenPoint(Point(0, 0)) == Point(120, 120))
        #expect(placement.screenPoint(Point(30, 30)) == Point(150, 150))
    }

    @Test("rotation turns clockwise on screen about the frame's centre")
    func rotationAboutAnchor() {
        let placement = LayerPlacement(frame: Rect(x: 120, y: 120, width: 60, height: 60))
        // The layer's top-centre (12 o'clock of the ring) goes to 3 o'clock.
        #expect(isClose(placement.screenPoint(Point(30, 0), rotation: Double.pi / 2), Point(180, 150), within: 1e-12))
        #expect(isClose(placement.screenPoint(Point(30, 30), rotation: 1.234), Point(150, 150), within: 1e-12))
    }

    @Test("without a frame the layer sits at (0, 0) and turns about (0, 0)")
    func noFrame() {
        let placement = LayerPlacement()
        #expect(placement.screenPoint(Point(150, 150)) == Point(150, 150))
        #expect(isClose(placement.screenPoint(Point(10, 0), rotation: Double.pi / 2), Point(0, 10), within: 1e-12))
        let layer = LayerGeometry(path: .arc(
            center: Point(150, 150), radius: 30, startAngle: 3 * Double.pi / 2, endAngle: 7 * Double.pi / 2, clockwise: true))
        let arc = layer.arcOnScreen(strokeStart: 0, strokeEnd: 0.25, rotation: Double.pi / 2)
        #expect(isClose(arc?.center, Point(-150, 150), within: 1e-9))
        #expect(arc.flatMap(\.startAngle).map { degreesApart($0, 90) < 1e-9 } == true)
    }

    static let ringCases: [(strokeStart: Double, strokeEnd: Double, rotationDegrees: Double, start: Double, end: Double)] = [
        (0, 0.25, 0, 0, 90),
        (0, 0.25, 90, 90, 180),
        (0, 0.5, -90, 270, 90),
        (0.25, 0.75, 0, 90, 270),
        (0.5, 0.75, 450, 270, 0),
        (0, 0.25, -360, 0, 90),
    ]

    @Test("the payment ring's ends on screen follow the rotation about its anchor", arguments: ringCases)
    func ringAngles(strokeStart: Double, strokeEnd: Double, rotationDegrees: Double, start: Double, end: Double) throws {
        let arc = try #require(ring.arcOnScreen(
            strokeStart: strokeStart, strokeEnd: strokeEnd, rotation: rotationDegrees * Double.pi / 180))
        #expect(arc.state == .arc)
        #expect(isClose(arc.center, Point(150, 150), within: 1e-9))
        #expect(arc.radius == 30)
        #expect(arc.clockwise)
        let startAngle = try #require(arc.startAngle)
        let endAngle = try #require(arc.endAngle)
        #expect(degreesApart(startAngle, start) < 1e-9)
        #expect(degreesApart(endAngle, end) < 1e-9)
        #expect((0..<360).contains(startAngle) && (0..<360).contains(endAngle))
    }

    @Test("a whole ring shows no ends, an empty one nothing; a whole 300° arc shows both ends")
    func statesOnScreen() throws {
        let full = try #require(ring.arcOnScreen(strokeStart: 0, strokeEnd: 1))
        #expect(full.state == .full && full.startAngle == nil && full.endAngle == nil)
        let empty = try #require(ring.arcOnScreen(strokeStart: 0.6, strokeEnd: 0.6))
        #expect(empty.state == .empty && empty.startAngle == nil)

        let arc300 = LayerGeometry(path: .arc(
            center: Point(50, 50), radius: 40, startAngle: -Double.pi / 2,
            endAngle: -Double.pi / 2 + 300 * Double.pi / 180, clockwise: true))
        let drawn = try #require(arc300.arcOnScreen(strokeStart: 0, strokeEnd: 1))
        #expect(drawn.state == .full)
        #expect(drawn.startAngle.map { degreesApart($0, 0) < 1e-9 } == true)
        #expect(drawn.endAngle.map { degreesApart($0, 300) < 1e-9 } == true)
    }

    @Test("a progress ring built on ovalIn and rotated −90° starts at 12 o'clock")
    func rotatedOval() throws {
        let layer = LayerGeometry(path: .oval(x: 0, y: 0, width: 80, height: 80), frame: Rect(x: 10, y: 10, width: 80, height: 80))
        let arc = try #require(layer.arcOnScreen(strokeStart: 0, strokeEnd: 0.5, rotation: -Double.pi / 2))
        #expect(isClose(arc.center, Point(50, 50), within: 1e-12))
        #expect(arc.radius == 40)
        #expect(arc.startAngle.map { degreesApart($0, 0) < 1e-9 } == true)
        #expect(arc.endAngle.map { degreesApart($0, 180) < 1e-9 } == true)
        // Unrotated it starts at 3 o'clock.
        let plain = try #require(layer.arcOnScreen(strokeStart: 0, strokeEnd: 0.5))
        #expect(plain.startAngle.map { degreesApart($0, 90) < 1e-9 } == true)
    }

    @Test("a counter-clockwise arc's visible stroke begins at strokeStart and runs anticlockwise")
    func counterClockwiseAngles() throws {
        let layer = LayerGeometry(path: .arc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: false))
        let arc = try #require(layer.arcOnScreen(strokeStart: 0, strokeEnd: 1.0 / 3.0))
        #expect(!arc.clockwise)
        #expect(arc.startAngle.map { degreesApart($0, 90) < 1e-9 } == true)
        #expect(arc.endAngle.map { degreesApart($0, 0) < 1e-9 } == true)
    }

    @Test("only one arc, or a move to its start and the arc, or a round oval, lies on a circle")
    func circularPaths() {
        let arc = Arc(center: Point(5, 5), radius: 3, startAngle: 0, endAngle: 1, clockwise: true)
        #expect(BezierPath(elements: [.arc(arc)]).circularArc() != nil)
        #expect(BezierPath(elements: [.move(to: arc.startPoint), .arc(arc)]).circularArc() != nil)
        #expect(BezierPath(elements: [.move(to: Point(0, 0)), .arc(arc)]).circularArc() == nil)
        #expect(BezierPath(elements: [.arc(arc), .close]).circularArc() == nil)
        #expect(BezierPath.oval(x: 0, y: 0, width: 10, height: 20).circularArc() == nil)
        #expect(tickPath.circularArc() == nil)
        #expect(LayerGeometry(path: tickPath).arcOnScreen(strokeStart: 0, strokeEnd: 0.5) == nil)
    }

    @Test("the layer's stroke and pieces come out in screen space")
    func screenStroke() throws {
        let stroke = ring.visibleStroke(strokeStart: 0, strokeEnd: 0.25, rotation: Double.pi / 2)
        #expect(isClose(stroke.start?.point, Point(180, 150), within: 1e-9))
        #expect(isClose(stroke.start?.tangent ?? .zero, Point(0, 1), within: 1e-9))
        #expect(isClose(stroke.end?.point, Point(150, 180), within: 1e-9))
        let pieces = ring.visiblePieces(strokeStart: 0, strokeEnd: 0.25, rotation: Double.pi / 2)
        #expect(isClose(pieces.first?.segments.last?.endPoint, Point(150, 180), within: 1e-9))
    }
}

@Suite("Angle conventions")
struct AngleConventionTests {
    static let offsetCases: [(offset: Point, degrees: Double)] = [
        (Point(0, -1), 0.0), (Point(1, 0), 90), (Point(0, 1), 180), (Point(-1, 0), 270),
        (Point(1, -1), 45), (Point(-1e-9, -1), 360 - 5.729577951308232e-8), (Point(0, 0), 0),
    ]

    @Test("on-screen angles run clockwise from 12 o'clock on a y-down screen", arguments: offsetCases)
    func screenAngles(offset: Point, degrees: Double) {
        let centre = Point(150, 150)
        let angle = onScreenAngle(of: centre + offset, around: centre)
        #expect(isClose(angle, degrees, within: 1e-9))
        #expect((0..<360).contains(angle))
    }

    static let uikitCases: [(uikit: Double, screen: Double)] = [
        (3 * Double.pi / 2, 0.0), (0, 90), (Double.pi / 2, 180), (Double.pi, 270), (-Double.pi / 2, 0),
        (7 * Double.pi / 2, 0), (2 * Double.pi, 90), (-Double.pi, 270),
    ]

    @Test("UIKit angles become screen angles: 3π/2 ↔ 0°, 0 ↔ 90°, π/2 ↔ 180°, π ↔ 270°", arguments: uikitCases)
    func uikitToScreen(uikit: Double, screen: Double) {
        let angle = screenAngle(forUIKitAngle: uikit)
        #expect(degreesApart(angle, screen) < 1e-9)
        #expect((0..<360).contains(angle))
        #expect(degreesApart(screenAngle(forUIKitAngle: uikitAngle(forScreenAngle: screen)), screen) < 1e-9)
    }

    static let screenCases: [(screen: Double, uikit: Double)] = [
        (0.0, 3 * Double.pi / 2), (90, 0), (180, Double.pi / 2), (270, Double.pi), (-90, Double.pi), (450, 0),
    ]

    @Test("screen angles become UIKit angles in [0, 2π)", arguments: screenCases)
    func screenToUIKit(screen: Double, uikit: Double) {
        let angle = uikitAngle(forScreenAngle: screen)
        #expect(isClose(angle, uikit, within: 1e-12))
        #expect(angle >= 0 && angle < 2 * Double.pi)
    }

    static let wrapCases: [(input: Double, expected: Double)] = [
        (0.0, 0.0), (-0.0, 0.0), (360, 0), (720, 0), (-90, 270), (725, 5), (-1e-15, 0), (359.5, 359.5),
        (-360, 0), (36_000 + 30, 30),
    ]

    @Test("wrapping into [0, 360) never gives 360 or −0", arguments: wrapCases)
    func wrapping(input: Double, expected: Double) {
        let wrapped = wrapDegrees(input)
        #expect(wrapped == expected)
        #expect(wrapped.sign == .plus)
    }
}
