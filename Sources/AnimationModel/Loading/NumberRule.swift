/// What a numeric field accepts once its expression is evaluated with the variables' declared values.
enum NumberRule {
    /// Any finite number: times, offsets, speeds, animated stroke values.
    case finite
    /// Finite and ≥ 0.
    case nonNegative
    /// ≥ 0 and possibly +inf: `repeatCount` and `repeatDuration`, where infinity means forever.
    case nonNegativeOrInfinite
    /// In [0, 1]: `keyTimes`, a timing function's x control points.
    case unitInterval
    /// A coordinate in points: finite and within ±`ModelLimits.points` (a drawing larger
    /// cannot be put on any canvas).
    case coordinate
    /// A radius, width or size in points: in [0, `ModelLimits.points`].
    case extent
    /// An angle or a rotation value in radians: within ±`ModelLimits.radians`.
    case angle
    /// A timing function's y control point: within ±`ModelLimits.controlPointY`.
    case controlPointY

    /// Why `value` breaks the rule (the caller appends what was written), or nil when it is fine.
    func violation(_ value: Double) -> String? {
        switch self {
        case .finite:
            return value.isFinite ? nil : "must be a finite number"
        case .nonNegative:
            if !value.isFinite { return "must be a finite number" }
            return value < 0 ? "must not be negative" : nil
        case .nonNegativeOrInfinite:
            if value.isNaN { return "must be a number" }
            return value < 0 ? "must not be negative" : nil
        case .unitInterval:
            return (0...1).contains(value) ? nil : "must be between 0 and 1"
        case .coordinate:
            return ModelLimits.coordinateViolation(value)
        case .extent:
            return ModelLimits.extentViolation(value)
        case .angle:
            return ModelLimits.angleViolation(value)
        case .controlPointY:
            return ModelLimits.controlPointViolation(value)
        }
    }
}
