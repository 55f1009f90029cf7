/// Chooses a turning ring's rotation speed. The frames alone cannot tell a rotation from a drift
/// of both curves (turning faster while both ends lag behind looks the same), so the rotation is
/// the one that makes the curves simplest. The first estimate is the ends' most common steady
/// speed (``AngleSeries/commonSlope()``), sharpened by one straight-line fit, common slope and one
/// intercept each, over every stretch where an end moves at about that speed (a hold on the
/// turning ring). Then the numbers a person would write nearby — a turn time in 0.1, 0.05 or
/// 0.01 s, an advance per cycle in multiples of 22.5° — are tried, each with the whole cycle
/// refitted (cycle start, path start, advance and both curves); the simplest whose curves score
/// (information criterion) at most `margin` worse than the best is kept.
enum RotationSearch {
    /// How much worse (information-criterion units) a rounder rotation may score and still win.
    static let margin = 2.0
    /// Candidates further than this fraction from the estimate are not tried.
    static let range = 0.03

    static func best(_ base: InferredAnimation, series: AngleSeries, estimate: Double, drift: Double, maxPieces: Int) -> CycleFit {
        func fit(_ w: Double) -> CycleFit { CycleFit.make(base, series: series, rotation: w, drift: drift, maxPieces: maxPieces) }
        guard estimate != 0 else { return fit(0) }
        let w0 = series.pooledSlope(near: estimate)
        // Rounder candidates first: the first one within the margin of the best wins.
        var candidates: [Double] = []
        let turn = 360 / abs(w0), sign: Double = w0 < 0 ? -1 : 1
        for step in [0.1, 0.05, 0.01] {
            let t = (turn / step).rounded() * step
            if t > 0 { candidates.append(sign * 360 / t) }
        }
        let net = drift - w0 * base.period
        let advance = (net / 22.5).rounded() * 22.5
        candidates.append((drift - advance) / base.period)
        candidates = candidates.filter { abs($0 - w0) <= range * abs(w0) }
        candidates.append(w0)
        var fits: [CycleFit] = []
        for w in candidates where !fits.contains(where: { abs($0.model.rotationSpeed - w) < 1e-9 }) {
            let f = fit(w).refiningCycleStart(series: series, drift: drift, maxPieces: maxPieces)
            fits.append(f)
        }
        let bestScore = fits.map(\.score).min() ?? 0
        return fits.first { $0.score <= bestScore + margin } ?? fit(w0)
    }
}
