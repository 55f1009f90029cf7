/// The values a numeric option accepts, kept as data so the error can say exactly what was wanted.
public struct NumberRange: Sendable, Equatable {
    enum Bound: Sendable, Equatable {
        case inclusive(Double)
        case exclusive(Double)
    }

    let lower: Bound?
    let upper: Bound?

    /// `lower...upper`, both ends accepted.
    public static func between(_ lower: Double, _ upper: Double) -> NumberRange {
        precondition(lower <= upper, "Empty range \(lower)...\(upper)")
        return NumberRange(lower: .inclusive(lower), upper: .inclusive(upper))
    }

    /// `lower` or more.
    public static func atLeast(_ lower: Double) -> NumberRange {
        NumberRange(lower: .inclusive(lower), upper: nil)
    }

    /// Strictly more than `lower`, for quantities such as a frame rate that cannot be zero.
    public static func greaterThan(_ lower: Double) -> NumberRange {
        NumberRange(lower: .exclusive(lower), upper: nil)
    }

    /// `upper` or less.
    public static func atMost(_ upper: Double) -> NumberRange {
        NumberRange(lower: nil, upper: .inclusive(upper))
    }

    /// Whether the value lies in the range.
    public func contains(_ value: Double) -> Bool {
        switch lower {
        case .inclusive(let bound)? where value < bound: return false
        case .exclusive(let bound)? where value <= bound: return false
        default: break
        }
        switch upper {
        case .inclusive(let bound)? where value > bound: return false
        case .exclusive(let bound)? where value >= bound: return false
        default: break
        }
        return true
    }

    /// The end of an "expected a number …" sentence, such as `between 0.05 and 20`, with `unit`
    /// after each bound's number (` seconds`).
    func phrase(unit: String = "") -> String {
        switch (lower, upper) {
        case (.inclusive(let low)?, .inclusive(let high)?):
            return "between \(NumberSyntax.format(low)) and \(NumberSyntax.format(high))\(unit)"
        case (let low?, let high?):
            return "\(Self.lowerPhrase(low, unit: unit)) and \(Self.upperPhrase(high, unit: unit))"
        case (let low?, nil):
            return Self.lowerPhrase(low, unit: unit)
        case (nil, let high?):
            return Self.upperPhrase(high, unit: unit)
        case (nil, nil):
            return ""
        }
    }

    private static func lowerPhrase(_ bound: Bound, unit: String) -> String {
        switch bound {
        case .inclusive(let value): return "of at least \(NumberSyntax.format(value))\(unit)"
        case .exclusive(let value): return "greater than \(NumberSyntax.format(value))\(unit)"
        }
    }

    private static func upperPhrase(_ bound: Bound, unit: String) -> String {
        switch bound {
        case .inclusive(let value): return "of at most \(NumberSyntax.format(value))\(unit)"
        case .exclusive(let value): return "less than \(NumberSyntax.format(value))\(unit)"
        }
    }
}
