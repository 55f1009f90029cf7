import Testing
import StrokeGeometry

@Suite("Path lengths as Core Animation measures them")
struct LengthTests {
    @Test("a full circle of four cubic quarters is 2π·r·1.0001403 long", arguments: [1.0, 30.0, 50.0, 1000.0])
    func fullCircleFactor(radius: Double) {
        let path = BezierPath.arc(
            center: Point(3, 4), radius: radius, startAngle: -Double.pi / 2, endAngle: 3 * Double.pi / 2,
            clockwise: true)
        let factor = path.strokePath().length / (2 * Double.pi * radius)
        #expect(isClose(factor, 1.0001403, within: 1e-6))
    }

    @Test("a 90° cubic quarter measures 1.5710167·r and the four quarters agree")
    func quarterLength() {
        let elements = workedExamplePath.strokePath().elements
        for element in elements {
            #expect(isClose(element.length / 50, 1.5710167, within: 1e-7))
            #expect(isClose(element.length, elements[0].length, within: 1e-9))
        }
    }

    @Test("cubic lengths agree with a fine numerical integral to 1e-9 relative", arguments: [
        CubicBezier(Point(0, 0), Point(10, 40), Point(60, -20), Point(80, 10)),
        CubicBezier(Point(0, 0), Point(100, 0), Point(0, 100), Point(100, 100)),
        CubicBezier(Point(-5, 2), Point(-5, 2), Point(30, 8), Point(31, 50)),
        CubicBezier(Point(0, 0), Point(50, 80), Point(50, -80), Point(0, 0)),
    ])
    func cubicLengthAccuracy(curve: CubicBezier) {
        // Composite Simpson over the speed |B′(u)|, far finer than needed.
        let steps = 200_000
        var integral = 0.0
        for i in 0..<steps {
            let a = Double(i) / Double(steps)
            let b = Double(i + 1) / Double(steps)
            integral += (b - a) / 6 * (curve.derivative(at: a).length
                + 4 * curve.derivative(at: (a + b) / 2).length + curve.derivative(at: b).length)
        }
        #expect(abs(curve.length - integral) <= 1e-9 * integral)
    }

    @Test("a curve with infinite coordinates measures infinite at once instead of subdividing")
    func infiniteCurve() {
        let curve = CubicBezier(Point(0, 0), Point(.infinity, 0), Point(1, 1), Point(2, 2))
        #expect(curve.length == .infinity)
    }

    @Test("a straight cubic that stops or turns back is measured along its travel", arguments: [
        // x(u) = 9u(1 − u)² + 3u³, x′ = 9(1 − 2u)²: stops at u = ½, then goes on; travel 3.
        (CubicBezier(Point(0, 0), Point(3, 0), Point(0, 0), Point(3, 0)), 3.0),
        // x(u) = 3u(1 − u): out to 0.75 and back; travel 1.5.
        (CubicBezier(Point(0, 0), Point(1, 0), Point(1, 0), Point(0, 0)), 1.5),
    ])
    func stopsAndCusps(curve: CubicBezier, travel: Double) {
        #expect(isClose(curve.length, travel, within: 1e-9))
    }

    @Test("a straight cubic with evenly spaced controls is as long as its chord")
    func straightCubic() {
        let curve = CubicBezier(Point(0, 0), Point(1, 2), Point(2, 4), Point(3, 6))
        #expect(isClose(curve.length, Point(3, 6).length, within: 1e-12))
    }

    @Test("the payment tick is two lines, 15√2 and 25√2 long")
    func tickLengths() {
        let stroke = tickPath.strokePath()
        #expect(stroke.elements.map(\.length).count == 2)
        #expect(isClose(stroke.elements[0].length, 15 * 2.0.squareRoot(), within: 1e-12))
        #expect(isClose(stroke.elements[1].length, 25 * 2.0.squareRoot(), within: 1e-12))
        #expect(isClose(stroke.length, 40 * 2.0.squareRoot(), within: 1e-12))
        #expect(stroke.subpaths.count == 1)
        #expect(stroke.subpaths[0].isClosed == false)
    }

    @Test("a closed subpath counts its closing line")
    func closingLineCounts() {
        let square = BezierPath(elements: [
            .move(to: Point(0, 0)), .line(to: Point(10, 0)), .line(to: Point(10, 10)),
            .line(to: Point(0, 10)), .close,
        ])
        let stroke = square.strokePath()
        #expect(stroke.length == 40)
        #expect(stroke.elements.count == 4)
        #expect(stroke.elements[3].isClosingLine)
        #expect(stroke.elements[3].segment == .line(from: Point(0, 10), to: Point(0, 0)))
        #expect(stroke.subpaths.count == 1)
        #expect(stroke.subpaths[0].isClosed)
        #expect(stroke.subpaths[0].elementRange == 0..<4)
        #expect(stroke.subpaths[0].length == 40)
        #expect(isClose(stroke.point(atFraction: 0.875), Point(0, 5), within: 1e-12))
    }

    @Test("the length runs over every subpath; a lone move adds nothing")
    func severalSubpaths() {
        let path = BezierPath(elements: [
            .move(to: Point(0, 0)), .line(to: Point(30, 0)),
            .move(to: Point(500, 500)),
            .move(to: Point(0, 10)), .line(to: Point(10, 10)), .close,
            .line(to: Point(0, 20)),
        ])
        let stroke = path.strokePath()
        // 30 + (10 + 10 closing) + 10 in a third subpath that starts where the closed one did.
        #expect(stroke.length == 60)
        #expect(stroke.subpaths.count == 3)
        #expect(stroke.subpaths.map(\.isClosed) == [false, true, false])
        #expect(stroke.subpaths[2].startPoint == Point(0, 10))
        #expect(stroke.subpaths.map(\.startDistance) == [0, 30, 50])
    }

    @Test("a quadratic curve becomes the equal cubic (controls two thirds of the way to its control)")
    func quadElevation() {
        let path = BezierPath(elements: [.move(to: Point(0, 0)), .quad(to: Point(90, 0), control: Point(45, 90))])
        guard case .cubic(let cubic) = path.strokePath().elements[0].segment else {
            Issue.record("expected a cubic")
            return
        }
        #expect(isClose(cubic.p1, Point(30, 60), within: 1e-12))
        #expect(isClose(cubic.p2, Point(60, 60), within: 1e-12))
        // The quadratic's midpoint is ¼·P0 + ½·C + ¼·P2.
        #expect(isClose(cubic.point(at: 0.5), Point(45, 45), within: 1e-12))
    }

    @Test("lines and curves without a current point are ignored, as Core Graphics does")
    func noCurrentPoint() {
        let path = BezierPath(elements: [.line(to: Point(5, 5)), .close, .move(to: .zero), .line(to: Point(3, 4))])
        let stroke = path.strokePath()
        #expect(stroke.ignoredElementIndices == [0, 1])
        #expect(stroke.length == 5)
    }

    @Test("an empty arc makes a path of zero length")
    func emptyArc() {
        let path = BezierPath.arc(center: .zero, radius: 10, startAngle: 0, endAngle: 2 * Double.pi, clockwise: false)
        let stroke = path.strokePath()
        #expect(stroke.length == 0)
        #expect(stroke.elements.isEmpty)
        let forced = path.strokePath(arcOptions: ArcOptions(oppositeFullTurn: .full))
        #expect(isClose(forced.length, 2 * Double.pi * 10 * 1.0001403, within: 1e-4))
    }
}
