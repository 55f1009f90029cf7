#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One folded measurement of a property: `u` seconds into the cycle, value `y` in turns.
struct CurveSample: Sendable, Equatable {
    var u: Double
    var y: Double
}

/// Splits one cycle of a property into hold / linear / eased pieces and fits each piece's values,
/// times and timing function (see docs/INFER.md).
///
/// The pieces share their knot values, so the curve is continuous inside the cycle. Pieces are
/// added greedily where a split helps most, while a Bayesian information criterion (with a noise
/// floor of a tenth of a degree, so that an exact render does not invite needless pieces) keeps
/// improving; simpler shapes win ties: a hold over a line, a line over an ease, a named ease over
/// free control points.
enum CurveFitter {
    /// Measurement error that is not worth explaining, in turns (0.3°: about what `inspect`'s
    /// ends are good to on clean renders, and smooth, so the neighbours cannot show it).
    static let noiseFloor = 0.3 / 360
    /// Information-criterion cost of one parameter, in units of log(n).
    static let parameterCost = 2.0
    /// Shortest piece, in seconds.
    static let minimumPiece = 0.004

    struct Fit {
        var curve: PiecewiseCurve
        var rss: Double
    }

    static func fit(_ input: [CurveSample], period: Double, maxPieces: Int) -> PiecewiseCurve {
        scoredFit(input, period: period, maxPieces: maxPieces).curve
    }

    /// The fitted curve with its residual (turns²) and its information-criterion score (lower is
    /// better; comparable between fits of the same number of samples).
    static func scoredFit(_ input: [CurveSample], period: Double, maxPieces: Int) -> (curve: PiecewiseCurve, rss: Double, score: Double) {
        let samples = input.sorted { $0.u < $1.u }
        guard samples.count >= 2, period > 0 else {
            let v = samples.first?.y ?? 0
            return (PiecewiseCurve(knots: [0, period], values: [v, v], timings: [.hold]), 0, 0)
        }
        let noise = max(noiseFloor, noiseLevel(samples))
        var best = chooseTimings(samples, knots: [0, period], timings: [.linear], noise: noise)
        var bestScore = score(best, samples, noise: noise)
        while best.curve.pieceCount < maxPieces {
            guard let split = bestSplit(samples, best.curve) else { break }
            var candidate = chooseTimings(samples, knots: split.knots, timings: split.timings, noise: noise)
            candidate = refineKnots(samples, candidate)
            candidate = chooseTimings(samples, knots: candidate.curve.knots, timings: candidate.curve.timings, noise: noise)
            let s = score(candidate, samples, noise: noise)
            if s < bestScore - 2 {
                best = candidate
                bestScore = s
            } else {
                break
            }
        }
        (best, bestScore) = mergePieces(samples, best, bestScore, noise: noise)
        best = freeControlPoints(samples, best, &bestScore, noise: noise)
        (best, bestScore) = mergeIntoCustom(samples, best, bestScore, noise: noise)
        (best, bestScore) = mergePieces(samples, best, bestScore, noise: noise)
        return (best.curve, best.rss, bestScore)
    }

    // MARK: Scores

    static func parameterCount(_ c: PiecewiseCurve) -> Int {
        var n = 1 + (c.knots.count - 2)
        for t in c.timings {
            switch t {
            case .hold: break
            case .custom: n += 5
            default: n += 1
            }
        }
        return n
    }

    /// The scatter of the samples about their neighbours (turns): what no curve should chase, such
    /// as a GIF's delays rounded to whole centiseconds. A robust (median) estimate.
    static func noiseLevel(_ samples: [CurveSample]) -> Double {
        guard samples.count >= 5 else { return noiseFloor }
        var d: [Double] = []
        for i in 1..<(samples.count - 1) {
            let a = samples[i - 1], b = samples[i], c = samples[i + 1]
            guard c.u > a.u else { continue }
            let w = (b.u - a.u) / (c.u - a.u)
            d.append(abs(b.y - (a.y + w * (c.y - a.y))))
        }
        guard !d.isEmpty else { return noiseFloor }
        d.sort()
        return d[d.count / 2] / 0.6745 / 1.5.squareRoot()
    }

    static func score(_ f: Fit, _ samples: [CurveSample], noise: Double) -> Double {
        let n = Double(samples.count)
        return n * log((f.rss + n * noise * noise) / n) + parameterCost * Double(parameterCount(f.curve)) * log(n)
    }

    // MARK: Values by least squares

    /// The knot values that fit best for fixed knots and timings (a hold ties its two ends).
    static func solve(_ samples: [CurveSample], knots: [Double], timings: [PieceTiming]) -> Fit {
        let m = timings.count
        var variable = [0]
        for i in 0..<m { variable.append(timings[i] == .hold ? variable[i] : variable[i] + 1) }
        let nv = variable[m] + 1
        var a = [Double](repeating: 0, count: nv * nv), b = [Double](repeating: 0, count: nv)
        var rows: [(Int, Int, Double, Double)] = []   // (var0, var1, weight1, y)
        rows.reserveCapacity(samples.count)
        var piece = 0
        for s in samples {
            while piece < m - 1 && s.u >= knots[piece + 1] { piece += 1 }
            let span = knots[piece + 1] - knots[piece]
            let p = timings[piece].progress(span > 0 ? (s.u - knots[piece]) / span : 1)
            let i = variable[piece], j = variable[piece + 1]
            rows.append((i, j, p, s.y))
            a[i * nv + i] += (1 - p) * (1 - p)
            a[i * nv + j] += (1 - p) * p
            a[j * nv + i] += (1 - p) * p
            a[j * nv + j] += p * p
            b[i] += (1 - p) * s.y
            b[j] += p * s.y
        }
        // A knot no sample sees stays at its neighbours' level: a weak pull to the mean.
        let mean = samples.reduce(0) { $0 + $1.y } / Double(samples.count)
        for k in 0..<nv { a[k * nv + k] += 1e-9; b[k] += 1e-9 * mean }
        let x = gaussianSolve(a, b, nv)
        var rss = 0.0
        for (i, j, p, y) in rows {
            let r = x[i] + (x[j] - x[i]) * p - y
            rss += r * r
        }
        let values = variable.map { x[$0] }
        return Fit(curve: PiecewiseCurve(knots: knots, values: values, timings: timings), rss: rss)
    }

    static func gaussianSolve(_ matrix: [Double], _ rhs: [Double], _ n: Int) -> [Double] {
        var a = matrix, b = rhs
        for col in 0..<n {
            var pivot = col
            for r in col..<n where abs(a[r * n + col]) > abs(a[pivot * n + col]) { pivot = r }
            if pivot != col {
                for c in 0..<n { a.swapAt(col * n + c, pivot * n + c) }
                b.swapAt(col, pivot)
            }
            let d = a[col * n + col]
            guard abs(d) > 1e-300 else { continue }
            for r in (col + 1)..<n {
                let f = a[r * n + col] / d
                if f == 0 { continue }
                for c in col..<n { a[r * n + c] -= f * a[col * n + c] }
                b[r] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = b[r]
            for c in (r + 1)..<n { s -= a[r * n + c] * x[c] }
            let d = a[r * n + r]
            x[r] = abs(d) > 1e-300 ? s / d : 0
        }
        return x
    }

    // MARK: Timings, knots, splits

    /// Per piece, the simplest timing that fits about as well as the best (two passes).
    static func chooseTimings(_ samples: [CurveSample], knots: [Double], timings start: [PieceTiming], noise: Double) -> Fit {
        var timings = start
        let floor = Double(samples.count) * noise * noise
        for _ in 0..<2 {
            for i in timings.indices {
                if case .custom = timings[i] { continue }
                var results: [(PieceTiming, Double)] = []
                for t in [PieceTiming.hold] + PieceTiming.named {
                    var trial = timings
                    trial[i] = t
                    results.append((t, solve(samples, knots: knots, timings: trial).rss))
                }
                let bestRSS = results.map(\.1).min() ?? 0
                // Simplest first: hold, linear, then the eases in the order of `named`.
                timings[i] = results.first { $0.1 <= bestRSS * 1.03 + floor * 0.5 }?.0 ?? timings[i]
            }
        }
        return solve(samples, knots: knots, timings: timings)
    }

    /// Moves the inner knots to where they fit best.
    static func refineKnots(_ samples: [CurveSample], _ fit: Fit) -> Fit {
        let knots = fit.curve.knots
        guard knots.count > 2 else { return fit }
        let period = knots.last!
        let timings = fit.curve.timings
        func cost(_ inner: [Double]) -> Double {
            let k = [0] + inner + [period]
            for i in 1..<k.count where k[i] - k[i - 1] < minimumPiece { return .infinity }
            return solve(samples, knots: k, timings: timings).rss
        }
        let inner = Array(knots.dropFirst().dropLast())
        let step = period / Double(knots.count * 8)
        let r = NelderMead.minimize(inner, steps: inner.map { _ in step }, iterations: 60 * inner.count, cost)
        guard r.value < fit.rss else { return fit }
        return solve(samples, knots: [0] + r.point + [period], timings: timings)
    }

    /// The split of one piece into two that lowers the residual most, each half with its best
    /// named timing (so an ease is not cut into lines).
    static func bestSplit(_ samples: [CurveSample], _ curve: PiecewiseCurve) -> (knots: [Double], timings: [PieceTiming])? {
        var best: (knots: [Double], timings: [PieceTiming], rss: Double)?
        for i in curve.timings.indices {
            let a = curve.knots[i], b = curve.knots[i + 1]
            guard b - a > 2 * minimumPiece else { continue }
            for step in 1..<16 {
                let s = a + (b - a) * Double(step) / 16
                var knots = curve.knots
                knots.insert(s, at: i + 1)
                var timings = curve.timings
                timings[i] = .linear
                timings.insert(.linear, at: i + 1)
                var rss = solve(samples, knots: knots, timings: timings).rss
                for half in [i, i + 1] {
                    var bestTiming = timings[half]
                    for t in [PieceTiming.hold] + PieceTiming.named where t != timings[half] {
                        var trial = timings
                        trial[half] = t
                        let r = solve(samples, knots: knots, timings: trial).rss
                        if r < rss { rss = r; bestTiming = t }
                    }
                    timings[half] = bestTiming
                }
                if best == nil || rss < best!.rss { best = (knots, timings, rss) }
            }
        }
        return best.map { ($0.knots, $0.timings) }
    }

    /// Removes knots whose pieces are better described as one.
    static func mergePieces(_ samples: [CurveSample], _ start: Fit, _ startScore: Double, noise: Double) -> (Fit, Double) {
        var best = start, bestScore = startScore
        var changed = true
        while changed && best.curve.pieceCount > 1 {
            changed = false
            for k in 1..<(best.curve.knots.count - 1) {
                var knots = best.curve.knots, timings = best.curve.timings
                knots.remove(at: k)
                timings.remove(at: k)
                var candidate = chooseTimings(samples, knots: knots, timings: timings, noise: noise)
                candidate = refineKnots(samples, candidate)
                let s = score(candidate, samples, noise: noise)
                if s < bestScore {
                    best = candidate
                    bestScore = s
                    changed = true
                    break
                }
            }
        }
        return (best, bestScore)
    }

    /// Free control points for a moving piece, kept only when clearly better than the named curve.
    static func freeControlPoints(_ samples: [CurveSample], _ start: Fit, _ bestScore: inout Double, noise: Double) -> Fit {
        var best = start
        for i in best.curve.timings.indices {
            let current = best.curve.timings[i]
            if current == .hold { continue }
            let seed = current.function ?? .linear
            let knots = best.curve.knots
            // Only the samples of this piece and its neighbours matter; the whole curve is cheap enough.
            func cost(_ p: [Double]) -> Double {
                guard p[0] >= 0, p[0] <= 1, p[2] >= 0, p[2] <= 1, abs(p[1]) < 3, abs(p[3]) < 3 else { return .infinity }
                var timings = best.curve.timings
                timings[i] = .custom(p[0], p[1], p[2], p[3])
                return solve(samples, knots: knots, timings: timings).rss
            }
            let starts = [[seed.c1x, seed.c1y, seed.c2x, seed.c2y], [0.4, 0, 0.2, 1], [0.4, 0, 0.6, 1]]
            var found: (point: [Double], value: Double)?
            for s in starts {
                let r = NelderMead.minimize(s, steps: [0.1, 0.1, 0.1, 0.1], iterations: 250, cost)
                if found == nil || r.value < found!.value { found = r }
            }
            guard let r = found, r.value < best.rss * 0.6 else { continue }
            var timings = best.curve.timings
            timings[i] = .custom(r.point[0], r.point[1], r.point[2], r.point[3])
            var candidate = solve(samples, knots: knots, timings: timings)
            candidate = refineKnots(samples, candidate)
            let s = score(candidate, samples, noise: noise)
            if s < bestScore - 4 {
                best = candidate
                bestScore = s
            }
        }
        return best
    }
}
