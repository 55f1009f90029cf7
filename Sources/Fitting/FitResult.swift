import AnimationModel

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
