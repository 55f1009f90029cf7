import AnimationModel

/// The model's presentation sampled on a fine time grid, for the global search (exact
/// evaluation is kept for the refinement and the reported figures).
struct ModelTable {
    let model: ResolvedModel
    let start: Double
    let step: Double
    /// Per layer, per sample.
    let samples: [[LayerPresentation]]

    init(model: ResolvedModel, from start: Double, to end: Double, step: Double) {
        self.model = model
        self.start = start
        self.step = step
        let count = max(2, Int(((end - start) / step).rounded(.up)) + 1)
        samples = model.layers.map { layer in (0..<count).map { layer.presentation(at: start + Double($0) * step) } }
    }

    /// The nearest sample (exact evaluation outside the table).
    func presentation(layer: Int, at t: Double) -> LayerPresentation {
        let k = Int(((t - start) / step).rounded())
        guard k >= 0, k < samples[layer].count else { return model.layers[layer].presentation(at: t) }
        return samples[layer][k]
    }
}
