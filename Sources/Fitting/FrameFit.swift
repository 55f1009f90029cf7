import AnimationModel

/// The fit at one frame.
public struct FrameFit: Sendable {
    public var index: Int
    /// Recording time, seconds, on the fit's time base (``FitResult/timeBase``).
    public var time: Double
    /// Time to the next frame on the time base (the last frame: its own delay), seconds.
    public var delay: Double
    /// `phase + rate × time`, seconds.
    public var modelTime: Double
    /// Per model layer: the model's presentation at `modelTime` and the errors.
    public var layers: [LayerFit]
    public var flags: [String]
    /// Seconds the picture before this frame stayed on screen longer than one interval of the
    /// recording's clock because this one came late: a repeated picture holds for its whole
    /// interval, a late frame for its lag, frames merged into a longer delay for the extra
    /// intervals (Apple's hitch time). 0 for a frame on time.
    public var hitchTime: Double

    /// The frame's timing error (model seconds): its layers' errors weighted by their
    /// uncertainties; nil where no layer's timing can be told.
    public var timingError: Double? { combined?.error }
    /// One standard deviation of ``timingError`` (model seconds).
    public var timingErrorUncertainty: Double? { combined?.sigma }

    private var combined: (error: Double, sigma: Double)? {
        var weighted = 0.0, weights = 0.0
        for l in layers {
            guard let e = l.timingError, let s = l.timingErrorUncertainty, s > 0 else { continue }
            weighted += e / (s * s)
            weights += 1 / (s * s)
        }
        return weights > 0 ? (weighted / weights, (1 / weights).squareRoot()) : nil
    }
}
