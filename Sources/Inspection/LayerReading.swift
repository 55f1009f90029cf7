import StrokeEstimation
import StrokeGeometry

/// One layer in one frame: what it shows and where its stroke starts and ends.
public struct LayerReading: Sendable {
    public var state: StrokeState
    /// Rings: degrees clockwise from 12 o'clock in [0, 360), caps corrected.
    public var startAngle: Double?
    public var endAngle: Double?
    /// The stroke's ends as fractions of the path: rings through the model's path (without a
    /// model, angles / 360 from 12 o'clock); paths, the drawn length's fraction.
    public var strokeStart: Double?
    public var strokeEnd: Double?
    /// Rings: further drawn pieces (start, end angles in degrees) when the stroke is split.
    public var segments: [(start: Double, end: Double)] = []
    /// Why the state is `unknown`.
    public var note: String?
    /// Rings: the measurement behind the reading (ink width, colour, the raw ends).
    public var arc: ArcMeasurement?

    public init(state: StrokeState, startAngle: Double? = nil, endAngle: Double? = nil, strokeStart: Double? = nil,
                strokeEnd: Double? = nil, note: String? = nil, arc: ArcMeasurement? = nil) {
        self.state = state
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
        self.note = note
        self.arc = arc
    }
}
