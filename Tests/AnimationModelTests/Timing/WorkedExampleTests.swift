import Testing
@testable import AnimationModel

/// Every worked number of CA-TIMING.md §1.6, §2.3, §3.1, §3.2 and §6.2.
@Suite("Core Animation timing: the worked examples of CA-TIMING.md")
struct WorkedExampleTests {
    // §1.6 Example 1: strokeEnd 0→1, d = 1.5, easeInEaseOut, b = 100, fill removed, model 1.
    @Test("§1.6 example 1: plain, fill removed", arguments: [
        (99.9, 1.0), (100.0, 0.0), (100.6, 0.331884), (101.5, 1.0), (101.6, 1.0),
    ])
    func example1(t: Double, expected: Double) throws {
        let m = try resolve([layer([basic(.strokeEnd, from: 0, to: 1, timing(begin: 100, duration: 1.5, function: .easeInEaseOut))])])
        #expect(abs(values(m, at: t).rawStrokeEnd - expected) < 1e-6)
    }

    @Test("§1.6 example 1 with fill forwards and removedOnCompletion false holds 1 after the end")
    func example1Forwards() throws {
        let m = try resolve([layer([basic(.strokeEnd, from: 0, to: 1, timing(begin: 100, duration: 1.5, fill: .forwards,
                                                                            removedOnCompletion: false, function: .easeInEaseOut))],
                                   strokeEnd: 0.5)])
        #expect(values(m, at: 101.6).rawStrokeEnd == 1)
        #expect(values(m, at: 99).rawStrokeEnd == 0.5)
    }

    // §1.6 Example 2: d = 1, r = 2.5, autoreverses, linear (nil), fill forwards, b = 0.
    @Test("§1.6 example 2: autoreverse with a fractional repeat count", arguments: [
        (0.25, 0.25), (1.25, 0.75), (2.5, 0.5), (3.75, 0.25), (4.9, 0.9), (5.0, 1.0), (6.0, 1.0),
    ])
    func example2(t: Double, expected: Double) throws {
        let m = try resolve([layer([basic(.strokeEnd, from: 0, to: 1, timing(begin: 0.000001, duration: 1, repeatCount: 2.5, autoreverses: true,
                                                                            fill: .forwards, removedOnCompletion: false))], clock: 0.000001)])
        #expect(abs(values(m, at: t).rawStrokeEnd - expected) < 1e-9)
    }

    // §1.6 Example 3: d = 1, timeOffset 0.25, b = 10, fill both, linear.
    @Test("§1.6 example 3: timeOffset shifts the phase with wrap-around", arguments: [
        (9.0, 0.25), (10.5, 0.75), (10.75, 0.0), (10.8, 0.05), (11.0, 0.25), (12.0, 0.25),
    ])
    func example3(t: Double, expected: Double) throws {
        let m = try resolve([layer([basic(.strokeEnd, from: 0, to: 1, timing(begin: 10, duration: 1, offset: 0.25, fill: .both,
                                                                            removedOnCompletion: false))])])
        #expect(abs(values(m, at: t).rawStrokeEnd - expected) < 1e-9)
    }

    // §1.6 Example 4: d = 1, speed 2, b = 10.
    @Test("§1.6 example 4: speed halves the active interval")
    func example4() throws {
        let m = try resolve([layer([basic(.strokeEnd, from: 0, to: 1, timing(begin: 10, duration: 1, speed: 2))], strokeEnd: 0.9)])
        #expect(abs(values(m, at: 10.25).rawStrokeEnd - 0.5) < 1e-9)
        #expect(values(m, at: 10.6).rawStrokeEnd == 0.9)
    }

    /// §2.3: the spinner group G (A: strokeEnd, B: strokeStart) and rotation R, committed at layer
    /// time T0 = 5000.
    static func spinner(groupFill: FillMode = .removed) -> LayerSpec {
        let a = basic(.strokeEnd, from: 0, to: 1, timing(duration: 0.75, fill: .forwards, function: .easeInEaseOut))
        let b = basic(.strokeStart, from: 0, to: 1, timing(begin: 0.5, duration: 0.75, fill: .forwards, function: .easeInEaseOut))
        let g = group([a, b], timing(duration: 1.5, repeatCount: .infinity, fill: groupFill), key: "stroke")
        let r = basic(.rotation, from: 0, to: 2 * .pi, timing(duration: 2, repeatCount: .infinity), key: "rotation")
        return layer([g, r], clock: 5000)
    }

    @Test("§2.3 the spinner table", arguments: [
        (0.0, 0.0, 0.0, 0.0), (0.3, 0.0, 0.331884, 54.0), (0.6, 0.035510, 0.918340, 108.0), (1.0, 0.768225, 1.0, 180.0),
        (1.3, 1.0, 1.0, 234.0), (1.6, 0.0, 0.035510, 288.0), (3.3, 0.0, 0.331884, 234.0),
    ])
    func spinnerTable(t: Double, start: Double, end: Double, rotation: Double) throws {
        let v = values(try resolve([Self.spinner()]), at: t)
        #expect(abs(v.rawStrokeStart - start) < 1e-6)
        #expect(abs(v.rawStrokeEnd - end) < 1e-6)
        #expect(abs(v.rotationDegrees.truncatingRemainder(dividingBy: 360) - rotation) < 1e-6)
    }

    @Test("§2.3 with removed children, the model value flashes a full ring between 1.25 and 1.5 s")
    func spinnerFlash() throws {
        let a = basic(.strokeEnd, from: 0, to: 1, timing(duration: 0.75, function: .easeInEaseOut))
        let b = basic(.strokeStart, from: 0, to: 1, timing(begin: 0.5, duration: 0.75, function: .easeInEaseOut))
        let m = try resolve([layer([group([a, b], timing(duration: 1.5, repeatCount: .infinity))], clock: 5000)])
        let v = values(m, at: 1.3)
        #expect(v.rawStrokeStart == 0)
        #expect(v.rawStrokeEnd == 1)
    }

    @Test("§6.2 speed = 0 at T0 + 3.3", arguments: [
        // (what, group fill, start, end, rotation degrees)
        ("nothing", FillMode.removed, 0.0, 0.331884, 234.0),
        ("speed0", FillMode.removed, 0.0, 1.0, 0.0),
        ("speed0-both", FillMode.both, 0.0, 0.0, 0.0),
        ("qa1673", FillMode.removed, 0.0, 0.331884, 234.0),
    ])
    func speedTable(what: String, fill: FillMode, start: Double, end: Double, rotation: Double) throws {
        var events: [EventSpec] = []
        switch what {
        case "speed0", "speed0-both": events = [EventSpec(at: 3.3, layer: "ring", set: [(.speed, 0)])]
        case "qa1673": events = [EventSpec(at: 3.3, layer: "ring", set: [(.timeOffset, .now), (.speed, 0)])]
        default: break
        }
        let m = try resolve([Self.spinner(groupFill: fill)], events: events)
        // A frozen layer shows the same values from the event on; a running one only at the instant.
        for t in what == "nothing" ? [3.3] : [3.3, 3.5, 10.0] {
            let v = values(m, at: t)
            #expect(abs(v.rawStrokeStart - start) < 1e-6, "\(what) at \(t)")
            #expect(abs(v.rawStrokeEnd - end) < 1e-6, "\(what) at \(t)")
            #expect(abs(v.rotationDegrees.truncatingRemainder(dividingBy: 360) - rotation) < 1e-6, "\(what) at \(t)")
        }
    }

    @Test("§3.1 cumulative rotation", arguments: [(1.5, 0.75), (2.5, 1.25), (3.0, 1.5), (4.0, 1.5)])
    func cumulative(t: Double, turnsOfPi: Double) throws {
        let m = try resolve([layer([basic(.rotation, from: 0, to: .pi / 2, timing(duration: 1, repeatCount: 3, fill: .forwards,
                                                                                 removedOnCompletion: false), cumulative: true)],
                                   clock: 0)])
        // Added at model time 0 with beginTime 0: b = layer time 0.
        #expect(abs(values(m, at: t).rotation - turnsOfPi * .pi) < 1e-9)
    }

    @Test("§3.2 keyframes with keyTimes and per-segment timing functions", arguments: [(0.5, 0.547715), (1.5, 0.863071)])
    func keyframes(t: Double, expected: Double) throws {
        let k = KeyframeValues(values: [0, 0.8, 1.0], keyTimes: [0, 0.5, 1], timingFunctions: [.easeOut, .easeIn])
        let anim = AnimationSpec(kind: .keyframe(k), keyPath: .strokeEnd, timing: timing(duration: 2))
        let m = try resolve([layer([anim])])
        #expect(abs(values(m, at: t).rawStrokeEnd - expected) < 1e-6)
    }

    @Test("§3.2 discrete keyframes with one more keyTime than values", arguments: [(0.1, 0.25), (0.4, 0.5), (0.7, 1.0)])
    func discrete(p: Double, expected: Double) throws {
        let k = KeyframeValues(values: [0.25, 0.5, 1], keyTimes: [0, 0.2, 0.6, 1], calculationMode: .discrete)
        let anim = AnimationSpec(kind: .keyframe(k), keyPath: .strokeEnd, timing: timing(duration: 1))
        let m = try resolve([layer([anim])])
        #expect(values(m, at: p).rawStrokeEnd == expected)
    }
}
