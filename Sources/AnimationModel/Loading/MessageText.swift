import JSON

/// Small pieces of wording shared by the loader's messages, which must each stay on one line.
enum MessageText {
    /// A number as a person writes it: `2`, `-1.5`, `9.223372036854776e+18`, `inf`, `nan`.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 {
            // Whole numbers without `.0`, as they are usually written in a model file.
            return String(Int64(value))
        }
        return value.description
    }

    /// Text from the file, with control characters escaped so a message stays one line.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `'text'`, escaped.
    static func quoted(_ text: String) -> String { "'" + escaped(text) + "'" }

    /// What a JSON value is, for "expected …, found …".
    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array(let items): return items.isEmpty ? "an empty array" : "an array of \(items.count)"
        case .object: return "an object"
        }
    }

    /// `a, b or c` for short lists of quoted choices.
    static func choices(_ names: [String], conjunction: String = "or") -> String {
        let quotedNames = names.map { "'\($0)'" }
        guard quotedNames.count > 1 else { return quotedNames.first ?? "" }
        return quotedNames.dropLast().joined(separator: ", ") + " \(conjunction) " + quotedNames.last!
    }
}
