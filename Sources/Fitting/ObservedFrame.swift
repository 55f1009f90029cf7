import StrokeGeometry

/// One frame of the recording: when it plays and what it shows, per model layer.
public struct ObservedFrame: Sendable, Equatable {
    public var index: Int
    /// Recording time of the frame's start, seconds.
    public var time: Double
    /// How long the frame plays, seconds.
    public var delay: Double
    /// The delay as stored, centiseconds.
    public var delayCentiseconds: Int
    /// Per model layer (in the model's order); nil where that layer was not measured.
    public var layers: [Observation?]

    public init(index: Int, time: Double, delay: Double, delayCentiseconds: Int, layers: [Observation?]) {
        self.index = index
        self.time = time
        self.delay = delay
        self.delayCentiseconds = delayCentiseconds
        self.layers = layers
    }
}
