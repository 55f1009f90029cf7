/// How `JSONValue.serialized(_:)` lays out its text.
public enum JSONStyle: Sendable, Equatable, CaseIterable {
    /// Two-space indentation and `"key": value`, one member or element per line, except that an
    /// array holding only scalars stays on one line (`"center": [150.0, 150.0]`) when that line
    /// fits in ``JSONValue/prettyLineWidth`` characters: points and sizes read better that way.
    case pretty
    /// No whitespace at all, for one-record-per-line output and for piping into other tools.
    case compact
}

extension JSONValue {
    /// The line width, in characters including indentation, within which `.pretty` keeps an
    /// array of scalars on one line; 80 so output stays readable in an ordinary terminal.
    public static let prettyLineWidth = 80

    /// The JSON text of this value, without a trailing newline so it can be embedded.
    ///
    /// Numbers: an `.int` prints as integer text; a `.double` prints as Swift's shortest
    /// round-trip `description`, which always carries a fraction or an exponent (`5.0`, `0.04`,
    /// `1e-07`, `1e+16`). We keep `5.0` rather than `5` so reading the text back with
    /// ``parse(_:)`` yields `.double` again and a round trip is exact. NaN and infinities, which
    /// JSON cannot express, print as `null`; round with ``number(_:decimals:)`` first for tidy figures.
    ///
    /// Strings are escaped per RFC 8259: `"` and `\` are backslash-escaped, backspace, form feed,
    /// newline, carriage return and tab use their short escapes, other control characters below
    /// U+0020 use `\u00XX` (lower-case hex, as JavaScript writes them); everything else, including
    /// non-ASCII text, is written as UTF-8 unchanged.
    public func serialized(_ style: JSONStyle = .pretty) -> String {
        // Written as UTF-8 bytes: appending to a byte buffer costs a copy, where appending to a
        // String also checks and updates its metadata (a long document is mostly small appends).
        var out = JSONText()
        switch style {
        case .compact: writeCompact(into: &out)
        case .pretty: writePretty(into: &out, level: 0, column: 0)
        }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private func writeScalar(into out: inout JSONText) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? d.description : "null"
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array, .object: preconditionFailure("not a scalar")
        }
    }

    private func writeCompact(into out: inout JSONText) {
        switch self {
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.writeCompact(into: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (i, member) in object.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(member.key, into: &out)
                out += ":"
                member.value.writeCompact(into: &out)
            }
            out += "}"
        default:
            writeScalar(into: &out)
        }
    }

    /// `column` is how many characters already stand on the current line, so the one-line
    /// array rule can account for indentation and the key in front of the value.
    private func writePretty(into out: inout JSONText, level: Int, column: Int) {
        switch self {
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            if items.allSatisfy(\.isScalar) {
                var line = JSONText()
                line += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { line += ", " }
                    item.writeScalar(into: &line)
                }
                line += "]"
                // One more for the comma that may follow inside a parent.
                if column + line.characterCount + 1 <= JSONValue.prettyLineWidth {
                    out += line
                    return
                }
            }
            out.append(ascii: "[")
            out.append(ascii: "\n")
            let inner = JSONValue.indentation(level + 1)
            for (i, item) in items.enumerated() {
                if i > 0 {
                    out.append(ascii: ",")
                    out.append(ascii: "\n")
                }
                out += inner
                item.writePretty(into: &out, level: level + 1, column: inner.count)
            }
            out.append(ascii: "\n")
            out += JSONValue.indentation(level)
            out.append(ascii: "]")
        case .object(let object):
            if object.isEmpty {
                out += "{}"
                return
            }
            out.append(ascii: "{")
            out.append(ascii: "\n")
            let inner = JSONValue.indentation(level + 1)
            for (i, member) in object.enumerated() {
                if i > 0 {
                    out.append(ascii: ",")
                    out.append(ascii: "\n")
                }
                if case .array = member.value {
                    // Only an array's layout depends on how much stands before it on the line.
                    var prefix = JSONText()
                    prefix += inner
                    JSONValue.writeString(member.key, into: &prefix)
                    prefix += ": "
                    out += prefix
                    member.value.writePretty(into: &out, level: level + 1, column: prefix.characterCount)
                } else {
                    out += inner
                    JSONValue.writeString(member.key, into: &out)
                    out.append(ascii: ":")
                    out.append(ascii: " ")
                    member.value.writePretty(into: &out, level: level + 1, column: 0)
                }
            }
            out.append(ascii: "\n")
            out += JSONValue.indentation(level)
            out.append(ascii: "}")
        default:
            writeScalar(into: &out)
        }
    }

    /// Two spaces per level, as bytes made once for the usual depths (every member of a long
    /// document is indented).
    private static let indents: [[UInt8]] = (0..<16).map { [UInt8](repeating: UInt8(ascii: " "), count: 2 * $0) }

    private static func indentation(_ level: Int) -> [UInt8] {
        level < indents.count ? indents[level] : [UInt8](repeating: UInt8(ascii: " "), count: 2 * level)
    }

    private static func writeString(_ s: String, into out: inout JSONText) {
        out.append(ascii: "\"")
        // Most strings (keys, states, names) need no escape: one append, not one per scalar.
        var s = s
        let plain = s.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            out.bytes.append(contentsOf: bytes)
            return true
        }
        if plain {
            out.append(ascii: "\"")
            return
        }
        // Scalars, not Characters: "\r\n" is a single Character but two escapes.
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out += String(scalar)
            }
        }
        out += "\""
    }
}

/// JSON text being written: UTF-8 bytes.
struct JSONText {
    var bytes: [UInt8] = []

    static func += (text: inout JSONText, s: String) {
        var s = s
        s.withUTF8 { text.bytes.append(contentsOf: $0) }
    }

    static func += (text: inout JSONText, other: JSONText) {
        text.bytes.append(contentsOf: other.bytes)
    }

    static func += (text: inout JSONText, bytes: [UInt8]) {
        text.bytes.append(contentsOf: bytes)
    }

    /// One ASCII character (punctuation, newlines: most of a document's appends).
    mutating func append(ascii c: Unicode.Scalar) {
        bytes.append(UInt8(ascii: c))
    }

    /// Characters, as `String.count` counts them (one per byte for ASCII text).
    var characterCount: Int {
        bytes.allSatisfy { $0 < 0x80 } ? bytes.count : String(decoding: bytes, as: UTF8.self).count
    }
}
