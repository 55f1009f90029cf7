#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The last step of the curves' fit (docs/INFER.md, step 6): every continuous number of the cycle
/// moved together against the frames — the cycle's start, its length, the drift per cycle, both
/// curves' inner knots and their free control points — with the pieces and timings kept and the
/// knot values solved by least squares for every trial.
///
/// Each of those numbers was found for the others held fixed: the period from the frames'
/// repetition, the cycle start from the stroke's compactness (within half a frame interval), the
/// knots and control points per curve for that fold. They trade off — a start a few milliseconds
/// late, a period off by a fraction of a millisecond (which adds up over the cycles) or a drift a
/// tenth of a degree off all misplace the folded frames, and a curve's knot and control points
/// then bend to follow them — so fitting them one after another stops short of the joint best,
/// most where an end moves fast at the cycle's boundary.
extension CycleFit {
    /// Iterations of the simplex per free number.
    static let refinementIterations = 200
    /// How far (degrees) an end may lie outside the path's turn, as ``Inferrer/pathStart(lowest:highest:)`` allows.
    static let pathSlack = 1.0
    /// Path starts (dips of the grid) the refinement starts from.
    static let phaseSeeds = 3

    /// Largest jump at the cycle's boundary (degrees on screen) that counts as a jump the frames
    /// could not see; larger ones are the animation's own and cost nothing more.
    static let boundaryJumpCap = 2.0

    /// What a jump of `curve` across the cycle's boundary costs (turns², as one more frame would):
    /// where the frames fall on the boundary (a cycle a whole number of frames long) they cannot
    /// tell a start on one frame from a start on the next, and the curves fit both about equally
    /// well; a stroke that stays continuous on screen is the likelier reading. Capped, so that an
    /// animation that does jump there pays a constant and keeps its curves.
    static func boundaryPenalty(_ curve: PiecewiseCurve, net: Double) -> Double {
        guard let first = curve.values.first, let last = curve.values.last else { return 0 }
        var gap = (RingPathFraction.angle(atFraction: last) - RingPathFraction.angle(atFraction: first) - net)
            .truncatingRemainder(dividingBy: 360)
        if gap > 180 { gap -= 360 } else if gap < -180 { gap += 360 }
        let capped = min(abs(gap), boundaryJumpCap) / 360
        return capped * capped
    }

    /// What values beyond the path cost (turns²): Core Animation clamps a fraction to [0, 1], so
    /// a value past an end of the path is drawn at that end, for every frame near it.
    static func clampPenalty(_ curve: PiecewiseCurve, samples: Int) -> Double {
        curve.values.reduce(0) { sum, v in
            let excess = max(v - 1, -v, 0)
            return sum + Double(samples) * excess * excess
        }
    }

    /// This fit with all its continuous numbers refined together, in path fractions
    /// (``RingPathFraction``) with the path's start free; the fit itself when no path start keeps
    /// the stroke on the path.
    func refinedJointly(series: AngleSeries) -> CycleFit {
        let rotation = model.rotationSpeed
        let c0 = model.cycleStart, p0 = model.period
        let curves = [model.strokeStart, model.strokeEnd]
        // Knots are free as recording times (cycle-relative to the original start), so that moving
        // the cycle's start moves only its boundary, not every knot with it.
        let innerCounts = curves.map { max($0.knots.count - 2, 0) }
        let custom = curves.map { c in c.timings.indices.filter { if case .custom = c.timings[$0] { true } else { false } } }
        var start: [Double] = [c0, p0, net, model.pathStartAngle]
        for c in curves { start += c.knots.dropFirst().dropLast() }
        for (n, c) in curves.enumerated() {
            for i in custom[n] { if case .custom(let a, let b, let x, let y) = c.timings[i] { start += [a, b, x, y] } }
        }
        let first = series.times.first ?? 0
        // One step's reach per kind of number: a quarter frame, a twentieth of one, a tenth of a
        // degree, a degree, a hundredth of the cycle, 0.05 of a control point.
        var steps = [series.interval / 4, series.interval / 20, 0.1, 1]
        for n in 0..<2 { steps += Array(repeating: p0 / 100, count: innerCounts[n]) }
        for n in 0..<2 { steps += Array(repeating: 0.05, count: 4 * custom[n].count) }

        typealias Trial = (start: Double, period: Double, net: Double, origin: Double, curves: [PiecewiseCurve])
        func unpack(_ p: [Double]) -> Trial? {
            let c = p[0], period = p[1]
            guard period > 0, abs(c - c0) < period / 2 else { return nil }
            var index = 4
            var out: [PiecewiseCurve] = []
            for n in 0..<2 {
                var knots = [0.0]
                for _ in 0..<innerCounts[n] { knots.append(p[index] - (c - c0)); index += 1 }
                knots.append(period)
                for i in 1..<knots.count where knots[i] - knots[i - 1] < CurveFitter.minimumPiece { return nil }
                out.append(PiecewiseCurve(knots: knots, values: curves[n].values, timings: curves[n].timings))
            }
            for n in 0..<2 {
                for i in custom[n] {
                    let q = Array(p[index..<(index + 4)])
                    index += 4
                    guard CurveFitter.validPoints(q) else { return nil }
                    out[n].timings[i] = .custom(q[0], q[1], q[2], q[3])
                }
            }
            return (c, period, p[2], p[3], out)
        }
        // Both properties' frames in path fractions, or nil when an end falls outside the path
        // (the path must hold the whole stroke: Core Animation clamps fractions to [0, 1]).
        func samples(_ u: Trial) -> [[CurveSample]]? {
            let folded = Inferrer.fold(series, start: u.start, period: u.period, rotation: rotation, net: u.net)
            let lowest = folded.map(\.a).min() ?? 0, highest = folded.map(\.b).max() ?? 0
            guard u.origin <= lowest + Self.pathSlack, highest <= u.origin + 360 + Self.pathSlack else { return nil }
            return [folded.map { CurveSample(u: $0.u, y: RingPathFraction.fraction(atAngle: $0.a - u.origin)) }.sorted { $0.u < $1.u },
                    folded.map { CurveSample(u: $0.u, y: RingPathFraction.fraction(atAngle: $0.b - u.origin)) }.sorted { $0.u < $1.u }]
        }
        func cost(_ p: [Double]) -> Double {
            guard let u = unpack(p), let s = samples(u) else { return .infinity }
            var total = 0.0
            for n in 0..<2 {
                let fit = CurveFitter.solve(s[n], knots: u.curves[n].knots, timings: u.curves[n].timings)
                total += fit.rss + Self.boundaryPenalty(fit.curve, net: u.net) + Self.clampPenalty(fit.curve, samples: s[n].count)
            }
            return total
        }
        // The path's start decides where its four Bézier quarters lie, and so the phase of the
        // wobble; with a rotation nothing else fixes it. A grid over the starts that keep the
        // stroke on the path (a quarter turn at most: the wobble repeats), the round start kept
        // unless another is clearly better (one more number, information criterion).
        let frames = Double(2 * series.count)
        let roundCost = cost(start)
        let folded0 = Inferrer.fold(series, start: c0, period: p0, rotation: rotation, net: net)
        let lowest0 = folded0.map(\.a).min() ?? 0, highest0 = folded0.map(\.b).max() ?? 0
        let upper = lowest0 + Self.pathSlack
        let lower = max(highest0 - 360 - Self.pathSlack, upper - 90)
        var grid: [(point: [Double], value: Double)] = []
        var o = lower
        while o <= upper {
            var trial = start
            trial[3] = o
            grid.append((trial, cost(trial)))
            o += 1
        }
        // Every dip of the grid is a candidate (the stroke's extent can cut the quarter turn
        // short, and the curves as first fitted lean towards the start they were fitted with).
        var seeds = grid.indices.filter { i in
            grid[i].value.isFinite && (i == 0 || grid[i].value <= grid[i - 1].value) && (i == grid.count - 1 || grid[i].value <= grid[i + 1].value)
        }.map { grid[$0] }.sorted { $0.value < $1.value }.prefix(Self.phaseSeeds).map { $0 }
        if let bestGrid = seeds.first?.value, roundCost.isFinite,
           frames * log(roundCost / bestGrid) < CurveFitter.parameterCost * log(frames) {
            seeds = [(start, roundCost)]
            // The round start stays as it is.
            steps[3] = 0
        }
        if seeds.isEmpty { seeds = [(start, roundCost)] }
        // Restarted from its best point: a simplex that has shrunk along one valley of these
        // trading numbers stops early otherwise.
        var best = (point: start, value: Double.infinity)
        for seed in seeds {
            var here = seed
            for _ in 0..<3 {
                let r = NelderMead.minimize(here.point, steps: steps, iterations: Self.refinementIterations * start.count, cost)
                guard r.value < here.value * (1 - 1e-6) else { break }
                here = r
            }
            if here.value < best.value { best = here }
        }
        guard best.value.isFinite, var u = unpack(best.point) else { return self }
        // The simplex follows one valley; a knot next to a free ease can sit in another (a later
        // knot with a flatter end fits almost as well). Each such knot's profile is scanned, the
        // control points refitted at every place, and the whole cycle refined again from the best.
        if let s = samples(u) {
            var moved = false
            for n in 0..<2 {
                let profiled = CurveFitter.profilingKnots(s[n], u.curves[n], reach: 2 * series.interval)
                if profiled.knots != u.curves[n].knots || profiled.timings != u.curves[n].timings { u.curves[n] = profiled; moved = true }
            }
            if moved {
                var point = [u.start, u.period, u.net, u.origin]
                for c in u.curves { point += c.knots.dropFirst().dropLast().map { $0 + (u.start - c0) } }
                for (n, c) in u.curves.enumerated() {
                    for i in custom[n] { if case .custom(let a, let b, let x, let y) = c.timings[i] { point += [a, b, x, y] } }
                }
                var again = (point: point, value: cost(point))
                for _ in 0..<3 {
                    let r = NelderMead.minimize(again.point, steps: steps, iterations: Self.refinementIterations * start.count, cost)
                    guard r.value < again.value * (1 - 1e-6) else { break }
                    again = r
                }
                if again.value < best.value, let v = unpack(again.point) { u = v }
            }
        }
        // Rebuild as CycleFit.make does, the start at or before the first frame: a cycle earlier
        // turns the path back by one cycle's drift.
        var refined = model
        refined.period = u.period
        refined.cycleStart = u.start
        refined.pathStartAngle = u.origin
        while refined.cycleStart > first {
            refined.cycleStart -= u.period
            refined.pathStartAngle -= rotation * u.period + u.net
        }
        var advance = u.net.truncatingRemainder(dividingBy: 360)
        if advance < 0 { advance += 360 }
        if advance < 1 || advance > 359 { advance = 0 }
        refined.advance = advance
        let folded = Inferrer.fold(series, start: refined.cycleStart, period: u.period, rotation: rotation, net: u.net)
        var rss = 0.0, score = 0.0
        for n in 0..<2 {
            let s = folded.map { CurveSample(u: $0.u, y: RingPathFraction.fraction(atAngle: (n == 0 ? $0.a : $0.b) - refined.pathStartAngle)) }.sorted { $0.u < $1.u }
            let fit = CurveFitter.solve(s, knots: u.curves[n].knots, timings: u.curves[n].timings)
            let noise = max(CurveFitter.noiseFloor, CurveFitter.noiseLevel(s))
            rss += fit.rss
            score += CurveFitter.score(fit, s, noise: noise)
            if n == 0 { refined.strokeStart = fit.curve } else { refined.strokeEnd = fit.curve }
        }
        return CycleFit(model: refined, net: u.net, rss: rss, score: score, startSlack: startSlack)
    }
}

