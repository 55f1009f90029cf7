import AnimationModel

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
