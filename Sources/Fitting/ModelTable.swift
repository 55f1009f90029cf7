import AnimationModel

/// The model's presentation sampled on a fine time grid, for the global search (exact
/// evaluation is kept for the refinement and the reported figures).
struct ModelTable {
    let model: ResolvedModel
    let start: Double
    let step: Double
    /// Per layer, per sample.
    let samples: [[LayerPresentation]]
    /// Samples per layer.
    let sampleCount: Int

    init(model: ResolvedModel, from start: Double, to end: Double, step: Double) {
        self.model = model
        self.start = start
        self.step = step
        // Sized in Double first: a span or step that overflowed (a model running to 1e308 s)
        // gives a short table, and the search falls back to exact evaluation, never a trap.
        let steps = ((end - start) / step).rounded(.up)
        let count = steps.isFinite && steps >= 1 ? Int(min(steps, 1_000_000)) + 1 : 2
        sampleCount = model.layers.isEmpty ? 0 : count
        samples = model.layers.map { layer in (0..<count).map { layer.presentation(at: start + Double($0) * step) } }
    }

    /// The index of the sample nearest `t` (halfway rounds away from zero), or nil outside
    /// the table.
    @inline(__always) func index(at t: Double) -> Int? {
        let x = (t - start) / step
        // `Int(x.rounded())` without the library call (the grid search asks millions of times):
        // truncation, then the exact fractional part decides, ties away from zero.
        guard abs(x) < 0x1p52 else { return nil }
        let whole = Int(x)
        let fraction = x - Double(whole)
        let k = fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
        guard k >= 0, k < sampleCount else { return nil }
        return k
    }

    /// The nearest sample (exact evaluation outside the table).
    func presentation(layer: Int, at t: Double) -> LayerPresentation {
        guard let k = index(at: t) else { return model.layers[layer].presentation(at: t) }
        return samples[layer][k]
    }
}
