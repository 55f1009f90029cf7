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

/// How well the data pin a fitted parameter down.
public struct ParameterDetermination: Sendable, Equatable {
    public var name: String
    public var value: Double
    /// One standard error, in the parameter's unit (nil when undetermined).
    public var standardError: Double?
    /// False when the frames say (almost) nothing about it, e.g. a success moment outside the recording.
    public var determined: Bool
}

/// The fit of one recording.
public struct FitResult: Sendable {
    /// Model time at recording time 0, seconds.
    public var phase: Double
    /// Model seconds per recording second.
    public var rate: Double
    public var ratePinned: Bool
    /// Fitted (and fixed) variable values.
    public var variables: [String: Double]
    public var frames: [FrameFit]
    public var parameters: [ParameterDetermination]
    public var rmsTimingError: Double?
    public var maxTimingError: Double?
    public var maxTimingErrorFrame: Int?
    public var rmsAngleError: Double?
    public var maxAngleError: Double?
    public var maxAngleErrorFrame: Int?
    public var framesCompared: Int
    /// Frame interval used to flag late/early frames (model seconds).
    public var flagTiming: Double
    /// The model, resolved with the fitted variables.
    public var model: ResolvedModel
}

/// The fit at one frame.
public struct FrameFit: Sendable {
    public var index: Int
    /// Recording time, seconds.
    public var time: Double
    /// `phase + rate × time`, seconds.
    public var modelTime: Double
    /// Per model layer: the model's presentation at `modelTime` and the errors.
    public var layers: [LayerFit]
    public var flags: [String]
}

public struct LayerFit: Sendable {
    public var model: LayerPresentation
    /// Largest on-screen difference of the two ends, degrees (rings, both arcs only).
    public var angleError: Double?
    /// Open paths: measured minus model strokeEnd.
    public var strokeEndError: Double?
    /// Seconds of model time; positive when the frame shows a state the model reached earlier.
    public var timingError: Double?
    /// The residual used by the fit, degrees.
    public var residual: Double?
}
