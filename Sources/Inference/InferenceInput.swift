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

/// How the ring looks in the GIF, in pixels.
public struct RingAppearance: Sendable, Equatable {
    public var centerX: Double
    public var centerY: Double
    public var radius: Double
    public var lineWidth: Double
    /// `#RRGGBB`, or nil when no colour could be told.
    public var strokeColor: String?
    /// `butt`, `round` or `square`.
    public var lineCap: LineCap

    public init(centerX: Double, centerY: Double, radius: Double, lineWidth: Double, strokeColor: String?, lineCap: LineCap) {
        self.centerX = centerX
        self.centerY = centerY
        self.radius = radius
        self.lineWidth = lineWidth
        self.strokeColor = strokeColor
        self.lineCap = lineCap
    }
}

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

/// Why an animation could not be inferred; one line for the user.
public enum InferenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Too few frames show an arc with two ends.
    case tooFewArcFrames(found: Int, needed: Int)
    /// No repetition was found in the measurements.
    case noPeriod(recordingSeconds: Double)

    public var description: String {
        switch self {
        case .tooFewArcFrames(let found, let needed):
            "only \(found) frames show an arc with two ends; at least \(needed) are needed to infer the animation"
        case .noPeriod(let seconds):
            "the stroke does not repeat within the \(cFixed(seconds, 2)) s recorded (infer needs at least one whole cycle and a bit)"
        }
    }
}
