/// Why JSON text could not be read, and where: `line` and `column` are 1-based, and the column
/// counts Unicode scalars (not bytes) so it matches what an editor shows for non-ASCII text.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong at the reported position.
    public enum Reason: Sendable, Equatable {
        /// The text stopped inside a value.
        case unexpectedEndOfInput
        /// This character cannot start or continue what was expected here.
        case unexpectedCharacter(Unicode.Scalar)
        /// Something other than whitespace follows the complete top-level value.
        case trailingContent
        /// The number does not follow JSON's grammar (for example `01`, `1.`, `-`, `1e`).
        case invalidNumber
        /// The number is too large in magnitude for a `Double`.
        case numberOutOfRange
        /// A backslash is followed by a character JSON does not define as an escape.
        case invalidEscape
        /// A `\u` escape has bad hex digits or is half of a surrogate pair without its other half.
        case invalidUnicodeEscape
        /// A raw character below U+0020 appears inside a string; JSON requires it escaped.
        case controlCharacterInString
        /// Arrays and objects are nested deeper than ``JSONValue/maximumParseDepth``.
        case nestingTooDeep
    }

    /// 1-based line of the offending character.
    public var line: Int
    /// 1-based column of the offending character, in Unicode scalars.
    public var column: Int
    /// What went wrong.
    public var reason: Reason

    /// Creates an error; public so callers reading files can report their own position problems the same way.
    public init(line: Int, column: Int, reason: Reason) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `line:column: message`, the form compilers use, so editors can jump to it.
    public var description: String {
        "\(line):\(column): \(message)"
    }

    private var message: String {
        switch reason {
        case .unexpectedEndOfInput: return "unexpected end of input"
        case .unexpectedCharacter(let scalar):
            if scalar.value < 0x20 || scalar.value == 0x7F {
                // Invisible characters are named by code point so the message shows something.
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "unexpected character U+" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            return "unexpected character '\(scalar)'"
        case .trailingContent: return "unexpected text after the JSON value"
        case .invalidNumber: return "invalid number"
        case .numberOutOfRange: return "number out of range"
        case .invalidEscape: return "invalid escape sequence"
        case .invalidUnicodeEscape: return "invalid \\u escape"
        case .controlCharacterInString: return "unescaped control character in string"
        case .nestingTooDeep: return "nesting too deep"
        }
    }
}
