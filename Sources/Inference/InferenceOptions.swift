import StrokeGeometry

/// Settings of an inference.
public struct InferenceOptions: Sendable, Equatable {
    /// Pixels per point of the recording (1 unless told).
    public var scale: Double = 1
    /// The model's name.
    public var name: String = "inferred"
    /// At most this many pieces per property and cycle.
    public var maxPieces: Int = 7
    /// Round numbers to what a person would write when that costs (almost) nothing.
    public var humanRounding: Bool = true

    public init(scale: Double = 1, name: String = "inferred", maxPieces: Int = 7, humanRounding: Bool = true) {
        self.scale = scale
        self.name = name
        self.maxPieces = maxPieces
        self.humanRounding = humanRounding
    }
}
