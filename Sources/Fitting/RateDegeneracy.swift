/// The recording cannot tell the rate from one or more free variables: scaling the rate and those
/// variables together (a free `animationDuration` with the rate, and the moments that go with it)
/// leaves the pictures as they are, so the frames determine only their ratio.
///
/// The fit then trusts the recording's clock: the rate is held at 1 (model seconds per recording
/// second, on the time base the fit uses) and the variables absorb the scale. Without the rule
/// a free fit lands anywhere along the trade-off, wherever the weak prior (rate 1, declared
/// values) balances: two transcriptions of the same code with different declared values gave
/// rates 10 % apart on the same recording (docs/how-it-works/fitting.md, "Rate and a duration
/// that trade off").
public struct RateDegeneracy: Sendable, Equatable {
    /// The free variables that absorb a change of the rate (the fit gets clearly worse when any
    /// of them is held while the rate moves), in the model's order.
    public var variables: [String]
    /// Where the rate is held: 1, the recording's clock.
    public var heldRate: Double
    /// Where the free fit had left the rate (arbitrary along the trade-off), for the record.
    public var unheldRate: Double
    /// False when the trade-off does not reach rate 1 within the variables' `fit` ranges: the
    /// rate is then left where the free fit put it, reported undetermined.
    public var held: Bool

    /// The sentence the report and the JSON carry.
    public var note: String {
        let names = Self.list(variables)
        let together = Self.list(["rate"] + variables)
        if held {
            return "\(together) are not separately determined by this recording (only their ratio is); rate held at \(Self.text(heldRate)) (the recording's clock), \(names) fitted on that clock"
        }
        return "\(together) are not separately determined by this recording (only their ratio is); the rate could not be held at 1 within the fit range of \(names), so rate \(Self.text(unheldRate)) is one of many values that fit equally well, and \(names) \(variables.count == 1 ? "is" : "are") undetermined with it"
    }

    /// "a", "a and b", "a, b and c".
    public static func list(_ names: [String]) -> String {
        switch names.count {
        case 0: return "no variable"
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " and " + names.last!
        }
    }

    static func text(_ v: Double) -> String {
        let scaled = (v * 10_000).rounded() / 10_000
        return scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled)
    }
}

extension Problem {
    /// The fit's loss without its weak prior: what the frames alone say.
    func dataLoss(_ p: [Double]) -> Double { loss(p) - prior(p) }

    /// The same problem with the rate pinned at `rate` and the variables in `held` fixed at the
    /// given values (parameters: phase, ln rate (ignored), the remaining free variables).
    func holding(rate: Double, variables held: [String: Double] = [:]) -> Problem {
        var fixed = self.fixed
        for (k, v) in held { fixed[k] = v }
        var p = Problem(document: document, frames: frames, free: free.filter { held[$0.name] == nil }, fixed: fixed,
                        evaluation: evaluation, pinnedRate: rate)
        p.excluded = excluded
        p.frameLimit = frameLimit
        p.lossThreads = lossThreads
        return p
    }

    /// The loss's unit of significance: the frames' measurement variance (degrees²), from the
    /// fit's own residuals where a drawn arc or path was compared with a drawn model (1.4826 ×
    /// their median, pooled over the layers: robust to faulty frames; a state that differs is a
    /// misfit, not noise), at least 0.25 (half a degree) so a near-perfect synthetic fit does not
    /// make the optimiser's last digits look significant.
    func lossVariance(_ p: [Double]) -> Double {
        guard let model = model(p) else { return 1 }
        let r = rate(p)
        var residuals: [Double] = []
        for (i, f) in frames.enumerated() where !excluded.contains(i) {
            for (j, o) in f.layers.enumerated() {
                guard let o, o.state == .arc, j < model.layers.count else { continue }
                let presented = model.layers[j].presentation(at: p[0] + r * f.time)
                guard presented.state == .arc || presented.state == .full,
                      let e = Residual.degrees(o, presented), e < Residual.statePenalty else { continue }
                residuals.append(e)
            }
        }
        guard !residuals.isEmpty else { return 1 }
        residuals.sort()
        let sigma = 1.4826 * residuals[residuals.count / 2]
        return max(0.25, sigma * sigma)
    }

    /// Refines `problem` (rate pinned, maybe variables held) from two starts built from the
    /// free solution `p`: the whole picture scaled in model time to the new rate (phase and
    /// every variable left free times k, which is exactly the trade-off when the model's times
    /// are all variables), and the solution as it was; the better one.
    /// The scaled start alone when its data loss is already within `enough`.
    static func refitAlong(_ problem: Problem, from p: [Double], freeNames: [String], size: Double = 1e-7,
                           enough: Double = -.infinity) -> (loss: Double, parameters: [Double]) {
        let k = problem.pinnedRate! / exp(p[1])
        let kept = problem.free.map { v in freeNames.firstIndex(of: v.name)! }
        func start(_ scale: Double) -> [Double] {
            var q = [scale * p[0], log(problem.pinnedRate!)]
            for (i, index) in kept.enumerated() {
                let r = problem.free[i].fit!
                q.append(min(max(scale * p[2 + index], r.lowerBound), r.upperBound))
            }
            return q
        }
        // The scaled start is on the trade-off when there is one: a small first simplex.
        let a = problem.refine(from: start(k), size: size, stepScale: 0.1)
        if problem.dataLoss(a.parameters) <= enough { return a }
        let b = problem.refine(from: start(1), size: size)
        return problem.dataLoss(a.parameters) <= problem.dataLoss(b.parameters) ? a : b
    }

    /// Looks for the trade-off at the free fit `p` and applies the rule (``RateDegeneracy``):
    /// nil when the rate is pinned, no variable is free, or the frames tell the rate apart.
    ///
    /// The test, in units of the frames' measurement variance (chi-square): moving the rate 10 %
    /// either way with every other parameter refitted must cost at most `flat` (one way, when a
    /// variable sits at an end of its range), while moving it with a variable held costs at
    /// least `steep` — that variable is what absorbs the scale. A
    /// rate that is merely poorly determined on its own (a short recording of a fixed-duration
    /// animation) is not this case and is left as it was.
    func rateDegeneracy(_ p: [Double], flat: Double = 4, steep: Double = 25) -> (problem: Problem, solution: (loss: Double, parameters: [Double]), found: RateDegeneracy)? {
        guard pinnedRate == nil, !free.isEmpty else { return nil }
        let names = free.map(\.name)
        let r0 = exp(p[1])
        let variance = lossVariance(p)
        // The probes read about a hundred frames, evenly spread (as the start screening does):
        // a rate the frames determine costs far more than `flat` on those already, and a long
        // recording's fit should not pay for its whole length several times over.
        var screen = self
        screen.frameLimit = min(frameLimit, 100)
        let screenBase = screen.dataLoss(p)
        func cost(_ q: Problem, _ s: (loss: Double, parameters: [Double]), from base: Double) -> Double {
            (q.dataLoss(s.parameters) - base) / variance
        }
        // Toward 1 first: the probe that matters for the rule, and where most fits are cheap to reject.
        let probes = r0 <= 1 ? [1.1, 1 / 1.1] : [1 / 1.1, 1.1]
        // A variable at an end of its `fit` range (where the prior pushed it along the trade-off,
        // toward rate 1) can follow the rate one way only: then one flat side is enough.
        let atEnd = free.enumerated().contains { i, v in
            let r = v.fit!, x = p[2 + i], tolerance = 1e-4 * (r.upperBound - r.lowerBound)
            return x <= r.lowerBound + tolerance || x >= r.upperBound - tolerance
        }
        var flatSide: Double?
        for k in probes {
            let q = screen.holding(rate: r0 * k)
            let c = cost(q, Self.refitAlong(q, from: p, freeNames: names, size: 1e-5, enough: screenBase + flat * variance), from: screenBase)
            if c <= flat {
                if flatSide == nil { flatSide = k }
            } else if !atEnd {
                return nil
            }
        }
        guard let side = flatSide else { return nil }
        var absorbing: [String] = []
        for (i, v) in free.enumerated() {
            let q = screen.holding(rate: r0 * side, variables: [v.name: p[2 + i]])
            let c = cost(q, Self.refitAlong(q, from: p, freeNames: names, size: 1e-5), from: screenBase)
            if c >= steep { absorbing.append(v.name) }
        }
        guard !absorbing.isEmpty else { return nil }
        var found = RateDegeneracy(variables: absorbing, heldRate: 1, unheldRate: r0, held: false)
        let held = holding(rate: 1)
        let solution = Self.refitAlong(held, from: p, freeNames: names, enough: dataLoss(p) + flat * variance)
        let atOne = cost(held, solution, from: dataLoss(p))
        guard atOne <= flat else { return (self, (loss(p), p), found) }
        found.held = true
        // Back in the free problem's layout (ln rate 0), so the result reads it like any fit.
        return (held, (solution.loss, solution.parameters), found)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
