import AnimationModel
import RecordingClock

/// The fit of one recording.
public struct FitResult: Sendable {
    /// Model time at recording time 0, seconds.
    public var phase: Double
    /// Model seconds per recording second.
    public var rate: Double
    /// Whether the rate was given (`FitOptions.rate`) rather than fitted.
    public var ratePinned: Bool
    /// Set when the recording cannot tell the rate from some free variables (only their ratio
    /// is determined): the rate is then held at 1 and those variables absorb the scale, or, where
    /// their ranges do not allow that, left where the fit put it and reported undetermined.
    public var rateDegeneracy: RateDegeneracy? = nil
    /// Whether the rate was held at 1 by the rule of ``RateDegeneracy`` (not given, not fitted).
    public var rateHeld: Bool { rateDegeneracy?.held == true }
    /// Fitted (and fixed) variable values, in the model's units (seconds for moments).
    public var variables: [String: Double]
    /// One per measured frame, in recording order.
    public var frames: [FrameFit]
    /// How well the frames determine each fitted parameter (phase, rate, variables).
    public var parameters: [ParameterDetermination]
    /// RMS and largest timing error over the compared frames (outliers left out), in seconds
    /// of model time; nil when no frame has one.
    public var rmsTimingError: Double?
    public var maxTimingError: Double?
    /// The stored index of the frame with the largest timing error.
    public var maxTimingErrorFrame: Int?
    /// RMS and largest angle error over the compared frames, in degrees; nil when none compares.
    public var rmsAngleError: Double?
    public var maxAngleError: Double?
    /// The stored index of the frame with the largest angle error.
    public var maxAngleErrorFrame: Int?
    /// Frames whose measurement could be compared with the model.
    public var framesCompared: Int
    /// Frame interval used to flag late/early frames (model seconds).
    public var flagTiming: Double
    /// Where the frame times come from (stored delays, the recording's clock, `--fps`).
    public var timeBase: TimeBase
    /// Hitch time per second of recording, milliseconds per second (Apple's hitch time ratio).
    public var hitchTimeRatio: Double
    /// The band of ``hitchTimeRatio``.
    public var hitchBand: HitchBand { HitchBand(ratio: hitchTimeRatio) }
    /// The model, resolved with the fitted variables.
    public var model: ResolvedModel
}

extension FitResult {
    /// Records the rule's outcome: the rate (held, or undetermined along the trade-off) among the
    /// parameters, with no standard error: the frames say nothing about it on its own.
    mutating func record(_ found: RateDegeneracy) {
        rateDegeneracy = found
        ratePinned = false
        if found.held {
            parameters.removeAll { $0.name == "rate" }
            let rate = ParameterDetermination(name: "rate", value: found.heldRate, standardError: nil, determined: false)
            parameters.insert(rate, at: parameters.first?.name == "phase" ? 1 : 0)
        } else {
            for i in parameters.indices where parameters[i].name == "rate" || found.variables.contains(parameters[i].name) {
                parameters[i].standardError = nil
                parameters[i].determined = false
            }
        }
    }
}

/// Apple's bands for the hitch time ratio (WWDC20, "Eliminate animation hitches with XCTest").
public enum HitchBand: String, Sendable {
    /// Under 5 ms/s: hitches are rare.
    case good
    /// 5–10 ms/s: users notice.
    case warning
    /// Over 10 ms/s: the animation is hitchy.
    case critical

    public init(ratio: Double) {
        self = ratio < 5 ? .good : ratio <= 10 ? .warning : .critical
    }
}
