/// One lexical token of an expression, with the 1-based column (in Unicode scalars) where it starts.
struct ExpressionToken: Equatable {
    enum Kind: Equatable {
        case number(Double)
        case name(String)
        /// `+ - * /`
        case symbol(Unicode.Scalar)
        case openParenthesis
        case closeParenthesis
        case comma
        case end
    }

    var kind: Kind
    var column: Int
    /// The token as written, for messages.
    var text: String
}

/// Splits expression text into tokens.
///
/// Numbers follow C's decimal floating literals without suffixes: `2`, `2.`, `.5`, `1e-3`,
/// `1.5E+2`. A number running straight into letters or digits (`2pi`, `2.0f`, `1e`) is reported
/// whole as an invalid number rather than as two tokens, because the author meant one thing.
/// Names are ASCII identifiers, as in the code being transcribed.
enum ExpressionLexer {
    static func tokens(_ text: String) throws(ExpressionSyntaxError) -> [ExpressionToken] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [ExpressionToken] = []
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            let column = i + 1
            switch c {
            case " ", "\t", "\n", "\r":
                i += 1
            case "+", "-", "*", "/":
                tokens.append(ExpressionToken(kind: .symbol(c), column: column, text: String(c)))
                i += 1
            case "(":
                tokens.append(ExpressionToken(kind: .openParenthesis, column: column, text: "("))
                i += 1
            case ")":
                tokens.append(ExpressionToken(kind: .closeParenthesis, column: column, text: ")"))
                i += 1
            case ",":
                tokens.append(ExpressionToken(kind: .comma, column: column, text: ","))
                i += 1
            case "0"..."9", ".":
                let start = i
                let value = scanNumber(scalars, &i)
                // Swallow letters and digits glued to the number so the message quotes all of it.
                var end = i
                while end < scalars.count, isNameContinuation(scalars[end]) || scalars[end] == "." { end += 1 }
                let written = String(String.UnicodeScalarView(scalars[start..<end]))
                guard let value, end == i else {
                    throw ExpressionSyntaxError(.invalidNumber(written), column: column)
                }
                tokens.append(ExpressionToken(kind: .number(value), column: column, text: written))
            default:
                guard isNameStart(c) else {
                    throw ExpressionSyntaxError(.unexpectedCharacter(printable(c)), column: column)
                }
                let start = i
                while i < scalars.count, isNameContinuation(scalars[i]) { i += 1 }
                let name = String(String.UnicodeScalarView(scalars[start..<i]))
                tokens.append(ExpressionToken(kind: .name(name), column: column, text: name))
            }
        }
        tokens.append(ExpressionToken(kind: .end, column: scalars.count + 1, text: ""))
        return tokens
    }

    /// Reads `digits [. digits] [e [+-] digits]` from `i`, leaving `i` after what it read; nil when
    /// that is not a number (no mantissa digit, or an exponent without digits).
    private static func scanNumber(_ s: [Unicode.Scalar], _ i: inout Int) -> Double? {
        let start = i
        var mantissaDigits = 0
        while i < s.count, isDigit(s[i]) { i += 1; mantissaDigits += 1 }
        if i < s.count, s[i] == "." {
            i += 1
            while i < s.count, isDigit(s[i]) { i += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return nil }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            var j = i + 1
            if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
            let exponentStart = j
            while j < s.count, isDigit(s[j]) { j += 1 }
            // `1e` or `1e+`: leave `i` on the `e` so the caller sees letters glued to a number.
            guard j > exponentStart else { return nil }
            i = j
        }
        // `Double(_:)` rounds correctly, so `0.1` here is the same double as the JSON number 0.1.
        return Double(String(String.UnicodeScalarView(s[start..<i])))
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }

    private static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
    }

    static func isNameContinuation(_ c: Unicode.Scalar) -> Bool { isNameStart(c) || isDigit(c) }

    /// The character as a message can show it: invisible ones by code point.
    private static func printable(_ c: Unicode.Scalar) -> String {
        if c.value < 0x20 || c.value == 0x7F || c.properties.isWhitespace {
            let hex = String(c.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return String(c)
    }
}
