import AnimationModel

public struct LayerFit: Sendable {
    public var model: LayerPresentation
    /// Largest on-screen difference of the two ends, degrees (rings, both arcs only).
    public var angleError: Double?
    /// Open paths: measured minus model strokeEnd.
    public var strokeEndError: Double?
    /// Seconds of model time; positive when the frame shows a state the model reached earlier.
    /// nil where the model barely moves and timing cannot be told.
    public var timingError: Double?
    /// One standard deviation of `timingError` (model seconds): the measurement's precision over
    /// the model's speed at this frame.
    public var timingErrorUncertainty: Double?
    /// The residual used by the fit, degrees.
    public var residual: Double?
}
