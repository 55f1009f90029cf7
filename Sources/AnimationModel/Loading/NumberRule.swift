/// What a numeric field accepts once its expression is evaluated with the variables' declared values.
enum NumberRule {
    /// Any finite number: times, offsets, speeds, coordinates, animated values.
    case finite
    /// Finite and ≥ 0: durations, radii, widths.
    case nonNegative
    /// ≥ 0 and possibly +inf: `repeatCount` and `repeatDuration`, where infinity means forever.
    case nonNegativeOrInfinite
    /// In [0, 1]: `keyTimes`, a timing function's x control points.
    case unitInterval

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
        }
    }
}
