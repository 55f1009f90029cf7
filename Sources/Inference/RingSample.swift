import StrokeGeometry

/// One frame of a measured ring, as `inspect` reports it: on-screen angles in degrees clockwise
/// from 12 o'clock, time in recording seconds.
public struct RingSample: Sendable, Equatable {
    public var time: Double
    /// What the frame shows.
    public var state: StrokeState
    /// Where the visible stroke begins and ends (state `arc` only).
    public var startAngle: Double?
    public var endAngle: Double?

    public init(time: Double, state: StrokeState, startAngle: Double? = nil, endAngle: Double? = nil) {
        self.time = time
        self.state = state
        self.startAngle = startAngle
        self.endAngle = endAngle
    }
}
