import AnimationModel

/// The fit's cost function and refinement. Parameters: [phase, ln(rate), free variables...].
struct Problem: Sendable {
    let document: ModelDocument
    let frames: [ObservedFrame]
    let free: [Variable]
    let fixed: [String: Double]
    let evaluation: EvaluationOptions
    let pinnedRate: Double?
    /// Indices into `frames` left out as outliers.
    var excluded: Set<Int> = []
    /// The loss reads at most about this many frames, evenly spread.
    var frameLimit = 400
    /// Cores one loss evaluation may spread its frames over (1: in turn). Set where the fit runs
    /// one refinement at a time (the restarts, outliers, clock, rate rule), so the second core
    /// is not idle; left at 1 where the refinements themselves already run side by side.
    var lossThreads = 1
    /// Fewest frames read for a loss to be split: below, waking a second thread costs more
    /// than it saves.
    static let splitFrames = 200

    init(document: ModelDocument, frames: [ObservedFrame], free: [Variable], fixed: [String: Double],
         evaluation: EvaluationOptions, pinnedRate: Double?) {
        self.document = document
        self.frames = frames
        self.free = free
        self.fixed = fixed
        self.evaluation = evaluation
        self.pinnedRate = pinnedRate
        // Without free variables every parameter vector resolves to the same model: once.
        fixedModel = free.isEmpty ? try? document.resolve(overrides: fixed, options: evaluation) : nil
        fixedWindow = fixedModel.flatMap { SteadyWindow.of($0) }
    }

    /// The fixed model's steady window (computed once: finding a period evaluates the model).
    private let fixedWindow: SteadyWindow?

    /// Where `model` animates for good, for the phase (nil: anywhere).
    func window(_ model: ResolvedModel) -> SteadyWindow? {
        fixedModel != nil ? fixedWindow : SteadyWindow.of(model)
    }

    /// The model when no variable is free (phase and rate do not change it).
    private let fixedModel: ResolvedModel?

    func overrides(_ p: [Double]) -> [String: Double] {
        var o = fixed
        for (i, v) in free.enumerated() { o[v.name] = p[2 + i] }
        return o
    }

    func model(_ p: [Double]) -> ResolvedModel? {
        if let fixedModel { return fixedModel }
        return try? document.resolve(overrides: overrides(p), options: evaluation)
    }

    func rate(_ p: [Double]) -> Double { pinnedRate ?? exp(p[1]) }

    /// Per observed frame: the RMS residual over its layers (degrees), nil if nothing compared.
    func residuals(_ p: [Double]) -> [Double?] {
        guard let model = model(p) else { return frames.map { _ in nil } }
        let r = rate(p)
        let steady = window(model)
        return frames.map { f in
            var total = 0.0, n = 0
            let t = steady?.wrapped(p[0] + r * f.time) ?? p[0] + r * f.time
            for (j, o) in f.layers.enumerated() {
                guard let o, let e = Residual.degrees(o, model.layers[j].presentation(at: t)) else { continue }
                total += e * e
                n += 1
            }
            return n > 0 ? (total / Double(n)).squareRoot() : nil
        }
    }

    /// The robust loss; parameters outside their ranges cost a steep penalty.
    func loss(_ p: [Double]) -> Double {
        var penalty = 0.0
        for (i, v) in free.enumerated() {
            let r = v.fit!, x = p[2 + i]
            if x < r.lowerBound { penalty += 1e6 * (1 + r.lowerBound - x) }
            if x > r.upperBound { penalty += 1e6 * (1 + x - r.upperBound) }
        }
        if pinnedRate == nil {
            let r = exp(p[1])
            if r < 0.05 || r > 20 { penalty += 1e6 }
        }
        if penalty > 0 { return penalty }
        guard let model = model(p) else { return .infinity }
        let prior = self.prior(p)
        let r = rate(p)
        // A repeating model is read only where it animates (SteadyWindow).
        let steady = window(model)
        if let steady, let first = frames.first {
            let cost = steady.penalty(firstModelTime: p[0] + r * first.time)
            if cost > 0 { return cost }
        }
        // At most `frameLimit` frames, evenly spread: enough to pin the parameters, cheap enough
        // for the simplex. (Rounding the stride down read up to twice as many: all 799 of 799.)
        let stride = max(1, (frames.count + frameLimit - 1) / frameLimit)
        if lossThreads > 1, frames.count / stride >= Self.splitFrames {
            return splitDataLoss(model: model, steady: steady, phase: p[0], rate: r, stride: stride) + prior
        }
        var total = 0.0
        var i = 0
        while i < frames.count {
            if !excluded.contains(i) {
                let f = frames[i]
                let t = steady?.wrapped(p[0] + r * f.time) ?? p[0] + r * f.time
                for (j, o) in f.layers.enumerated() {
                    guard let o, let e = Residual.degrees(o, model.layers[j].presentation(at: t)) else { continue }
                    total += Residual.loss(e)
                }
            }
            i += stride
        }
        return total + prior
    }

    /// The data part of ``loss(_:)`` with its frames read on `lossThreads` cores. Each core
    /// lists its frames' terms in order and the lists are added up in frame order afterwards:
    /// the same terms added in the same order as the serial loop, so the sum is bit for bit the
    /// same and the refinement takes the same path.
    private func splitDataLoss(model: ResolvedModel, steady: SteadyWindow?, phase: Double, rate r: Double, stride: Int) -> Double {
        let read = Array(Swift.stride(from: 0, to: frames.count, by: stride))
        let parts = min(lossThreads, read.count)
        let bounds = (0...parts).map { $0 * read.count / parts }
        let terms = ParallelMap.map(Array(0..<parts), parallel: true) { [self] c -> [Double] in
            var terms: [Double] = []
            terms.reserveCapacity((bounds[c + 1] - bounds[c]) * (frames.first?.layers.count ?? 1))
            for i in read[bounds[c]..<bounds[c + 1]] where !excluded.contains(i) {
                let f = frames[i]
                let t = steady?.wrapped(phase + r * f.time) ?? phase + r * f.time
                for (j, o) in f.layers.enumerated() {
                    guard let o, let e = Residual.degrees(o, model.layers[j].presentation(at: t)) else { continue }
                    terms.append(Residual.loss(e))
                }
            }
            return terms
        }
        var total = 0.0
        for part in terms {
            for term in part { total += term }
        }
        return total
    }

    /// A weak pull toward rate 1 and the declared variable values: it decides only where the
    /// frames cannot (a free duration and a free rate stretch time alike), never against them.
    func prior(_ p: [Double]) -> Double {
        var prior = pinnedRate == nil ? 0.5 * p[1] * p[1] : 0
        for (i, v) in free.enumerated() {
            let r = v.fit!, declared = (try? v.value.evaluate([:])) ?? (r.lowerBound + r.upperBound) / 2
            let u = (p[2 + i] - declared) / (r.upperBound - r.lowerBound)
            prior += 0.5 * u * u
        }
        return prior
    }

    /// Nelder–Mead from `start` over the free parameters (the rate only when not pinned), until
    /// the simplex is smaller than `size` in every parameter.
    /// `stepScale` shrinks the first simplex for a start known to be close (the rate rule's refits).
    func refine(from start: [Double], size tolerance: Double = 1e-7, stepScale: Double = 1) -> (loss: Double, parameters: [Double]) {
        let active = (0..<start.count).filter { $0 != 1 || pinnedRate == nil }
        func expand(_ x: [Double]) -> [Double] {
            var p = start
            for (k, i) in active.enumerated() { p[i] = x[k] }
            return p
        }
        // Initial steps: 20 ms of phase, 2 % of rate, 5 % of each variable's range.
        let steps = active.map { i -> Double in
            switch i {
            case 0: return 0.02 * stepScale
            case 1: return 0.02 * stepScale
            default:
                let r = free[i - 2].fit!
                return 0.05 * (r.upperBound - r.lowerBound) * stepScale
            }
        }
        var simplex: [[Double]] = [active.map { start[$0] }]
        for k in active.indices {
            var x = simplex[0]
            x[k] += steps[k]
            simplex.append(x)
        }
        var values = simplex.map { loss(expand($0)) }
        let n = active.count
        for _ in 0..<(200 * max(n, 1)) {
            let order = values.indices.sorted { values[$0] < values[$1] }
            simplex = order.map { simplex[$0] }
            values = order.map { values[$0] }
            if abs(values[n] - values[0]) <= 1e-9 * (abs(values[0]) + 1e-12) {
                let size = simplex.dropFirst().map { s in zip(s, simplex[0]).map { abs($0 - $1) }.max() ?? 0 }.max() ?? 0
                if size < tolerance { break }
            }
            let centroid = (0..<n).map { k in simplex[0..<n].reduce(0) { $0 + $1[k] } / Double(n) }
            func point(_ t: Double) -> [Double] { (0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) } }
            let reflected = point(-1), fr = loss(expand(reflected))
            if fr < values[0] {
                let expanded = point(-2), fe = loss(expand(expanded))
                if fe < fr { simplex[n] = expanded; values[n] = fe } else { simplex[n] = reflected; values[n] = fr }
            } else if fr < values[n - 1] {
                simplex[n] = reflected; values[n] = fr
            } else {
                let contracted = fr < values[n] ? point(-0.5) : point(0.5)
                let fc = loss(expand(contracted))
                if fc < min(fr, values[n]) {
                    simplex[n] = contracted; values[n] = fc
                } else {
                    for k in 1...n {
                        simplex[k] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[k][$0] - simplex[0][$0]) }
                        values[k] = loss(expand(simplex[k]))
                    }
                }
            }
        }
        let bestIndex = values.indices.min { values[$0] < values[$1] }!
        return (values[bestIndex], expand(simplex[bestIndex]))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
