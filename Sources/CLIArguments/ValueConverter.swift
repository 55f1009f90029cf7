/// Turns the text of an option or argument into a typed value, or explains in the shared wording
/// why it cannot.
///
/// Converters are values, so one declaration serves every option that takes the same kind of
/// input, and every such option fails with the same sentence. Use them through
/// ``ParsedArguments/value(_:as:)`` and friends, which add the command to the error, or call
/// ``convert(_:for:)`` directly with the label to blame.
public struct ValueConverter<Value>: Sendable {
    private let body: @Sendable (_ text: String, _ label: String) throws(UsageError) -> Value

    /// Wraps a conversion; `label` is what its errors should blame, such as `--fps <n>`.
    public init(_ body: @escaping @Sendable (_ text: String, _ label: String) throws(UsageError) -> Value) {
        self.body = body
    }

    /// Converts `text`, blaming `label` (such as `--fps <n>` or `<file.gif>`) when it is invalid.
    public func convert(_ text: String, for label: String) throws(UsageError) -> Value {
        try body(text, label)
    }

    /// Builds a converter from a parser that returns nil for bad input, failing with
    /// "expected \(expected)" so custom kinds of value read like the built-in ones.
    public static func parsing(
        expected: String,
        _ parse: @escaping @Sendable (String) -> Value?
    ) -> ValueConverter<Value> {
        ValueConverter { text, label throws(UsageError) in
            guard let value = parse(text) else {
                throw .invalidValue(text, for: label, expected: expected)
            }
            return value
        }
    }
}

extension ValueConverter where Value == Int {
    /// A decimal integer, optionally limited to `range`.
    public static func integer(in range: NumberRange? = nil) -> ValueConverter<Int> {
        ValueConverter { text, label throws(UsageError) in
            let expected = "an integer" + (range.map { " " + $0.phrase() } ?? "")
            guard let value = NumberSyntax.integer(text), range?.contains(Double(value)) ?? true else {
                throw .invalidValue(text, for: label, expected: expected)
            }
            return value
        }
    }
}

extension ValueConverter where Value == Double {
    /// A finite decimal number, optionally limited to `range`.
    public static func double(in range: NumberRange? = nil) -> ValueConverter<Double> {
        ValueConverter { text, label throws(UsageError) in
            let expected = "a number" + (range.map { " " + $0.phrase() } ?? "")
            guard let value = NumberSyntax.double(text), range?.contains(value) ?? true else {
                throw .invalidValue(text, for: label, expected: expected)
            }
            return value
        }
    }

    /// A duration in seconds, written `20ms`, `0.02s` or plain `0.02` (seconds), optionally
    /// limited to `range` (in seconds). A malformed value and an out-of-range one get different
    /// explanations, since the fixes differ.
    public static func duration(in range: NumberRange? = nil) -> ValueConverter<Double> {
        ValueConverter { text, label throws(UsageError) in
            guard let seconds = DurationSyntax.seconds(text) else {
                throw .invalidValue(text, for: label, expected: "a duration such as '20ms', '0.02s' or '0.02'")
            }
            if let range, !range.contains(seconds) {
                throw .invalidValue(text, for: label, expected: "a duration " + range.phrase(unit: " seconds"))
            }
            return seconds
        }
    }

    /// An angle in degrees, written `2deg`, `2°` or plain `2`, optionally limited to `range`.
    public static func angle(in range: NumberRange? = nil) -> ValueConverter<Double> {
        ValueConverter { text, label throws(UsageError) in
            guard let degrees = AngleSyntax.degrees(text) else {
                throw .invalidValue(text, for: label, expected: "an angle such as '2deg', '2°' or '2'")
            }
            if let range, !range.contains(degrees) {
                throw .invalidValue(text, for: label, expected: "an angle " + range.phrase(unit: " degrees"))
            }
            return degrees
        }
    }
}

extension ValueConverter where Value == String {
    /// One of a closed list of words, for arguments that cannot declare choices in their spec.
    public static func choice(_ choices: [String]) -> ValueConverter<String> {
        ValueConverter { text, label throws(UsageError) in
            guard choices.contains(text) else { throw .invalidChoice(text, for: label, choices: choices) }
            return text
        }
    }
}

extension ValueConverter where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of an enumeration's cases, spelled by its raw value; the choices are listed in the
    /// order the cases are declared.
    public static func choice(of type: Value.Type = Value.self) -> ValueConverter<Value> {
        let cases = Array(Value.allCases)
        let choices = cases.map(\.rawValue)
        return ValueConverter { text, label throws(UsageError) in
            guard let value = cases.first(where: { $0.rawValue == text }) else {
                throw .invalidChoice(text, for: label, choices: choices)
            }
            return value
        }
    }
}

extension ValueConverter where Value == [Double] {
    /// Exactly `components.count` comma-separated numbers, such as `X,Y,W,H` for a rectangle or
    /// `CX,CY,R` for a circle; the names appear in the error so the order is never guessed.
    public static func numbers(named components: [String]) -> ValueConverter<[Double]> {
        precondition(!components.isEmpty, "A number list needs at least one component")
        let shape = components.joined(separator: ",")
        let expected = components.count == 1
            ? "a number \(shape)"
            : "\(components.count) comma-separated numbers \(shape)"
        return ValueConverter { text, label throws(UsageError) in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { NumberSyntax.double($0) }
            guard parts.count == components.count, numbers.count == parts.count else {
                throw .invalidValue(text, for: label, expected: expected)
            }
            return numbers
        }
    }
}

extension ValueConverter where Value == NamedValue {
    /// `NAME=VALUE`, split at the first `=`; the value may be empty or itself contain `=`.
    public static var namedValue: ValueConverter<NamedValue> {
        ValueConverter { text, label throws(UsageError) in
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw .invalidValue(text, for: label, expected: "NAME=VALUE")
            }
            return NamedValue(name: String(parts[0]), value: String(parts[1]))
        }
    }
}

extension ValueConverter where Value == FrameSeconds {
    /// `FRAME:SECONDS`: a frame index of 0 or more and a duration in any spelling
    /// ``duration(in:)`` accepts (`12:0.5`, `12:500ms`).
    public static var frameSeconds: ValueConverter<FrameSeconds> {
        ValueConverter { text, label throws(UsageError) in
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2,
                  let frame = NumberSyntax.integer(parts[0]), frame >= 0,
                  let seconds = DurationSyntax.seconds(parts[1])
            else {
                throw .invalidValue(text, for: label, expected: "FRAME:SECONDS such as '12:0.5'")
            }
            return FrameSeconds(frame: frame, seconds: seconds)
        }
    }
}
