/// Roundings that move more than one number (docs/INFER.md, step 7): a knot that no longer pays
/// is removed, and the cycle's start is moved so that a knot falls on a round time. Both refit the
/// knot values by least squares on the folded frames, so the curves follow the change.
extension HumanRounding {
    /// The frames folded onto `model`'s cycle for one property (0: strokeStart, 1: strokeEnd),
    /// in turns from the path's start. `drift` is the measured drift per cycle (rotation
    /// included), so the fold follows a rounded rotation.
    static func folded(_ model: InferredAnimation, series: AngleSeries, drift: Double, which: Int) -> [CurveSample] {
        let net = drift - model.rotationSpeed * model.period
        let origin = model.pathStartAngle
        return Inferrer.fold(series, start: model.cycleStart, period: model.period, rotation: model.rotationSpeed, net: net).map {
            CurveSample(u: $0.u, y: RingPathFraction.fraction(atAngle: (which == 0 ? $0.a : $0.b) - origin))
        }
    }

    /// A curve with these knots and timings, its values solved for them on the folded frames.
    static func refitted(_ model: InferredAnimation, knots: [Double], timings: [PieceTiming],
                         series: AngleSeries, drift: Double, which: Int) -> PiecewiseCurve {
        CurveFitter.solve(folded(model, series: series, drift: drift, which: which), knots: knots, timings: timings).curve
    }

    /// Per curve, each inner knot removed in turn (the merged piece gets the simplest timing that
    /// fits); `accept` decides. The greedy fit keeps a knot when it wins the information
    /// criterion by a little, for instance where a short arc's ends are measured a little off at
    /// the start of a cycle; a person writes one piece there, and the frames agree to within the
    /// rounding rule. `accept` keeps the model it accepts (the caller's copy follows).
    static func removingKnots(_ start: InferredAnimation, series: AngleSeries, drift: Double,
                              accept: (InferredAnimation) -> Bool) {
        var model = start
        for which in 0..<2 {
            var removed = true
            while removed {
                removed = false
                let curve = which == 0 ? model.strokeStart : model.strokeEnd
                guard curve.knots.count > 2 else { break }
                let samples = folded(model, series: series, drift: drift, which: which)
                let noise = max(CurveFitter.noiseFloor, CurveFitter.noiseLevel(samples.sorted { $0.u < $1.u }))
                for k in 1..<(curve.knots.count - 1) {
                    var knots = curve.knots, timings = curve.timings
                    knots.remove(at: k)
                    // The merged piece: start from the left piece's timing, then the simplest fit.
                    timings.remove(at: k)
                    if case .custom = timings[k - 1] { continue }
                    let merged = CurveFitter.chooseTimings(samples, knots: knots, timings: timings, noise: noise).curve
                    var c = model
                    if which == 0 { c.strokeStart = merged } else { c.strokeEnd = merged }
                    if accept(c) { model = c; removed = true; break }
                }
            }
        }
    }

    /// The cycle's start moved by less than a frame interval so that one knot lands on a multiple
    /// of 0.1, 0.05 or 0.01 s (roundest first), every inner knot moved with it and the values
    /// refitted. Where the cycle boundary falls between two frames the frames place it only to
    /// within a few milliseconds, and a start that far off leaves every knot (and the values at
    /// the boundary) a little off round numbers, which rounding them one at a time cannot undo.
    static func reanchoring(_ model: InferredAnimation, series: AngleSeries, drift: Double,
                            accept: (InferredAnimation) -> Bool) {
        // As CycleFit keeps it: at or before the first frame that shows an arc.
        let first = series.times.first ?? 0
        let reach = series.interval
        for step in [0.1, 0.05, 0.01] {
            let inner = (model.strokeStart.knots.dropFirst().dropLast() + model.strokeEnd.knots.dropFirst().dropLast())
            var shifts: [Double] = []
            for k in inner {
                let d = k - nice(k, step)
                if abs(d) > 1e-6, abs(d) <= reach, !shifts.contains(where: { abs($0 - d) < 1e-6 }) { shifts.append(d) }
            }
            for d in shifts.sorted(by: { abs($0) < abs($1) }) {
                // The start stays at or before the first frame (moving it a whole cycle would move
                // the fold's turn count).
                guard model.cycleStart + d <= first else { continue }
                var c = model
                c.cycleStart += d
                var valid = true
                for which in 0..<2 {
                    let curve = which == 0 ? model.strokeStart : model.strokeEnd
                    var knots = curve.knots
                    for i in 1..<max(knots.count - 1, 1) { knots[i] -= d }
                    for i in 1..<knots.count where knots[i] - knots[i - 1] < CurveFitter.minimumPiece { valid = false }
                    guard valid else { break }
                    let refit = refitted(c, knots: knots, timings: curve.timings, series: series, drift: drift, which: which)
                    if which == 0 { c.strokeStart = refit } else { c.strokeEnd = refit }
                }
                if valid && accept(c) { return }
            }
        }
    }
}
