/// A `FRAME:SECONDS` pair, tying a frame index to a time such as a frame's expected delay.
public struct FrameSeconds: Sendable, Hashable {
    /// The zero-based frame index.
    public let frame: Int
    /// The time in seconds.
    public let seconds: Double

    /// Pairs a frame index with a time in seconds.
    public init(frame: Int, seconds: Double) {
        self.frame = frame
        self.seconds = seconds
    }
}
