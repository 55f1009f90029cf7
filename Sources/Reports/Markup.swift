import JSON

/// Escaping for text placed in SVG and HTML, which this module writes as well-formed XML so
/// that any XML parser (and every browser) reads it the same way.
public enum Markup {
    /// `text` safe as element content or inside a double-quoted attribute: `&`, `<`, `>` and `"`
    /// become entities, and control characters XML forbids are dropped.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 allows no other C0 controls, not even as references.
                if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// A coordinate or length for an SVG attribute: two decimals, no trailing zeros, no `-0`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = DecimalText.fixed(value, decimals: 2)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
