#if canImport(Glibc)
import StrokeGeometry
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Telling round caps from butt caps when no model says which, and correcting measured ends.
public enum CapInference {
    /// The caps that explain the stroke's ends better over many frames (see
    /// `ArcMeasurer.capEvidence`): round when the round end shape leaves clearly less
    /// unexplained than the butt one, butt when clearly more; nil when the ends cannot tell them
    /// apart (too few ends, or too little difference) — the caller assumes butt and says so.
    /// On 1-bit pixels, where a thin line's ends mostly fit both shapes equally well, those ends'
    /// likelihoods under each shape decide when their costs cannot (`OneBitCapEvidence`).
    /// Square caps look like butt caps moved out by half the line width and cannot be told from
    /// them by their shape.
    /// (`ArcMeasurer.inferredCap` asks it of the ends it has measured.)
    static func infer(evidence: [CapEvidence]) -> LineCap? {
        if let cap = inferFromCosts(evidence) { return cap }
        // Thin lines on 1-bit pixels: their ends' likelihoods under each shape, over many ends.
        return OneBitCapEvidence.judge(evidence.compactMap(\.oneBit))
    }

    /// The judgement from how much each shape leaves unexplained at its best position.
    private static func inferFromCosts(_ all: [CapEvidence]) -> LineCap? {
        let evidence = distinctEnds(all)
        guard evidence.count >= 6 else { return nil }
        let butt = evidence.reduce(0) { $0 + $1.butt }, round = evidence.reduce(0) { $0 + $1.round }
        // Both the total and most of the ends that prefer one shape must agree: a few badly
        // fitted ends (another stroke passing, a dithering pattern) cannot decide it on their
        // own. (With 1-bit pixels many ends fit both shapes equally well.)
        let roundBetter = evidence.filter { $0.round < $0.butt }.count, buttBetter = evidence.filter { $0.butt < $0.round }.count
        guard roundBetter + buttBetter >= 3 else { return nil }
        let share = Double(roundBetter) / Double(roundBetter + buttBetter)
        // The ends that prefer a shape must also be too many to be chance (a sign test): on
        // a thin 1-bit line most ends fit both shapes alike, and two ends against one once
        // judged a butt-capped line round.
        let significant = { (majority: Int) in signTestTail(majority, of: roundBetter + buttBetter) <= significance }
        if round < 0.9 * butt && share >= 0.6 && significant(roundBetter) { return .round }
        if butt < 0.9 * round && share <= 0.4 && significant(buttBetter) { return .butt }
        return nil
    }

    /// How far apart (pixels along the arc) two ends must lie to count as two observations.
    /// An end that has not moved shows the same pixels again, and on dithered or quantized
    /// pixels its misfit under each shape is the same bias every time: a spinner whose start
    /// holds at 12 o'clock for half the animation once outvoted the moving end's evidence
    /// and had a butt-capped 2 px line judged round (accuracy suite, seed 8, ring-069).
    static let repeatTolerance = 0.1

    /// The evidence with each run of repeats of one end (within `repeatTolerance` of the
    /// first end of its group) replaced by its mean; ends without a place are kept as they are.
    static func distinctEnds(_ evidence: [CapEvidence]) -> [CapEvidence] {
        var groups: [(first: CapEvidence, butt: Double, round: Double, count: Int)] = []
        var result: [CapEvidence] = []
        for e in evidence {
            guard let place = e.place else { result.append(e); continue }
            if let k = groups.firstIndex(where: { $0.first.place.map { $0.repeats(place, within: repeatTolerance) } ?? false }) {
                groups[k].butt += e.butt
                groups[k].round += e.round
                groups[k].count += 1
            } else {
                groups.append((e, e.butt, e.round, 1))
            }
        }
        for g in groups {
            var mean = g.first
            mean.butt = g.butt / Double(g.count)
            mean.round = g.round / Double(g.count)
            result.append(mean)
        }
        return result
    }

    /// The chance level below which the ends' preference counts (one-sided).
    static let significance = 0.05

    /// P(X ≥ k) for X ~ Binomial(n, ½): how likely k or more of n ends prefer one shape when
    /// neither fits better.
    static func signTestTail(_ k: Int, of n: Int) -> Double {
        guard k > 0 else { return 1 }
        guard k <= n else { return 0 }
        // Terms C(n, i) / 2ⁿ from i = n down, each from the one before; in logs, so that
        // hundreds of ends neither overflow nor underflow.
        var logTerm = -Double(n) * log(2.0), total = 0.0
        for i in stride(from: n, through: k, by: -1) {
            total += exp(logTerm)
            logTerm += log(Double(i)) - log(Double(n - i + 1))
        }
        return min(total, 1)
    }
}

extension ArcMeasurement {
    /// The same measurement with the ends moved in by what a `cap` adds beyond each end (the
    /// measurement was made assuming butt caps); where the ends were fitted with the round
    /// shape itself (`roundCapEnds`), those ends.
    public func correcting(for cap: LineCap, radius: Double, clockwise: Bool) -> ArcMeasurement {
        guard cap != .butt, state == .arc, let w = lineWidth, radius > 0 else { return self }
        let shift = cap.extraLength(lineWidth: w) / radius * 180 / Double.pi * (clockwise ? 1 : -1)
        var m = self
        if cap == .round, let fitted = roundCapEnds {
            m.startAngle = fitted.start
            m.endAngle = fitted.end
        } else if let s = startAngle, let e = endAngle {
            // A piece shorter than its two caps shrinks to its midpoint.
            let span = clockwise ? wrap(e - s) : wrap(s - e)
            if span <= 2 * abs(shift) {
                let mid = wrap(s + (clockwise ? 1 : -1) * span / 2)
                m.startAngle = mid
                m.endAngle = mid
            } else {
                m.startAngle = wrap(s + shift)
                m.endAngle = wrap(e - shift)
            }
        }
        m.segments = segments.map { (wrap($0.start + shift), wrap($0.end - shift)) }
        return m
    }
}
