import Testing
@testable import Inference

/// Frames of an ideal Material-style spinner as `inspect` would report them: the ring turns at
/// `turn` seconds per turn; each `period` the head races ahead (fast-out-slow-in) in the first
/// half while the tail holds, then the tail catches up; a cumulative 270° advance per cycle.
func materialSamples(period: Double = 1.333, turn: Double = 2, interval: Double = 0.04, duration: Double = 4.5) -> [RingSample] {
    let ease = PieceTiming.custom(0.4, 0, 0.2, 1)
    let half = period / 2
    let start = PiecewiseCurve(knots: [0, half, period], values: [0, 0, 0.75], timings: [.hold, ease])
    let end = PiecewiseCurve(knots: [0, half, period], values: [0.02, 0.77, 0.77], timings: [ease, .hold])
    var out: [RingSample] = []
    var t = 0.0
    while t <= duration {
        let k = (t / period).rounded(.down)
        let u = t - k * period
        let base = 360 * t / turn + 270 * k
        // Where Core Animation draws the fractions on the turning UIKit arc.
        let a = (base + RingPathFraction.angle(atFraction: start.value(at: u))).truncatingRemainder(dividingBy: 360)
        let b = (base + RingPathFraction.angle(atFraction: end.value(at: u))).truncatingRemainder(dividingBy: 360)
        out.append(RingSample(time: t, state: .arc, startAngle: a, endAngle: b))
        t += interval
    }
    return out
}

@Suite("inference of turning rings and free eases")
struct RotationInferenceTests {
    @Test("a Material-style spinner: rotation, advance and one eased piece per end come back")
    func materialSpinner() throws {
        let samples = materialSamples()
        let m = try Inferrer.infer(samples, appearance: testRing)
        #expect(abs(m.period - 1.333) < 0.002)
        #expect(abs((m.rotationPeriod ?? 0) - 2) < 0.01)
        #expect(abs(m.advance - 270) < 1)
        #expect(m.strokeStart.pieceCount == 2)
        #expect(m.strokeEnd.pieceCount == 2)
        #expect(m.errorFigures(samples).max < 0.5)
    }

    @Test("frames 20 ms apart do not make the first few frames' steady motion a period")
    func shortIntervalPeriod() throws {
        let samples = seedSpinnerSamples(interval: 0.02, duration: 3.3)
        let m = try Inferrer.infer(samples, appearance: testRing)
        #expect(abs(m.period - 1.5) < 0.01)
    }

    @Test("a chain of named pieces along one free ease becomes one piece with control points")
    func mergedEase() {
        let truth = PiecewiseCurve(knots: [0, 0.6, 1.2], values: [0, 0.7, 0.7], timings: [.custom(0.4, 0, 0.2, 1), .hold])
        let samples = stride(from: 0.0, to: 1.2, by: 0.011).map { CurveSample(u: $0, y: truth.value(at: $0)) }
        let fit = CurveFitter.fit(samples, period: 1.2, maxPieces: 7)
        // At most a sliver besides the eased piece and the hold; the ease is one piece.
        #expect(fit.pieceCount <= 3)
        let eased = fit.pieces.filter { if case .custom = $0.timing { true } else { false } }
        #expect(eased.count == 1)
        #expect((eased.first?.duration ?? 0) > 0.55)
        let worst = samples.map { abs(fit.value(at: $0.u) - $0.y) * 360 }.max() ?? 0
        #expect(worst < 0.3)
    }
}
