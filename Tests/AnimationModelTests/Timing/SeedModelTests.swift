import Testing
@testable import AnimationModel

/// The two seed animations (MODEL-FORMAT.md, "The seeds, transcribed"), built in code, at
/// instants whose values are worked out by hand in the comments.
@Suite("The seed animations at hand-computed instants")
struct SeedModelTests {
    /// Seed 1, D = 1.5: a group of duration D repeated forever (fill forwards, not removed):
    /// strokeStart 0 → 0.25 (easeInEaseOut, 2D/3 = 1 s), strokeEnd 0 → 1 (linear, 1 s), then from
    /// 1 s: strokeStart 0.25 → 1 (easeInEaseOut, D/3 = 0.5 s) and strokeEnd 1 → 1 (0.5 s).
    static func spinner(d: Double = 1.5) throws -> ResolvedModel {
        let children = [
            basic(.strokeStart, from: 0, to: 0.25, timing(duration: 2 * d / 3, function: .easeInEaseOut)),
            basic(.strokeEnd, from: 0, to: 1, timing(duration: 2 * d / 3, function: .linear)),
            basic(.strokeStart, from: 0.25, to: 1, timing(begin: 2 * d / 3, duration: d / 3, function: .easeInEaseOut)),
            basic(.strokeEnd, from: 1, to: 1, timing(begin: 2 * d / 3, duration: d / 3)),
        ]
        let g = group(children, timing(duration: d, repeatCount: .infinity, fill: .forwards, removedOnCompletion: false))
        return try ModelDocument(name: "loading-spinner", layers: [LayerSpec(name: "spinner", path: unitArc, animations: [g])]).resolve()
    }

    @Test("loading spinner", arguments: [
        // t = 0.5: group time 0.5 of the first 1 s part: start 0.25·eio(0.5) = 0.125, end 0.5.
        (0.5, 0.125, 0.5),
        // t = 1.25: second part, x = 0.25/0.5 = 0.5: start 0.25 + 0.75·eio(0.5) = 0.625, end 1.
        (1.25, 0.625, 1.0),
        // t = 2.25: second repeat, group time 0.75: start 0.25·eio(0.75) = 0.25·0.870838, end 0.75.
        (2.25, 0.2177095, 0.75),
        // t = 1.5: the cycle boundary starts the next cycle (u = 0): start 0, end 0 (nothing drawn).
        (1.5, 0.0, 0.0),
    ])
    func spinner(t: Double, start: Double, end: Double) throws {
        let v = try Self.spinner().layers[0].values(at: t)
        #expect(abs(v.strokeStart - start) < 2e-6)
        #expect(abs(v.strokeEnd - end) < 2e-6)
    }

    /// Seed 2: the ring's group (4 s, forever) holds strokeEnd 0 → 1 (2 s, fill forwards) and
    /// strokeStart 0 → 1 (2 s from 2 s); at `success` the ring's speed becomes 0 and the tick
    /// (strokeEnd 0 → 1 over 2 s) is added.
    static func payment(success: Double = 6.5) throws -> ResolvedModel {
        let ringPath = PathExpression.arc(ArcExpression(center: .init(150, 150), radius: 30, startAngle: .number(3 * .pi / 2),
                                                        endAngle: .number(7 * .pi / 2), clockwise: true))
        let ring = LayerSpec(name: "circle", path: ringPath, lineWidth: 3, animations: [
            group([basic(.strokeEnd, from: 0, to: 1, timing(duration: 2, fill: .forwards)),
                   basic(.strokeStart, from: 0, to: 1, timing(begin: 2, duration: 2))],
                  timing(duration: 4, repeatCount: .infinity)),
        ])
        let tick = LayerSpec(name: "tick", path: .elements([.move(.init(130, 150)), .line(.init(145, 165)), .line(.init(170, 140))]),
                             lineWidth: 3, addedAt: .variable("success"), animations: [
                                 AnimationSpec(kind: .basic(BasicValues(fromValue: 0, toValue: 1)), keyPath: .strokeEnd,
                                               timing: timing(duration: 2), addedAt: .variable("success")),
                             ])
        let doc = ModelDocument(name: "payment", variables: [Variable(name: "success", value: .number(success), fit: 0...30)],
                                layers: [ring, tick],
                                events: [EventSpec(at: .variable("success"), layer: "circle", set: [(.speed, 0)])])
        return try doc.resolve()
    }

    @Test("payment success", arguments: [
        // t = 1: strokeEnd half-way (linear), strokeStart not begun (fill removed → model 0).
        (1.0, "circle", true, 0.0, 0.5),
        // t = 3: strokeEnd filled forwards at 1 (a child's removedOnCompletion is ignored); strokeStart half-way.
        (3.0, "circle", true, 0.5, 1.0),
        // t = 5: second repeat, group time 1: like t = 1.
        (5.0, "circle", true, 0.0, 0.5),
        // t = 7 (after success at 6.5): speed 0 sends the ring's clock to 0, before the group's begin
        // (10000 s): the group does not fill backwards, so the model values show: a full ring.
        (7.0, "circle", true, 0.0, 1.0),
        // The tick is absent before success, half drawn 1 s after, and at its model value (1) after 2 s.
        (6.0, "tick", false, 0.0, 1.0),
        (7.5, "tick", true, 0.0, 0.5),
        (9.0, "tick", true, 0.0, 1.0),
    ])
    func payment(t: Double, layer: String, present: Bool, start: Double, end: Double) throws {
        let m = try Self.payment()
        let v = try #require(m.values(at: t).first { $0.name == layer })
        #expect(v.present == present)
        #expect(abs(v.strokeStart - start) < 1e-9)
        #expect(abs(v.strokeEnd - end) < 1e-9)
    }

    @Test("re-resolving with another success time moves the freeze")
    func refit() throws {
        let early = try Self.payment(success: 3.0)
        #expect(early.values(at: 3.5)[0].strokeEnd == 1)
        #expect(early.values(at: 3.5)[0].strokeStart == 0)
        #expect(early.values(at: 3.5)[1].present)
    }
}
