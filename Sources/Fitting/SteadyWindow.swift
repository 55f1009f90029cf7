import AnimationModel

/// Where a model that repeats forever actually animates (``ResolvedModel/steadyStart``), for the
/// phase search. Before that moment its layers show their base values: a still ring, which the
/// fit would otherwise happily place the recording on (few frames compare, so the loss is low).
struct SteadyWindow: Sendable {
    /// Model time from which the model only repeats.
    var start: Double
    /// The model's period, when it has one (Fitter.period(of:)).
    var period: Double?

    /// The window of `model`, or nil where the search needs none: models that change for good at
    /// some moment (their time before it matters), and repeating models that begin at or before
    /// model time 0, whose period grid [0, period) already lies where they animate.
    static func of(_ model: ResolvedModel) -> SteadyWindow? {
        guard let start = model.steadyStart else { return nil }
        let period = Fitter.period(of: model)
        if period != nil && start <= 0 { return nil }
        return SteadyWindow(start: start, period: period)
    }

    /// Model time `t`, moved by whole periods to where the model repeats; unchanged without a
    /// period (the loss rejects such times instead).
    func wrapped(_ t: Double) -> Double {
        guard let period, t < start else { return t }
        return t + ((start - t) / period).rounded(.up) * period
    }

    /// A steep cost for reading a model without a period before its steady start, growing with
    /// the distance so the refinement finds its way back; 0 otherwise.
    func penalty(firstModelTime t: Double) -> Double {
        guard period == nil, t < start - 1e-9 else { return 0 }
        return 1e6 * (1 + start - t)
    }
}
