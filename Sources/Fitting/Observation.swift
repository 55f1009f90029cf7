import StrokeGeometry

/// What a frame shows of one model layer, as measured from the pixels.
public struct Observation: Sendable, Equatable {
    public var state: StrokeState
    /// Ring layers: degrees clockwise from 12 o'clock.
    public var startAngle: Double?
    public var endAngle: Double?
    /// Open paths (a tick): the drawn fraction of the path.
    public var strokeEnd: Double?
    /// Pixels per model point in this recording, when known: lets the fit accept that an arc or
    /// a gap under a pixel long cannot be seen.
    public var pixelsPerPoint: Double?
    /// Open paths: the whole path's length in pixels, so that a stroke under a pixel long (a
    /// tick just starting) is not held against the model either way.
    public var pathLengthPixels: Double?

    public init(state: StrokeState, startAngle: Double? = nil, endAngle: Double? = nil, strokeEnd: Double? = nil,
                pixelsPerPoint: Double? = nil, pathLengthPixels: Double? = nil) {
        self.state = state
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.strokeEnd = strokeEnd
        self.pixelsPerPoint = pixelsPerPoint
        self.pathLengthPixels = pathLengthPixels
    }
}
