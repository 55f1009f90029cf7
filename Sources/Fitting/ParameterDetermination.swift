import AnimationModel

/// How well the data pin a fitted parameter down.
public struct ParameterDetermination: Sendable, Equatable {
    public var name: String
    public var value: Double
    /// One standard error, in the parameter's unit (nil when undetermined).
    public var standardError: Double?
    /// False when the frames say (almost) nothing about it, e.g. a success moment outside the recording.
    public var determined: Bool
}
