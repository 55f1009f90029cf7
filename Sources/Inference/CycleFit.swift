#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One reading of the frames: a rotation, the cycle's start and the two stroke curves fitted for
/// them, with how well the curves fit (the sum of the two properties' residuals and
/// information-criterion scores, docs/INFER.md).
struct CycleFit: Sendable {
    var model: InferredAnimation
    /// Drift per cycle that the rotation does not explain (degrees): the advance, unwrapped.
    var net: Double
    /// Residual of both curves, turns².
    var rss: Double
    /// Information-criterion score of both curves (lower is better).
    var score: Double
    /// Half-width of the range of cycle starts that keep the stroke equally compact (seconds).
    var startSlack: Double

    /// How much better (information-criterion units) another cycle start must score to replace
    /// the most compact one.
    static let startMargin = 2.0

    /// Fits both curves for `rotation` (degrees per second), the cycle starting at `start` (or
    /// where the stroke is most compact when nil).
    static func make(_ base: InferredAnimation, series: AngleSeries, rotation: Double, drift: Double, start: Double? = nil, maxPieces: Int) -> CycleFit {
        var model = base
        let net = drift - rotation * base.period
        var advance = net.truncatingRemainder(dividingBy: 360)
        if advance < 0 { advance += 360 }
        // Within a degree of a whole turn is no advance (the period's drift is measured to that).
        if advance < 1 || advance > 359 { advance = 0 }
        model.rotationSpeed = rotation
        model.advance = advance
        let compact = Inferrer.cycleStart(series, period: base.period, rotation: rotation, net: net)
        model.cycleStart = start ?? compact.start
        let folded = Inferrer.fold(series, start: model.cycleStart, period: model.period, rotation: rotation, net: net)
        let lowest = folded.map(\.a).min() ?? 0, highest = folded.map(\.b).max() ?? 0
        model.pathStartAngle = Inferrer.pathStart(lowest: lowest, highest: highest)
        let origin = model.pathStartAngle
        let s = CurveFitter.scoredFit(folded.map { CurveSample(u: $0.u, y: ($0.a - origin) / 360) }, period: model.period, maxPieces: maxPieces)
        let e = CurveFitter.scoredFit(folded.map { CurveSample(u: $0.u, y: ($0.b - origin) / 360) }, period: model.period, maxPieces: maxPieces)
        model.strokeStart = s.curve
        model.strokeEnd = e.curve
        return CycleFit(model: model, net: net, rss: s.rss + e.rss, score: s.score + e.score, startSlack: compact.halfWidth)
    }

    /// The cycle start, within the range that keeps the stroke equally compact (at least half a
    /// frame interval either side), where the curves fit best: a grid of seven starts by score,
    /// then golden section on the score around the best; kept when it beats the compact start by
    /// ``startMargin``. Frames that fall evenly on the cycle
    /// (a 1.2 s cycle at 25 fps) leave no doubt; otherwise the boundary lies between two frames
    /// and only the curves' shapes can place it.
    func refiningCycleStart(series: AngleSeries, drift: Double, maxPieces: Int) -> CycleFit {
        let width = max(startSlack, series.interval / 2)
        let centre = model.cycleStart
        let first = series.times.first ?? 0
        // At or before the first frame, as the model wants it (moving the start by a whole cycle
        // afterwards would move a turning ring by the drift).
        func fit(_ c: Double) -> CycleFit {
            var start = c
            while start > first { start -= model.period }
            return CycleFit.make(model, series: series, rotation: model.rotationSpeed, drift: drift, start: start, maxPieces: maxPieces)
        }
        var best = self
        let steps = 6
        let step = 2 * width / Double(steps)
        for j in 0...steps {
            let candidate = fit(centre - width + step * Double(j))
            if candidate.score < best.score - 1e-9 { best = candidate }
        }
        // Golden section keeps the pieces and timings the grid chose and moves the start only.
        let found = GoldenSection.minimize(best.model.cycleStart - step, best.model.cycleStart + step, iterations: 10) { c in
            let candidate = fit(c)
            return candidate.score
        }
        let refined = fit(found)
        if refined.score < best.score { best = refined }
        best.startSlack = startSlack
        // The compact start stays unless the curves clearly prefer another (a few milliseconds'
        // move that only chases noise is not worth it).
        return best.score < score - Self.startMargin ? best : self
    }
}

/// Golden-section search for the minimum of a one-dimensional function on [a, b].
enum GoldenSection {
    static func minimize(_ a0: Double, _ b0: Double, iterations: Int, _ f: (Double) -> Double) -> Double {
        var a = a0, b = b0
        let g = (5.0.squareRoot() - 1) / 2
        var c = b - g * (b - a), d = a + g * (b - a)
        var fc = f(c), fd = f(d)
        for _ in 0..<iterations {
            if fc < fd { b = d; d = c; fd = fc; c = b - g * (b - a); fc = f(c) } else { a = c; c = d; fc = fd; d = a + g * (b - a); fd = f(d) }
        }
        return fc < fd ? c : d
    }
}
