import Testing
#if canImport(Glibc)
import Glibc
#endif
import AnimationModel
@testable import Inference

@Suite("path fractions on screen and the joint refinement of a cycle")
struct CycleRefinementTests {
    @Test("a fraction of a UIKit arc lies where Core Animation cuts it, not at 360 × fraction")
    func pathFractionWobble() {
        // Quarter points are exact; in between, the Bézier parameter runs ahead of the angle.
        #expect(abs(RingPathFraction.angle(atFraction: 0.25) - 90) < 1e-6)
        #expect(abs(RingPathFraction.angle(atFraction: 0.5) - 180) < 1e-6)
        #expect(abs(RingPathFraction.angle(atFraction: 1.0 / 32) - 45 / 4) > 0.2)
        #expect(abs(RingPathFraction.angle(atFraction: 1.0 / 16) - 22.9) < 0.05)
        for f in [0.0, 0.013, 1.0 / 16, 0.3, 0.77, 0.999, 1.25, -0.1] {
            #expect(abs(RingPathFraction.fraction(atAngle: RingPathFraction.angle(atFraction: f)) - f) < 1e-9)
        }
    }

    @Test("the self-check's angles agree with what the emitted model draws once loaded")
    func anglesMatchLoadedModel() throws {
        var m = try Inferrer.infer(seedSpinnerSamples(), appearance: testRing)
        m.pathStartAngle = 30
        m.strokeStart = PiecewiseCurve(knots: [0, 1.5], values: [0.03, 0.03], timings: [.hold])
        m.strokeEnd = PiecewiseCurve(knots: [0, 1.5], values: [0.0625, 0.0625], timings: [.hold])
        let document = try ModelLoader.load(json: ModelEmitter.json(m, source: "test.gif").serialized(), file: "inferred.json")
        let p = try document.resolve().layers[0].presentation(at: 0.2)
        let drawn = (try #require(p.startAngle), try #require(p.endAngle))
        let ours = m.angles(at: m.cycleStart + 0.2)
        #expect(circularDistance(drawn.0, ours.start) < 0.02)
        #expect(circularDistance(drawn.1, ours.end) < 0.02)
        // 360 × fraction would be off by a few tenths of a degree here.
        #expect(circularDistance(drawn.1, 30 + 22.5) > 0.3)
    }

    @Test("a period a fifth of a millisecond off and its knots come back when refined together")
    func jointRefinement() throws {
        let samples = materialSamples()
        let series = AngleSeries(samples)
        let period = 1.3328
        let drift = try #require(series.mismatch(lag: 1.333)?.drift)
        let base = InferredAnimation(name: "t", appearance: testRing, scale: 1, period: period, cycleStart: 0, pathStartAngle: 0,
                                     rotationSpeed: 180, advance: 0,
                                     strokeStart: PiecewiseCurve(knots: [0, period], values: [0, 0], timings: [.hold]),
                                     strokeEnd: PiecewiseCurve(knots: [0, period], values: [1, 1], timings: [.hold]))
        var fit = CycleFit.make(base, series: series, rotation: 180, drift: drift, start: -period, maxPieces: 7)
        // The curves' structure as the greedy fit finds it, with the start 4 ms late and the knots
        // and control points a little off, as the separate steps leave them.
        fit.model.cycleStart = -period + 0.004
        fit.model.strokeStart = PiecewiseCurve(knots: [0, 0.675, period], values: [0, 0, 0.75], timings: [.hold, .custom(0.38, 0.03, 0.22, 0.97)])
        fit.model.strokeEnd = PiecewiseCurve(knots: [0, 0.655, period], values: [0.02, 0.77, 0.77], timings: [.custom(0.42, 0.03, 0.18, 0.97), .hold])
        let before = fit.model
        let refined = fit.refinedJointly(series: series)
        #expect(abs(refined.model.period - 1.333) < 0.0002)
        let m = refined.model
        #expect(m.errorFigures(samples).max < 0.2)
        // The knots at half the cycle, as recording times (every cycle boundary at a multiple of
        // 1.333 s); the boundary itself only within the half frame interval the frames leave open.
        #expect(abs(remainder(m.cycleStart, 1.333)) < 0.02)
        #expect(abs(remainder(m.cycleStart + m.strokeStart.knots[1] - 0.6665, 1.333)) < 0.005)
        #expect(abs(remainder(m.cycleStart + m.strokeEnd.knots[1] - 0.6665, 1.333)) < 0.005)
        // Those numbers as they were explain the frames far worse.
        #expect(before.errorFigures(samples).max > 1)
    }

    @Test("free control points a named timing explains as well are written as that name")
    func namedSnap() throws {
        let samples = seedSpinnerSamples()
        let series = AngleSeries(samples)
        var m = try Inferrer.infer(samples, appearance: testRing)
        m.strokeStart.timings[0] = .custom(0.41, 0.006, 0.594, 1.0002)
        let drift = try #require(series.mismatch(lag: 1.5)?.drift)
        let rounded = HumanRounding.round(m, series: series, samples: samples, net: drift, maxPieces: 7)
        #expect(rounded.strokeStart.timings[0] == .easeInEaseOut)
    }
}
