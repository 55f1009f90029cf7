/// An animation with every expression evaluated and Core Animation's defaults applied:
/// durations defaulted (§1.3), the active duration and cycle computed (§1.4).
struct ResolvedAnimation: Sendable {
    enum Kind: Sendable {
        case basic(from: Double?, to: Double?, by: Double?)
        case keyframe(ResolvedKeyframes)
        case group([ResolvedAnimation])
    }

    var kind: Kind
    /// Index into `AnimatedValues` (nil for groups).
    var property: AnimatedProperty?
    /// `beginTime` in the parent's time space (for a top-level animation already converted from
    /// "0 = when added" to the layer clock at commit).
    var begin: Double
    /// Seconds, after defaulting (never ≤ 0).
    var duration: Double
    var speed: Double
    var timeOffset: Double
    var autoreverses: Bool
    var fill: FillMode
    var removedOnCompletion: Bool
    var timingFunction: TimingFunction?
    var additive: Bool
    var cumulative: Bool
    /// One cycle: `duration`, doubled with `autoreverses`.
    var cycle: Double
    /// The active duration `D` in the animation's own time (may be infinite).
    var activeDuration: Double

    var fillsBackwards: Bool { fill == .backwards || fill == .both }
    var fillsForwards: Bool { fill == .forwards || fill == .both }

    /// End of the active interval in parent time (infinite when it never ends or is frozen).
    var end: Double {
        guard speed > 0, activeDuration.isFinite else { return .infinity }
        return begin + activeDuration / speed
    }
}

/// The three properties a stroke layer animates.
enum AnimatedProperty: Int, Sendable {
    case strokeStart = 0, strokeEnd = 1, rotation = 2

    init(_ keyPath: KeyPath) {
        switch keyPath {
        case .strokeStart: self = .strokeStart
        case .strokeEnd: self = .strokeEnd
        case .rotation: self = .rotation
        }
    }
}

/// Values of the animated properties while animations are applied in order.
struct AnimatedValues: Sendable, Equatable {
    var strokeStart: Double
    var strokeEnd: Double
    /// Radians, unwrapped.
    var rotation: Double

    subscript(_ p: AnimatedProperty) -> Double {
        get {
            switch p {
            case .strokeStart: strokeStart
            case .strokeEnd: strokeEnd
            case .rotation: rotation
            }
        }
        set {
            switch p {
            case .strokeStart: strokeStart = newValue
            case .strokeEnd: strokeEnd = newValue
            case .rotation: rotation = newValue
            }
        }
    }
}

/// A keyframe animation's evaluated values.
struct ResolvedKeyframes: Sendable {
    var values: [Double]
    var keyTimes: [Double]?
    var timingFunctions: [TimingFunction?]?
    var mode: CalculationMode
}
