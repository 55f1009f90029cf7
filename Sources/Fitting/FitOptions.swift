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
    /// How frame times are taken: the recording's clock found from the stored times (default),
    /// or the times exactly as given.
    public var clock: Clock = .detect
    /// Whether the search is spread over the cores (a batch that already runs one file per
    /// core turns it off). The result is the same either way.
    public var parallel = true

    public init(rate: Double? = nil, flagTiming: Double? = nil) {
        self.rate = rate
        self.flagTiming = flagTiming
    }

    /// How the fit takes the frames' times (CLI-CONTRACT.md, `timing`).
    public enum Clock: Sendable, Equatable {
        /// Look for the recording's clock: a steady capture grid that the stored times round
        /// (``CaptureGrid``), and capture samples the delays skip; the pictures decide between
        /// the grid and the stored delays where the stored times wander further than rounding.
        case detect
        /// The times as given: the stored delays under the policy the user chose.
        case asGiven
        /// The frames are evenly spaced at this rate (the user's `--fps`): times as given.
        case evenlySpaced(fps: Double)
        /// A movie's presentation timestamps: times as given, reported as `timestamps`. A
        /// steady clock is not looked for (the timestamps are the clock), nor skipped samples
        /// (a variable frame rate leaves gaps on purpose: no frame where nothing changed).
        case timestamps
    }
}
