#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Infers a repeating stroke animation from a ring's measured frames (docs/INFER.md):
/// period, rotation, the cycle's start, then one piecewise curve per stroke end, then numbers a
/// person would write where they explain the frames as well.
public enum Inferrer {
    /// At least this many frames must show an arc with two ends.
    public static let minimumArcFrames = 8

    public static func infer(_ stored: [RingSample], appearance: RingAppearance, options: InferenceOptions = InferenceOptions()) throws(InferenceError) -> InferredAnimation {
        // Capture times, not the rounded delays, where the delays are only rounding (30 fps
        // stored as 3, 3, 4 cs): everything below fits in time.
        let (samples, clock) = CaptureClock.regularized(stored)
        let series = AngleSeries(samples)
        guard series.count >= minimumArcFrames else { throw .tooFewArcFrames(found: series.count, needed: minimumArcFrames) }
        guard let period = series.period(), let drift = series.mismatch(lag: period)?.drift else {
            throw .noPeriod(recordingSeconds: series.duration)
        }
        // A ring that does not turn moves its ends by whole turns per cycle; otherwise the ends'
        // most common speed is a first estimate of the rotation (an end holding still on the
        // turning ring), refined with the curves' fit (RotationSearch).
        let wholeTurns = abs(remainder(drift, 360)) <= 2
        let base = InferredAnimation(name: options.name, appearance: appearance, scale: options.scale, period: period,
                                     cycleStart: 0, pathStartAngle: 0, rotationSpeed: 0, advance: 0,
                                     strokeStart: PiecewiseCurve(knots: [0, period], values: [0, 0], timings: [.hold]),
                                     strokeEnd: PiecewiseCurve(knots: [0, period], values: [1, 1], timings: [.hold]))
        var fit: CycleFit
        if wholeTurns {
            fit = CycleFit.make(base, series: series, rotation: 0, drift: drift, maxPieces: options.maxPieces)
        } else {
            fit = RotationSearch.best(base, series: series, estimate: series.commonSlope(), drift: drift, maxPieces: options.maxPieces)
        }
        fit = fit.refiningCycleStart(series: series, drift: drift, maxPieces: options.maxPieces)
        fit = fit.refinedJointly(series: series)
        var model = fit.model
        model.captureInterval = clock?.interval
        if options.humanRounding { model = HumanRounding.round(model, series: series, samples: samples, net: fit.net, maxPieces: options.maxPieces) }
        return model
    }

    /// The cycle's ends in the frames: each arc frame's cycle-relative time and its ends with the
    /// rotation and the drift of earlier cycles taken out.
    static func fold(_ series: AngleSeries, start: Double, period: Double, rotation: Double, net: Double) -> [(u: Double, a: Double, b: Double)] {
        series.times.indices.map { i in
            let tau = series.times[i] - start
            let k = (tau / period).rounded(.down)
            let shift = rotation * tau + k * net
            return (tau - k * period, series.starts[i] - shift, series.ends[i] - shift)
        }
    }

    /// Where a cycle starts: the moment that keeps one cycle's stroke within one turn of the path
    /// (the smallest span from the lowest start to the highest end), in the middle of the range of
    /// moments that do equally well; returned at or before the first frame, with that range's
    /// half-width (seconds), within which the curves' fit may choose (CycleFit).
    static func cycleStart(_ series: AngleSeries, period: Double, rotation: Double, net: Double) -> (start: Double, halfWidth: Double) {
        let first = series.times[0]
        let n = 720
        let spans: [Double] = (0..<n).map { j in
            let c = first + period * Double(j) / Double(n)
            let folded = fold(series, start: c, period: period, rotation: rotation, net: net)
            return (folded.map(\.b).max() ?? 0) - (folded.map(\.a).min() ?? 0)
        }
        let best = spans.indices.min { spans[$0] < spans[$1] } ?? 0
        let limit = spans[best] + 0.05
        var lo = best, hi = best
        while hi - lo < n - 1 && spans[(lo - 1 + n) % n] <= limit { lo -= 1 }
        while hi - lo < n - 1 && spans[(hi + 1) % n] <= limit { hi += 1 }
        var c = first + period * (Double(lo + hi) / 2) / Double(n)
        while c > first { c -= period }
        return (c, period * Double(hi - lo) / Double(2 * n))
    }

    /// A start for the path at or just below the lowest start angle that keeps the highest end
    /// within one turn: a multiple of 45° when one fits (12 o'clock first), else the lowest start.
    static func pathStart(lowest: Double, highest: Double) -> Double {
        var candidate = (( lowest + 1) / 45).rounded(.down) * 45
        while candidate > lowest - 360 {
            if highest <= candidate + 361 { return candidate }
            candidate -= 45
        }
        return lowest
    }
}
