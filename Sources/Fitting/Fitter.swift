import AnimationModel

/// Fits a model's timing to the measured frames: model time = phase + rate × recording time,
/// plus the model's free variables (those with `fit` ranges).
///
/// 1. A global search over phase (the model's whole span, or period; for a model that repeats
///    forever only from where all its animations have begun) and rate (0.05–20, log-spaced) on
///    a time table of the model, using the first frames, for every combination of a few values
///    of each free variable.
/// 2. Nelder–Mead refinement of the best candidates with exact evaluation on all frames, with
///    a robust (Cauchy) loss so a few bad frames pull little (on long recordings the candidates
///    are first screened on a hundred frames and only the promising ones refined on all, see
///    `finalists`); frames far off are then marked outliers and the fit is refined without them.
/// 3. Per frame: the model at the fitted time, angle errors, and the timing error — the shift
///    of model time that best explains the frame.
public struct Fitter: Sendable {
    public var options: FitOptions
    /// How the model is evaluated (Core Animation's semantics and their documented choices).
    public var evaluation: EvaluationOptions

    public init(_ options: FitOptions = FitOptions(), evaluation: EvaluationOptions = EvaluationOptions()) {
        self.options = options
        self.evaluation = evaluation
    }

    /// Fits `document` to the measured `frames` (each with one observation per model layer, in
    /// the model's order).
    public func fit(_ document: ModelDocument, frames: [ObservedFrame]) throws(ModelInstanceError) -> FitResult {
        try Self.fit(document, frames: frames, options: options, evaluation: evaluation)
    }

    static func fit(_ document: ModelDocument, frames: [ObservedFrame], options: FitOptions,
                    evaluation: EvaluationOptions) throws(ModelInstanceError) -> FitResult {
        let free = document.variables.filter { $0.fit != nil && options.fixed[$0.name] == nil }
        let base = try document.resolve(overrides: options.fixed, options: evaluation)
        // The recording's clock: where the stored times are only rounding (or timer noise) of a
        // steady capture, the frames are fitted on that grid; the pictures confirm it below.
        var clock = RecordingTimes(frames, clock: options.clock)
        let observed = Self.observed(clock.frames)
        guard observed.count >= 2 else {
            throw ModelInstanceError(fieldPath: "", message: "fewer than two measured frames: nothing to fit")
        }
        var problem = Problem(document: document, frames: observed, free: free, fixed: options.fixed, evaluation: evaluation,
                              pinnedRate: options.rate)

        // 1. Global search.
        let span = max(base.suggestedEndTime, 1)
        let duration = (observed.last!.time + observed.last!.delay) - observed.first!.time
        let rates: [Double]
        if let r = options.rate {
            rates = [r]
        } else {
            let lo = log(options.rateRange.lowerBound), hi = log(options.rateRange.upperBound)
            rates = (0...60).map { exp(lo + (hi - lo) * Double($0) / 60) } + [1]
        }
        // The first few seconds decide phase and rate; a long recording would make the grid miss.
        let early = Array(observed.prefix { $0.time - observed[0].time <= max(3, 0.25 * duration) }.prefix(64))
        let probe = early.count >= 6 ? early : Array(observed.prefix(64))
        // Each grid value of the free variables is its own model, table and search: spread
        // over the cores, gathered in grid order.
        let searched = problem
        let grid = variableGrid(free)
        let perValue = ParallelMap.map(grid, parallel: options.parallel) { values -> (losses: [Double], phases: [Double]) in
            var overrides = options.fixed
            for (v, x) in zip(free, values) { overrides[v.name] = x }
            guard let model = try? document.resolve(overrides: overrides, options: evaluation) else { return ([], []) }
            let probeSpan = (probe.last!.time - probe.first!.time) + 0.1
            // A repeating model's phase only matters modulo its period (which may be longer than
            // the suggested span); anything else is searched on both sides of its start.
            // A model that repeats forever is searched only where it animates: before its
            // animations begin it shows its base values, a still ring that can match frames it
            // does not explain (SteadyWindow).
            let phases: [Double]
            let steady = SteadyWindow.of(model)
            if let period = Self.period(of: model) {
                let from = steady?.start ?? 0
                phases = (0..<240).map { from + period * Double($0) / 240 }
            } else if let from = steady?.start {
                // No common period (a rotation and a cycle of unrelated lengths): from the start
                // over the span that runs every repeating animation twice.
                let width = max(span - from, 1)
                phases = (0..<240).map { from + width * Double($0) / 240 }
            } else {
                phases = (0...239).map { -span + 2 * span * Double($0) / 239 }
            }
            let tMin = min(-span, phases.min() ?? 0) - 1
            let tMax = max(span, phases.max() ?? 0) + (rates.max() ?? 1) * (probeSpan + probe.first!.time) + 1
            let table = ModelTable(model: model, from: tMin, to: tMax, step: max(0.004, (tMax - tMin) / 60_000))
            var losses = GridSearch.losses(table: table, probe: probe, rates: rates, phases: phases, parallel: options.parallel)
            // The prior does not depend on the phase: once per rate, not per candidate.
            var c = 0
            for r in rates {
                let prior = searched.prior([0, log(r)] + values)
                for _ in phases {
                    losses[c] += prior
                    c += 1
                }
            }
            return (losses, phases)
        }
        // The candidates as indices (grid value, rate-major position): their parameter vectors
        // are built only for the few the starts look at, not for all ~150,000. Sorted by loss
        // from the same order as before, so the ranking is the same.
        var candidates: [GridCandidate] = []
        candidates.reserveCapacity(perValue.reduce(0) { $0 + $1.losses.count })
        for (v, found) in perValue.enumerated() {
            for (i, loss) in found.losses.enumerated() { candidates.append(GridCandidate(loss: loss, value: v, position: i)) }
        }
        candidates.sort { $0.loss < $1.loss }
        func parameters(_ c: GridCandidate) -> [Double] {
            let phases = perValue[c.value].phases
            return [phases[c.position % phases.count], log(rates[c.position / phases.count])] + grid[c.value]
        }
        // 2. Refine the best distinct candidates, and the best one at the declared variable
        // values (where a flat trade-off between a duration and the rate should end up).
        let declared = free.map { v -> Double in
            let r = v.fit!
            return min(max((try? v.value.evaluate([:])) ?? (r.lowerBound + r.upperBound) / 2, r.lowerBound), r.upperBound)
        }
        var starts: [[Double]] = []
        if let atDeclared = candidates.first(where: { grid[$0.value] == declared }) { starts.append(parameters(atDeclared)) }
        for candidate in candidates where starts.count < 7 {
            let c = (loss: candidate.loss, parameters: parameters(candidate))
            let distinct = !starts.contains { s in
                zip(s, c.parameters).enumerated().allSatisfy { i, pair in abs(pair.0 - pair.1) < (i == 0 ? 0.05 : i == 1 ? 0.05 : 1e-9) }
            }
            if distinct { starts.append(c.parameters) }
        }
        var best: (loss: Double, parameters: [Double])?
        // The finalists are refined side by side, one per core. A last round with fewer
        // finalists than cores (the 7th of 7 on two) would leave a core idle: those run one at a
        // time with each loss spread over the cores instead (bit for bit the same sums).
        let finalStarts = finalists(of: starts, problem: problem, parallel: options.parallel)
        var spread = problem
        spread.lossThreads = options.parallel ? ParallelMap.cores : 1
        let sideBySide = finalStarts.count - finalStarts.count % spread.lossThreads
        let spreadProblem = spread
        let refinements = ParallelMap.map(Array(finalStarts[..<sideBySide]), parallel: options.parallel) { searched.refine(from: $0) }
            + finalStarts[sideBySide...].map { spreadProblem.refine(from: $0) }
        for refined in refinements {
            if best == nil || refined.loss < best!.loss { best = refined }
        }
        // From here on one refinement runs at a time: its losses take every core.
        problem.lossThreads = spread.lossThreads
        guard var solution = best else {
            throw ModelInstanceError(fieldPath: "", message: "the model could not be evaluated for any parameter value")
        }
        // Restart the simplex a few times: along a flat valley (a free duration trading off
        // against the rate) each restart lets the weak prior carry it further.
        for _ in 0..<4 {
            let again = problem.refine(from: solution.parameters)
            guard again.loss < solution.loss - 1e-6 else { break }
            solution = again
        }
        // Outliers: frames far off the fit are set aside and the fit refined without them.
        problem.setAsideOutliers(&solution)
        // The pictures decide between the grid and the stored delays, and find capture samples
        // the delays skip (RecordingTimes).
        clock.settle(&problem, &solution)
        // Rate and variables that trade off exactly: the recording's clock is trusted
        // (RateDegeneracy): rate held at 1, the variables absorb the scale.
        let degeneracy = problem.rateDegeneracy(solution.parameters)
        if let degeneracy {
            problem = degeneracy.problem
            solution = degeneracy.solution
        }
        // A repeating model has its phase only modulo its period: report the one in [0, period),
        // or in the period after its steady start when it begins later.
        if let model = problem.model(solution.parameters), let period = Self.period(of: model) {
            let from = problem.window(model)?.start ?? 0
            solution.parameters[0] -= ((solution.parameters[0] - from) / period).rounded(.down) * period
        }
        var result = try problem.result(solution.parameters, allFrames: clock.frames, stored: frames, timeBase: clock.timeBase,
                                        options: options, outliers: problem.excluded.map { problem.frames[$0].index })
        if let found = degeneracy?.found { result.record(found) }
        return result
    }

    /// The frames with something measured to compare.
    static func observed(_ frames: [ObservedFrame]) -> [ObservedFrame] {
        frames.filter { $0.layers.contains { $0 != nil && $0!.state != .unknown } }
    }

    /// A candidate of the global search: its loss, the index of its variable values in the
    /// grid, and its position in that value's rate-major (rate, phase) table.
    struct GridCandidate {
        var loss: Double
        var value: Int
        var position: Int
    }

    /// The model's period when it repeats forever: the shortest of its layers' repeating cycles
    /// (in model seconds) after which every layer looks the same again, checked numerically
    /// from its steady start (``ResolvedModel/steadyStart``) on.
    static func period(of model: ResolvedModel) -> Double? {
        let candidates = model.repeatingCycles.sorted()
        // From where it only repeats (its base values before that repeat nothing).
        let from = max(model.steadyStart ?? 0, 0)
        // A period longer than the default span (or overflowing) cannot be told from a recording.
        for p in candidates where p > 0 && p <= ResolvedModel.maximumSuggestedSpan {
            // Across the whole span, so a model that changes once (an event) never passes.
            let span = model.suggestedEndTime + p
            let same = (0..<48).allSatisfy { k in
                let t = from + span * Double(k) / 47
                return zip(model.values(at: t), model.values(at: t + p)).allSatisfy {
                    abs($0.rawStrokeStart - $1.rawStrokeStart) < 1e-6 && abs($0.rawStrokeEnd - $1.rawStrokeEnd) < 1e-6
                        && abs(($0.rotation - $1.rotation).remainder(dividingBy: 2 * .pi)) < 1e-6 && $0.present == $1.present
                }
            }
            if same { return p }
        }
        return nil
    }

    /// A few values of each free variable (the declared value and spread across its range).
    static func variableGrid(_ free: [Variable]) -> [[Double]] {
        guard !free.isEmpty else { return [[]] }
        let perVariable = free.count == 1 ? 9 : free.count == 2 ? 4 : 3
        var grid: [[Double]] = [[]]
        for v in free {
            let r = v.fit!
            let declared = (try? v.value.evaluate([:])) ?? (r.lowerBound + r.upperBound) / 2
            var values = (0..<perVariable).map { r.lowerBound + (r.upperBound - r.lowerBound) * (Double($0) + 0.5) / Double(perVariable) }
            values.append(min(max(declared, r.lowerBound), r.upperBound))
            grid = grid.flatMap { prefix in values.map { prefix + [$0] } }
        }
        return grid
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
