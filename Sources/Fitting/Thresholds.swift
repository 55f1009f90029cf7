import JSON

/// Limits a fit must stay within to pass (`check`, and `fit` when given). nil: not checked.
public struct Thresholds: Sendable, Equatable {
    /// Seconds of model time.
    public var maxTimingError: Double?
    /// Seconds of model time.
    public var maxRMSTimingError: Double?
    /// Degrees.
    public var maxAngleError: Double?
    /// Relative: 0.02 is 2 %. nil accepts any rate (the recording's delays are known to be wrong).
    public var maxRateError: Double?
    /// Milliseconds of hitch time per second of recording (``FitResult/hitchTimeRatio``).
    public var maxHitchTimeRatio: Double?

    public init(maxTimingError: Double? = nil, maxRMSTimingError: Double? = nil, maxAngleError: Double? = nil, maxRateError: Double? = nil,
                maxHitchTimeRatio: Double? = nil) {
        self.maxHitchTimeRatio = maxHitchTimeRatio
        self.maxTimingError = maxTimingError
        self.maxRMSTimingError = maxRMSTimingError
        self.maxAngleError = maxAngleError
        self.maxRateError = maxRateError
    }

    /// `check`'s defaults: timing error at most 20 ms, angle error at most 2°, rate within 2 % of 1.
    public static let checkDefaults = Thresholds(maxTimingError: 0.02, maxAngleError: 2, maxRateError: 0.02)

    /// Whether nothing is checked.
    public var isEmpty: Bool { maxTimingError == nil && maxRMSTimingError == nil && maxAngleError == nil && maxRateError == nil && maxHitchTimeRatio == nil }
}

extension FitResult {
    /// The verdict of `thresholds` on this fit.
    public func verdict(_ thresholds: Thresholds) -> FitVerdict {
        func ms(_ seconds: Double) -> String { "\(DecimalText.fixed(seconds * 1000, decimals: 1)) ms" }
        func fixed(_ v: Double, _ decimals: Int) -> String { DecimalText.fixed(v, decimals: decimals) }
        var out: [String] = []
        if let limit = thresholds.maxTimingError, let v = maxTimingError, v > limit {
            out.append("max timing error \(ms(v)) at frame \(maxTimingErrorFrame ?? -1) > \(ms(limit))")
        }
        if let limit = thresholds.maxRMSTimingError, let v = rmsTimingError, v > limit {
            out.append("RMS timing error \(ms(v)) > \(ms(limit))")
        }
        if let limit = thresholds.maxAngleError, let v = maxAngleError, v > limit {
            out.append("max angle error \(fixed(v, 2))° at frame \(maxAngleErrorFrame ?? -1) > \(fixed(limit, 2))°")
        }
        if let limit = thresholds.maxRateError, !ratePinned, abs(rate - 1) > limit {
            out.append("rate \(fixed(rate, 3)) is off 1 by more than \(fixed(limit * 100, 1)) % (use --any-rate if the recording's delays are known to be wrong)")
        }
        if let limit = thresholds.maxHitchTimeRatio, hitchTimeRatio > limit {
            out.append("hitch time ratio \(fixed(hitchTimeRatio, 1)) ms/s (\(hitchBand.rawValue)) > \(fixed(limit, 1)) ms/s")
        }
        return FitVerdict(failures: out)
    }
}
