/// Durations with an optional unit: `20ms`, `0.02s`, or a bare number of seconds.
enum DurationSyntax {
    /// The duration in seconds, or nil when the text is not a duration. Units are matched
    /// case-insensitively because `20MS` has only one sensible reading.
    static func seconds<Text: StringProtocol>(_ text: Text) -> Double? {
        let lowered = text.lowercased()
        if lowered.hasSuffix("ms") {
            return NumberSyntax.double(lowered.dropLast(2)).map { $0 / 1000 }
        }
        if lowered.hasSuffix("s") {
            return NumberSyntax.double(lowered.dropLast())
        }
        return NumberSyntax.double(lowered)
    }
}

/// Angles in degrees with an optional unit: `2deg`, `2°`, or a bare number of degrees.
enum AngleSyntax {
    /// The angle in degrees, or nil when the text is not an angle.
    static func degrees<Text: StringProtocol>(_ text: Text) -> Double? {
        let lowered = text.lowercased()
        if lowered.hasSuffix("deg") {
            return NumberSyntax.double(lowered.dropLast(3))
        }
        if lowered.hasSuffix("°") {
            return NumberSyntax.double(lowered.dropLast())
        }
        return NumberSyntax.double(lowered)
    }
}
