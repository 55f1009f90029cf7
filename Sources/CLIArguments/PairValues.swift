/// A `NAME=VALUE` pair, such as a property override `lineWidth=4`.
public struct NamedValue: Sendable, Hashable {
    /// The text before the first `=`; never empty.
    public let name: String
    /// The text after the first `=`; may be empty.
    public let value: String

    /// Pairs a name with its value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

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
