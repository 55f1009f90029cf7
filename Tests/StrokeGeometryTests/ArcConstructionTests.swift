#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import StrokeGeometry

@Suite("Arcs as UIKit and Core Graphics build them")
struct ArcConstructionTests {
    static let pi = Double.pi

    /// One row of the sweep table: UIKit's numbers and what gets drawn.
    struct SweepCase: Sendable, CustomTestStringConvertible {
        var start: Double
        var end: Double
        var clockwise: Bool
        var rule: ArcSweepRule
        var sweep: Double
        var testDescription: String { "(\(start), \(end), clockwise: \(clockwise)) → \(rule)" }
    }

    static let sweepCases: [SweepCase] = [
        SweepCase(start: -pi / 2, end: 3 * pi / 2, clockwise: true, rule: .fullTurn, sweep: 2 * pi),
        SweepCase(start: -pi / 2, end: 3 * pi / 2, clockwise: false, rule: .oppositeFullTurn(.empty), sweep: 0),
        SweepCase(start: 0, end: 2 * pi, clockwise: false, rule: .oppositeFullTurn(.empty), sweep: 0),
        SweepCase(start: 0, end: 2 * pi, clockwise: true, rule: .fullTurn, sweep: 2 * pi),
        SweepCase(start: 2 * pi, end: 0, clockwise: false, rule: .fullTurn, sweep: -2 * pi),
        SweepCase(start: 2 * pi, end: 0, clockwise: true, rule: .oppositeFullTurn(.empty), sweep: 0),
        SweepCase(start: 3 * pi / 2, end: 7 * pi / 2, clockwise: true, rule: .fullTurn, sweep: 2 * pi),
        SweepCase(start: 0, end: pi / 2, clockwise: true, rule: .ordinary, sweep: pi / 2),
        SweepCase(start: 0, end: pi / 2, clockwise: false, rule: .ordinary, sweep: -3 * pi / 2),
        SweepCase(start: 0, end: -pi / 2, clockwise: true, rule: .ordinary, sweep: 3 * pi / 2),
        SweepCase(start: 0, end: -pi / 2, clockwise: false, rule: .ordinary, sweep: -pi / 2),
        SweepCase(start: 1, end: 1, clockwise: true, rule: .zero, sweep: 0),
        SweepCase(start: 0, end: 5 * pi, clockwise: true, rule: .overwound(.modulo), sweep: pi),
        SweepCase(start: 0, end: -5 * pi, clockwise: true, rule: .overwound(.modulo), sweep: pi),
        SweepCase(start: 0, end: 4.5 * pi, clockwise: false, rule: .overwound(.modulo), sweep: -1.5 * pi),
        SweepCase(start: 0, end: 4 * pi, clockwise: true, rule: .overwound(.modulo), sweep: 2 * pi),
    ]

    @Test("the 2π rules decide the sweep by sign, not by magnitude", arguments: sweepCases)
    func sweepRules(row: SweepCase) {
        let arc = Arc(center: Point(0, 0), radius: 10, startAngle: row.start, endAngle: row.end, clockwise: row.clockwise)
        let built = arc.construction()
        #expect(built.rule == row.rule)
        #expect(isClose(built.sweep, row.sweep, within: 1e-12))
    }

    @Test("a full turn survives the round-off of expressions like 7*pi/2 − 3*pi/2", arguments: [
        1e-12, -1e-12, 5e-9, -5e-9,
    ])
    func fullTurnTolerance(wobble: Double) {
        let arc = Arc(
            center: .zero, radius: 1, startAngle: 3 * Self.pi / 2, endAngle: 7 * Self.pi / 2 + wobble,
            clockwise: true)
        #expect(arc.construction().rule == .fullTurn)
        #expect(arc.construction().isFullCircle)
    }

    @Test("the overrides turn the ambiguous cases into full circles")
    func overrides() {
        let opposite = Arc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * Self.pi, clockwise: false)
        let full = opposite.construction(options: ArcOptions(oppositeFullTurn: .full))
        #expect(full.rule == .oppositeFullTurn(.full))
        #expect(full.sweep == -2 * Self.pi)
        #expect(full.segments.count == 4)

        let overwound = Arc(center: .zero, radius: 1, startAngle: 0, endAngle: 5 * Self.pi, clockwise: true)
        let clamped = overwound.construction(options: ArcOptions(overwind: .clampFull))
        #expect(clamped.rule == .overwound(.clampFull))
        #expect(clamped.sweep == 2 * Self.pi)
    }

    @Test("the opposite full turn, the overwound arc and non-finite numbers ask for a warning", arguments: [
        (ArcSweepRule.fullTurn, false), (.ordinary, false), (.zero, false),
        (.oppositeFullTurn(.empty), true), (.oppositeFullTurn(.full), true),
        (.overwound(.modulo), true), (.overwound(.clampFull), true), (.nonFinite, true),
    ])
    func warnings(rule: ArcSweepRule, warn: Bool) {
        #expect(rule.warrantsWarning == warn)
    }

    @Test("infinite or NaN numbers draw no arc instead of failing", arguments: [
        (Double.nan, 1.0, 10.0), (0, Double.infinity, 10), (0, 1, Double.nan), (0, 1, -Double.infinity),
    ])
    func nonFinite(start: Double, end: Double, radius: Double) {
        let arc = Arc(center: .zero, radius: radius, startAngle: start, endAngle: end, clockwise: true)
        let built = arc.construction()
        #expect(built.rule == .nonFinite)
        #expect(built.sweep == 0 && built.segments.isEmpty)
        let state = BezierPath(elements: [.arc(arc)]).strokePath().visibleStroke(strokeStart: 0, strokeEnd: 1).state
        #expect(state == .empty)
    }

    static let splitCases: [(sweep: Double, count: Int)] = [
        (0.1, 1), (pi / 2, 1), (pi / 2 + 1e-12, 1), (pi / 2 + 1e-3, 2), (pi, 2), (pi + 1e-3, 3),
        (3 * pi / 2, 3), (7 * pi / 4, 4), (2 * pi, 4),
    ]

    @Test("the sweep is split into ceil(|sweep|/90°) equal cubic segments", arguments: splitCases)
    func segmentCount(sweep: Double, count: Int) {
        let arc = Arc(center: .zero, radius: 5, startAngle: 0.3, endAngle: 0.3 + sweep, clockwise: true)
        #expect(arc.construction().segments.count == count)
    }

    static let controlCases: [Double] = [pi / 2, pi / 3, 1.0, 2.5, 6.0]

    @Test("each segment's control points sit k·r along the tangents, k = 4/3·tan(θ/4)", arguments: controlCases)
    func controlDistance(sweep: Double) {
        let radius = 40.0
        let arc = Arc(center: Point(7, -3), radius: radius, startAngle: 0.2, endAngle: 0.2 + sweep, clockwise: true)
        let segments = arc.construction().segments
        let step = sweep / Double(segments.count)
        let k = 4.0 / 3.0 * tan(step / 4)
        for segment in segments {
            #expect(isClose(segment.p0.distance(to: segment.p1), k * radius, within: 1e-9))
            #expect(isClose(segment.p3.distance(to: segment.p2), k * radius, within: 1e-9))
            #expect(isClose(segment.p0.distance(to: arc.center), radius, within: 1e-9))
            #expect(isClose(segment.p3.distance(to: arc.center), radius, within: 1e-9))
        }
        // A 90° segment has the familiar 0.5522847.
        if sweep == Self.pi / 2 { #expect(isClose(k, 0.5522847498, within: 1e-10)) }
    }

    @Test("the full circle from 12 o'clock passes the quarter points exactly")
    func quarterPoints() {
        let segments = workedExamplePath.strokePath().elements.map(\.segment)
        #expect(segments.count == 4)
        let expected = [Point(100, 50), Point(150, 100), Point(100, 150), Point(50, 100), Point(100, 50)]
        for (index, segment) in segments.enumerated() {
            #expect(isClose(segment.startPoint, expected[index], within: 1e-12))
            #expect(isClose(segment.endPoint, expected[index + 1], within: 1e-12))
        }
    }

    @Test("counter-clockwise arcs run towards decreasing angle (up from 3 o'clock)")
    func counterClockwise() {
        let path = BezierPath.arc(center: .zero, radius: 10, startAngle: 0, endAngle: -Self.pi / 2, clockwise: false)
        let stroke = path.strokePath()
        #expect(isClose(stroke.point(atFraction: 0), Point(10, 0), within: 1e-12))
        #expect(isClose(stroke.point(atFraction: 1), Point(0, -10), within: 1e-12))
        #expect(isClose(stroke.tangent(atFraction: 0), Point(0, -1), within: 1e-12))
    }

    @Test("an arc after other elements is joined to the current point by a line")
    func arcJoinsWithLine() {
        let arc = Arc(center: Point(100, 0), radius: 50, startAngle: Self.pi, endAngle: 0, clockwise: true)
        let path = BezierPath(elements: [.move(to: Point(0, 0)), .arc(arc)])
        let stroke = path.strokePath()
        #expect(stroke.elements.count == 3)
        #expect(stroke.elements[0].segment == .line(from: Point(0, 0), to: arc.startPoint))
        #expect(isClose(stroke.elements[0].length, 50, within: 1e-12))
        #expect(stroke.subpaths.count == 1)
        // Clockwise from 9 o'clock goes over the top.
        #expect(isClose(stroke.elements[1].segment.endPoint, Point(100, -50), within: 1e-12))
        #expect(path.circularArc() == nil)
    }

    @Test("the construction reports every arc with the rule that applied")
    func arcReports() {
        let path = BezierPath(elements: [
            .arc(Arc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * Self.pi, clockwise: false)),
            .arc(Arc(center: .zero, radius: 1, startAngle: 0, endAngle: 1, clockwise: true)),
        ])
        let reports = path.strokePath().arcReports
        #expect(reports.map(\.sourceIndex) == [0, 1])
        #expect(reports.map(\.construction.rule) == [.oppositeFullTurn(.empty), .ordinary])
    }
}
