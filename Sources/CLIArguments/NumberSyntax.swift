/// The number spellings the converters share, written without Foundation so parsing does not
/// depend on the user's locale (a German locale must not turn `0,5` into a number).
enum NumberSyntax {
    /// A finite decimal such as `12`, `-0.5`, `.5` or `1e-3`. Hexadecimal, `inf` and `nan`, which
    /// `Double.init` would accept, are refused: no one means them on this command line.
    static func double<Text: StringProtocol>(_ text: Text) -> Double? {
        guard text.contains(where: { $0.isASCII && $0.isNumber }),
              text.allSatisfy({ "0123456789+-.eE".contains($0) }),
              let value = Double(text),
              value.isFinite
        else { return nil }
        return value
    }

    /// A decimal integer with an optional sign.
    static func integer<Text: StringProtocol>(_ text: Text) -> Int? {
        guard text.allSatisfy({ "0123456789+-".contains($0) }) else { return nil }
        return Int(text)
    }

    /// The shortest spelling that reads back as the same value, without a trailing `.0`, so
    /// messages show `20` rather than `20.0`.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
