import Testing
import JSON
import AnimationModel
@testable import Inference

/// Frames of an ideal seed spinner (MODEL-FORMAT.md seed 1, D = 1.5 s) as `inspect` would report
/// them, sampled every `interval` seconds: no GIF, so the inference is tested on its own. The
/// fractions are placed on the ring as Core Animation draws them on a UIKit arc from 12 o'clock.
func seedSpinnerSamples(interval: Double = 0.04, duration: Double = 3.3, offset: Double = 0) -> [RingSample] {
    let start = PiecewiseCurve(knots: [0, 1, 1.5], values: [0, 0.25, 1], timings: [.easeInEaseOut, .easeInEaseOut])
    let end = PiecewiseCurve(knots: [0, 1, 1.5], values: [0, 1, 1], timings: [.linear, .hold])
    var out: [RingSample] = []
    var t = 0.0
    while t <= duration {
        let u = (t + offset).truncatingRemainder(dividingBy: 1.5)
        let s = start.value(at: u), e = end.value(at: u)
        if e - s < 0.002 {
            out.append(RingSample(time: t, state: .empty))
        } else {
            out.append(RingSample(time: t, state: .arc, startAngle: RingPathFraction.angle(atFraction: s).truncatingRemainder(dividingBy: 360),
                                  endAngle: RingPathFraction.angle(atFraction: e).truncatingRemainder(dividingBy: 360)))
        }
        t += interval
    }
    return out
}

let testRing = RingAppearance(centerX: 50, centerY: 50, radius: 20, lineWidth: 4, strokeColor: "#007AFF", lineCap: .butt)

@Suite("inference from measured frames")
struct InferenceTests {
    @Test("the seed spinner: 1.5 s cycle, strokeStart eased in two pieces, strokeEnd linear then held")
    func seedSpinner() throws {
        let m = try Inferrer.infer(seedSpinnerSamples(), appearance: testRing)
        #expect(abs(m.period - 1.5) < 1e-9)
        #expect(m.rotationPeriod == nil)
        #expect(m.strokeStart.timings == [.easeInEaseOut, .easeInEaseOut])
        #expect(zip(m.strokeStart.knots, [0, 1, 1.5]).allSatisfy { abs($0 - $1) < 0.01 })
        #expect(zip(m.strokeStart.values, [0, 0.25, 1]).allSatisfy { abs($0 - $1) < 0.005 })
        #expect(m.strokeEnd.timings == [.linear, .hold])
        #expect(m.errorFigures(seedSpinnerSamples()).max < 0.2)
    }

    @Test("a recording that starts mid-cycle gives the same cycle")
    func midCycleStart() throws {
        let samples = seedSpinnerSamples(offset: 0.37)
        let m = try Inferrer.infer(samples, appearance: testRing)
        #expect(abs(m.period - 1.5) < 1e-9)
        #expect(m.strokeStart.timings.first == .easeInEaseOut)
        #expect(m.errorFigures(samples).max < 0.5)
    }

    @Test("too few frames and no repetition are errors with a message")
    func errors() {
        #expect(throws: InferenceError.tooFewArcFrames(found: 2, needed: Inferrer.minimumArcFrames)) {
            try Inferrer.infer(Array(seedSpinnerSamples().dropFirst().prefix(2)), appearance: testRing)
        }
        let once = seedSpinnerSamples(duration: 1.2)
        #expect(throws: InferenceError.self) { try Inferrer.infer(once, appearance: testRing) }
    }

    @Test("the model JSON loads and the code emitters write the layer, path and animations")
    func emitters() throws {
        let m = try Inferrer.infer(seedSpinnerSamples(), appearance: testRing)
        let text = ModelEmitter.json(m, source: "test.gif").serialized()
        let document = try ModelLoader.load(json: text, file: "inferred.json")
        #expect(document.layers.count == 1)
        let swift = CodeEmitter.code(m, language: .swift, source: "test.gif")
        #expect(swift.contains("let ringLayer = CAShapeLayer()"))
        #expect(swift.contains("UIBezierPath(arcCenter: CGPoint(x: 24, y: 24), radius: 20,"))
        #expect(swift.contains("startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true"))
        #expect(swift.contains("CAMediaTimingFunction(name: .easeInEaseOut)"))
        #expect(swift.contains("group.duration = 1.5"))
        #expect(swift.contains("group.repeatCount = .infinity"))
        let objc = CodeEmitter.code(m, language: .objc, source: "test.gif")
        #expect(objc.contains("[UIBezierPath bezierPathWithArcCenter:CGPointMake(24, 24) radius:20"))
        #expect(objc.contains("startAngle:-M_PI / 2 endAngle:3 * M_PI / 2 clockwise:YES"))
        #expect(objc.contains("[CAMediaTimingFunction functionWithName:kCAMediaTimingFunctionEaseInEaseOut]"))
        #expect(objc.contains("[ringLayer addAnimation:group forKey:@\"stroke\"];"))
    }

    @Test("a path that starts off the 22.5° grid is still the whole ring once loaded")
    func offGridPathStart() throws {
        var m = try Inferrer.infer(seedSpinnerSamples(), appearance: testRing)
        m.pathStartAngle = 170.4942
        let document = try ModelLoader.load(json: ModelEmitter.json(m, source: "test.gif").serialized(), file: "inferred.json")
        let layer = try document.resolve().layers[0]
        // Half-way through strokeEnd's linear piece the arc is a third of the ring or more, not
        // a sliver of a rounded path.
        let p = layer.presentation(at: 0.5)
        let a = try #require(p.startAngle), b = try #require(p.endAngle)
        let length = (b - a + 360).truncatingRemainder(dividingBy: 360)
        #expect(length > 100)
        #expect(CodeEmitter.code(m, language: .swift, source: "test.gif").contains("+ 2 * .pi, clockwise: true"))
    }

    @Test("angles as code", arguments: [(-90.0, "-.pi / 2"), (270.0, "3 * .pi / 2"), (0.0, "0"), (180.0, ".pi"), (22.5, ".pi / 8")])
    func angleCode(_ degrees: Double, _ text: String) {
        #expect(CodeEmitter.angleCode(degrees, pi: ".pi") == text)
    }
}

@Suite("Fixed-point text without Foundation")
struct CFixedTests {
    @Test("cFixed writes what printf's %.*f writes (as String(format:) did)")
    func matchesPrintf() {
        #expect(cFixed(1.5, 2) == "1.50")
        #expect(cFixed(0.125, 2) == "0.12")  // exact binary value, ties to even as printf does
        #expect(cFixed(-2.675, 2) == "-2.67")  // 2.675 is stored just below
        #expect(cFixed(3, 0) == "3")
        #expect(cFixed(1e20, 1) == "100000000000000000000.0")
        #expect(cFixed(.infinity, 2) == "inf")
    }
}
