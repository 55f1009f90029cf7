#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rounds an inferred animation's numbers to what a person would write (1.5 s rather than
/// 1.4987 s, 0.25 rather than 0.2493), one number at a time, keeping a rounding only when the
/// frames are explained as well: the RMS residual grows by at most a tenth (or 0.05°) and the
/// largest by at most 0.3°.
enum HumanRounding {
    static func round(_ start: InferredAnimation, series: AngleSeries, samples: [RingSample], net: Double, maxPieces: Int) -> InferredAnimation {
        var model = start
        var figures = model.errorFigures(samples)
        func accept(_ candidate: InferredAnimation) -> Bool {
            let f = candidate.errorFigures(samples)
            guard f.rms <= max(figures.rms * 1.1, figures.rms + 0.05), f.max <= figures.max + 0.3 else { return false }
            model = candidate
            figures = f
            return true
        }
        // The period, then the rotation: a wrong one drifts over the cycles, which the figures see.
        for step in [0.1, 0.05, 0.01] {
            let rounded = nice(model.period, step)
            guard rounded != model.period, rounded > 0 else { break }
            var c = model
            c.period = rounded
            c.strokeStart = rescaled(model.strokeStart, to: rounded)
            c.strokeEnd = rescaled(model.strokeEnd, to: rounded)
            c.cycleStart = bestCycleStart(c, samples: samples)
            if accept(c) { break }
        }
        if let turn = model.rotationPeriod {
            for step in [0.1, 0.05, 0.01] {
                let rounded = nice(turn, step)
                guard rounded > 0 else { continue }
                var c = model
                c.rotationSpeed = (model.rotationSpeed < 0 ? -360 : 360) / rounded
                if accept(c) { break }
            }
        }
        if model.advance != 0 {
            var c = model
            c.advance = nice(model.advance, 22.5)
            _ = accept(c)
        }
        // Fewer pieces, then a cycle start that puts a knot on a round time (RoundingRefits).
        let drift = net + start.rotationSpeed * start.period
        removingKnots(model, series: series, drift: drift, accept: accept)
        reanchoring(model, series: series, drift: drift, accept: accept)
        // Knot times, then values, per curve.
        for which in 0..<2 {
            let curve = which == 0 ? model.strokeStart : model.strokeEnd
            var knots = curve.knots
            for k in 1..<max(knots.count - 1, 1) {
                for step in [0.1, 0.05, 0.01] {
                    var trial = knots
                    trial[k] = nice(knots[k], step)
                    guard trial[k] > trial[k - 1], trial[k] < trial[k + 1] else { continue }
                    var c = model
                    let refit = PiecewiseCurve(knots: trial, values: curve.values, timings: curve.timings)
                    if which == 0 { c.strokeStart = refit } else { c.strokeEnd = refit }
                    if accept(c) { knots = trial; break }
                }
            }
            let current = which == 0 ? model.strokeStart : model.strokeEnd
            for k in current.values.indices {
                for step in [0.25, 0.05, 0.01] {
                    var values = (which == 0 ? model.strokeStart : model.strokeEnd).values
                    let rounded = nice(values[k], step)
                    // A hold keeps its two ends equal.
                    let old = values[k]
                    for j in values.indices where abs(values[j] - old) < 1e-12 { values[j] = rounded }
                    var c = model
                    let refit = PiecewiseCurve(knots: current.knots, values: values, timings: current.timings)
                    if which == 0 { c.strokeStart = refit } else { c.strokeEnd = refit }
                    if accept(c) { break }
                }
            }
            // Free control points that a named timing explains as well become that name (the fit
            // keeps free points when they win by a little, within the measurement's scatter).
            for i in (which == 0 ? model.strokeStart : model.strokeEnd).timings.indices {
                let curve = which == 0 ? model.strokeStart : model.strokeEnd
                guard case .custom = curve.timings[i] else { continue }
                for t in PieceTiming.named {
                    var timings = curve.timings
                    timings[i] = t
                    var c = model
                    let refit = PiecewiseCurve(knots: curve.knots, values: curve.values, timings: timings)
                    if which == 0 { c.strokeStart = refit } else { c.strokeEnd = refit }
                    if accept(c) { break }
                }
            }
            // Free control points to two decimals.
            let latest = which == 0 ? model.strokeStart : model.strokeEnd
            var timings = latest.timings
            for i in timings.indices {
                guard case .custom(let a, let b, let c2, let d) = timings[i] else { continue }
                timings[i] = .custom(nice(a, 0.01), nice(b, 0.01), nice(c2, 0.01), nice(d, 0.01))
                var c = model
                let refit = PiecewiseCurve(knots: latest.knots, values: latest.values, timings: timings)
                if which == 0 { c.strokeStart = refit } else { c.strokeEnd = refit }
                if !accept(c) { timings[i] = latest.timings[i] }
            }
        }
        return model
    }

    /// `value` to the nearest multiple of `step`, without binary noise (1.5, not 1.5000000000000002).
    static func nice(_ value: Double, _ step: Double) -> Double {
        let q = (value / step).rounded() * step
        return (q * 1e9).rounded() / 1e9
    }

    static func rescaled(_ curve: PiecewiseCurve, to period: Double) -> PiecewiseCurve {
        let f = period / curve.period
        return PiecewiseCurve(knots: curve.knots.map { $0 * f }, values: curve.values, timings: curve.timings)
    }

    /// The cycle start that fits best, within a few frames of the current one.
    static func bestCycleStart(_ model: InferredAnimation, samples: [RingSample]) -> Double {
        var best = (start: model.cycleStart, rms: model.errorFigures(samples).rms)
        let span = 0.1 * model.period
        for j in -40...40 {
            var c = model
            c.cycleStart = model.cycleStart + span * Double(j) / 40
            let r = c.errorFigures(samples).rms
            if r < best.rms { best = (c.cycleStart, r) }
        }
        var s = best.start
        let first = samples.first?.time ?? 0
        while s > first { s -= model.period }
        return s
    }
}
