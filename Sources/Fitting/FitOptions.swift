import AnimationModel

/// Choices of the fit.
public struct FitOptions: Sendable, Equatable {
    /// Pin the rate (model seconds per recording second), e.g. 1 for a renderer whose delays are
    /// exact; nil to fit it.
    public var rate: Double?
    /// Where a free rate is searched.
    public var rateRange: ClosedRange<Double> = 0.05...20
    /// Frames whose timing error exceeds this (model seconds) are flagged late or early; nil =
    /// one frame interval.
    public var flagTiming: Double?
    /// Variables to hold at these values instead of fitting them.
    public var fixed: [String: Double] = [:]
    /// Whether the search is spread over the cores (a batch that already runs one file per
    /// core turns it off). The result is the same either way.
    public var parallel = true

    public init(rate: Double? = nil, flagTiming: Double? = nil) {
        self.rate = rate
        self.flagTiming = flagTiming
    }
}
