import Testing
import StrokeGeometry

@Suite("Points along the path, the Core Animation way and the exact way")
struct PointAtFractionTests {
    let centre = Point(100, 100)

    @Test("the worked example: strokeEnd 0.3 splits the second quarter at u = 0.2, 18.42° past 3 o'clock")
    func workedExampleCoreAnimation() throws {
        let stroke = workedExamplePath.strokePath()
        let location = try #require(stroke.location(atFraction: 0.3))
        #expect(location.elementIndex == 1)
        #expect(isClose(location.parameter, 0.2, within: 1e-12))
        #expect(isClose(location.point, Point(147.451, 115.804), within: 1e-3))
        // UIKit angle of the point, in degrees from 3 o'clock.
        let uikitDegrees = onScreenAngle(of: location.point, around: centre) - 90
        #expect(isClose(uikitDegrees, 18.42, within: 1e-2))
    }

    @Test("the worked example: the ideal circle puts strokeEnd 0.3 at 18°")
    func workedExampleIdeal() throws {
        let circle = try #require(workedExamplePath.circularArc())
        #expect(isClose(circle.idealPoint(atFraction: 0.3), Point(147.553, 115.451), within: 1e-3))
        #expect(isClose(circle.idealAngle(atFraction: 0.3) * 180 / Double.pi, 18, within: 1e-9))
    }

    @Test("exact arc length lands within 0.002° of the ideal angle on the Bézier circle", arguments: [
        0.05, 0.1, 0.3, 0.45, 0.6, 0.77, 0.95,
    ])
    func exactArcLength(fraction: Double) throws {
        let stroke = workedExamplePath.strokePath()
        let point = try #require(stroke.point(atFraction: fraction, mode: .exactArcLength))
        let angle = onScreenAngle(of: point, around: centre)
        #expect(degreesApart(angle, fraction * 360) <= 2e-3)
    }

    @Test("Core Animation's point strays at most 0.42° from the ideal one", arguments: [
        0.01, 0.05, 0.1, 0.2, 0.3, 0.55, 0.8, 0.99,
    ])
    func coreAnimationDeviation(fraction: Double) throws {
        let point = try #require(workedExamplePath.strokePath().point(atFraction: fraction))
        let angle = onScreenAngle(of: point, around: centre)
        #expect(degreesApart(angle, fraction * 360) <= 0.43)
    }

    @Test("quarter fractions land exactly on the quarter points", arguments: [
        (0.0, Point(100, 50)), (0.25, Point(150, 100)), (0.5, Point(100, 150)), (0.75, Point(50, 100)),
        (1.0, Point(100, 50)),
    ])
    func quarterFractions(fraction: Double, expected: Point) {
        let stroke = workedExamplePath.strokePath()
        for mode in PointMode.allCases {
            #expect(isClose(stroke.point(atFraction: fraction, mode: mode), expected, within: 1e-9))
        }
    }

    @Test("the tangent runs clockwise: right at 12 o'clock, down at 3 o'clock")
    func tangents() {
        let stroke = workedExamplePath.strokePath()
        #expect(isClose(stroke.tangent(atFraction: 0), Point(1, 0), within: 1e-12))
        #expect(isClose(stroke.tangent(atFraction: 0.25), Point(0, 1), within: 1e-12))
        #expect(isClose(stroke.tangent(atFraction: 1), Point(1, 0), within: 1e-12))
    }

    @Test("the tick: points at fractions of its 40√2 length", arguments: [
        (0.0, Point(130, 150)), (0.25, Point(140, 160)), (0.375, Point(145, 165)),
        (0.75, Point(160, 150)), (1.0, Point(170, 140)), (-0.5, Point(130, 150)), (1.5, Point(170, 140)),
    ])
    func tickPoints(fraction: Double, expected: Point) {
        let stroke = tickPath.strokePath()
        for mode in PointMode.allCases {
            #expect(isClose(stroke.point(atFraction: fraction, mode: mode), expected, within: 1e-9))
        }
    }

    @Test("the tick turns from down-right to up-right at its corner")
    func tickTangents() {
        let stroke = tickPath.strokePath()
        let h = 0.5.squareRoot()
        #expect(isClose(stroke.tangent(atFraction: 0.1), Point(h, h), within: 1e-12))
        // On the corner the following element owns the point.
        #expect(isClose(stroke.tangent(atFraction: 0.375), Point(h, -h), within: 1e-12))
    }

    @Test("an oval starts at 3 o'clock and runs clockwise through 6 o'clock")
    func ovalStart() {
        let stroke = BezierPath.oval(x: 10, y: 20, width: 60, height: 60).strokePath()
        #expect(stroke.subpaths.count == 1)
        #expect(stroke.subpaths[0].isClosed)
        #expect(isClose(stroke.point(atFraction: 0), Point(70, 50), within: 1e-12))
        #expect(isClose(stroke.tangent(atFraction: 0), Point(0, 1), within: 1e-12))
        #expect(isClose(stroke.point(atFraction: 0.25), Point(40, 80), within: 1e-9))
        #expect(isClose(stroke.point(atFraction: 0.5), Point(10, 50), within: 1e-9))
        #expect(isClose(stroke.point(atFraction: 0.75), Point(40, 20), within: 1e-9))
        // Four quarters and a closing line of zero length.
        #expect(stroke.elements.count == 5)
        #expect(stroke.elements[4].isClosingLine && stroke.elements[4].length == 0)
        #expect(isClose(stroke.length / (2 * Double.pi * 30), 1.0001403, within: 1e-6))
    }

    @Test("an oval in a rectangle of negative size is the same oval")
    func ovalNegativeRect() {
        let a = BezierPath.oval(x: 70, y: 80, width: -60, height: -60).strokePath()
        let b = BezierPath.oval(x: 10, y: 20, width: 60, height: 60).strokePath()
        #expect(a.elements == b.elements)
    }

    @Test("on a boundary between subpaths the point belongs to the next subpath")
    func subpathBoundary() {
        let path = BezierPath(elements: [
            .move(to: Point(0, 0)), .line(to: Point(10, 0)), .move(to: Point(0, 50)), .line(to: Point(10, 50)),
        ])
        let stroke = path.strokePath()
        #expect(stroke.point(atFraction: 0.5) == Point(0, 50))
        #expect(stroke.point(atFraction: 0.75) == Point(5, 50))
    }

    @Test("a path with no elements has no points")
    func emptyPath() {
        let stroke = BezierPath(elements: []).strokePath()
        #expect(stroke.point(atFraction: 0.5) == nil)
        #expect(stroke.length == 0)
    }
}
