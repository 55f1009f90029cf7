/// One frame of a movie as its stream times it (the picture is separate).
public struct MovieFrameInfo: Sendable, Equatable {
    /// 0-based, in presentation order.
    public var index: Int
    /// The presentation timestamp, in ticks of the stream's time base.
    public var timestamp: Int64
    /// Seconds from the first frame's timestamp to this one's.
    public var time: Double
    /// Seconds to the next frame's timestamp (the last frame: to the end of the stream).
    public var duration: Double
    /// Whether the frame is a key frame (decodable on its own).
    public var keyFrame: Bool

    public init(index: Int, timestamp: Int64, time: Double, duration: Double, keyFrame: Bool) {
        self.index = index
        self.timestamp = timestamp
        self.time = time
        self.duration = duration
        self.keyFrame = keyFrame
    }
}
