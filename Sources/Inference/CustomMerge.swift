/// Free-control-point pieces that replace several named ones (docs/INFER.md, step 6).
///
/// The greedy splits try named timings only, so a curve eased with its own control points (the
/// Material spinner's fast-out-slow-in) comes out as a chain of short named pieces. Here every run
/// of two or more consecutive moving pieces is tried as one piece with free control points, the
/// control points and all inner knots moved together (a knot and the control points next to it
/// trade off: a late knot with a steep start mimics an early knot with a flat one); the
/// replacement stays when the information criterion says the curve got better. The joint
/// refinement of the whole cycle (CycleRefinement.swift) also profiles the knots next to such a
/// piece (``CurveFitter/profilingKnots(_:_:reach:)``).
extension CurveFitter {
    /// Control points each merged piece starts from: the curve the pieces approximated (fitted
    /// from scratch), the standard ease, and Material's fast-out-slow-in.
    static let customSeeds: [[Double]] = [[0.42, 0, 0.58, 1], [0.4, 0, 0.2, 1], [0.25, 0.1, 0.25, 1], [0.5, 0, 0.5, 0.5]]

    static func mergeIntoCustom(_ samples: [CurveSample], _ start: Fit, _ startScore: Double, noise: Double) -> (Fit, Double) {
        var best = start, bestScore = startScore
        var improved = true
        while improved {
            improved = false
            let timings = best.curve.timings
            var runs: [(Int, Int)] = []
            for a in timings.indices where timings[a] != .hold {
                var b = a
                while b + 1 < timings.count && timings[b + 1] != .hold {
                    b += 1
                    runs.append((a, b))
                }
            }
            // Longest runs first: one piece for all is the simplest answer.
            runs.sort { ($0.1 - $0.0) > ($1.1 - $1.0) }
            for (a, b) in runs {
                var knots = best.curve.knots
                knots.removeSubrange((a + 1)...b)
                var merged = best.curve.timings
                merged.replaceSubrange(a...b, with: [.custom(0.42, 0, 0.58, 1)])
                let candidate = refineCustom(samples, knots: knots, timings: merged, piece: a)
                let s = score(candidate, samples, noise: noise)
                if s < bestScore {
                    best = candidate
                    bestScore = s
                    improved = true
                    break
                }
            }
        }
        return (best, bestScore)
    }

    /// The control points of piece `piece` (from several seeds) and then every inner knot and
    /// every free control point together, by Nelder–Mead on the residual.
    static func refineCustom(_ samples: [CurveSample], knots: [Double], timings: [PieceTiming], piece: Int) -> Fit {
        func withPoints(_ p: [Double]) -> [PieceTiming] {
            var t = timings
            t[piece] = .custom(p[0], p[1], p[2], p[3])
            return t
        }
        var seed: (point: [Double], value: Double)?
        for s in customSeeds {
            let r = NelderMead.minimize(s, steps: [0.1, 0.1, 0.1, 0.1], iterations: 200) { p in
                validPoints(p) ? solve(samples, knots: knots, timings: withPoints(p)).rss : .infinity
            }
            if seed.map({ r.value < $0.value }) ?? true { seed = r }
        }
        let points = seed?.point ?? customSeeds[0]
        return refineJointly(samples, knots: knots, timings: withPoints(points))
    }

    /// Every inner knot and every free control point of the curve, moved together.
    static func refineJointly(_ samples: [CurveSample], knots: [Double], timings: [PieceTiming]) -> Fit {
        let period = knots.last ?? 0
        let custom = timings.indices.filter { if case .custom = timings[$0] { true } else { false } }
        let inner = Array(knots.dropFirst().dropLast())
        var start = inner
        for i in custom {
            if case .custom(let a, let b, let c, let d) = timings[i] { start += [a, b, c, d] }
        }
        func unpack(_ p: [Double]) -> (knots: [Double], timings: [PieceTiming])? {
            let k = [0] + Array(p[0..<inner.count]) + [period]
            for i in 1..<k.count where k[i] - k[i - 1] < minimumPiece { return nil }
            var t = timings
            for (n, i) in custom.enumerated() {
                let q = Array(p[(inner.count + 4 * n)..<(inner.count + 4 * n + 4)])
                guard validPoints(q) else { return nil }
                t[i] = .custom(q[0], q[1], q[2], q[3])
            }
            return (k, t)
        }
        let steps = inner.map { _ in period / 100 } + custom.flatMap { _ in [0.05, 0.05, 0.05, 0.05] }
        let r = NelderMead.minimize(start, steps: steps, iterations: 150 * start.count) { p in
            guard let u = unpack(p) else { return .infinity }
            return solve(samples, knots: u.knots, timings: u.timings).rss
        }
        let initial = solve(samples, knots: knots, timings: timings)
        guard let u = unpack(r.point), r.value < initial.rss else { return initial }
        return solve(samples, knots: u.knots, timings: u.timings)
    }

    /// Control points Core Animation accepts (x within [0, 1]) and that stay sensible.
    static func validPoints(_ p: [Double]) -> Bool {
        p[0] >= 0 && p[0] <= 1 && p[2] >= 0 && p[2] <= 1 && abs(p[1]) < 3 && abs(p[3]) < 3
    }

    /// The curve with each inner knot next to a free-control-point piece moved to the best place
    /// within `reach` seconds (a grid of quarter steps, the control points refitted at each), then
    /// all knots and control points refined together; the curve itself when nothing fits better.
    static func profilingKnots(_ samples: [CurveSample], _ curve: PiecewiseCurve, reach: Double) -> PiecewiseCurve {
        var best = solve(samples, knots: curve.knots, timings: curve.timings)
        let custom = curve.timings.indices.filter { if case .custom = curve.timings[$0] { true } else { false } }
        guard !custom.isEmpty, curve.knots.count > 2 else { return curve }
        for k in 1..<(curve.knots.count - 1) where custom.contains(k - 1) || custom.contains(k) {
            let steps = 8
            for j in -steps...steps where j != 0 {
                var knots = best.curve.knots
                knots[k] += reach * Double(j) / Double(steps)
                guard knots[k] - knots[k - 1] >= minimumPiece, knots[k + 1] - knots[k] >= minimumPiece else { continue }
                let timings = best.curve.timings
                var start: [Double] = []
                for i in custom { if case .custom(let a, let b, let x, let y) = timings[i] { start += [a, b, x, y] } }
                func withPoints(_ p: [Double]) -> [PieceTiming]? {
                    var t = timings
                    for (m, i) in custom.enumerated() {
                        let q = Array(p[(4 * m)..<(4 * m + 4)])
                        guard validPoints(q) else { return nil }
                        t[i] = .custom(q[0], q[1], q[2], q[3])
                    }
                    return t
                }
                let r = NelderMead.minimize(start, steps: start.map { _ in 0.05 }, iterations: 100 * start.count) { p in
                    guard let t = withPoints(p) else { return .infinity }
                    return solve(samples, knots: knots, timings: t).rss
                }
                guard r.value < best.rss, let t = withPoints(r.point) else { continue }
                best = refineJointly(samples, knots: knots, timings: t)
            }
        }
        return best.curve
    }
}
