import StrokeGeometry

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
