/// Writes well-formed XML element by element, escaping every attribute and text, with
/// attributes in a stable (sorted) order so equal plots give byte-identical files.
struct SVGBuilder {
    private(set) var text = ""
    private var depth = 0

    mutating func open(_ name: String, _ attributes: [String: String] = [:]) {
        text += indent + "<" + name + Self.attributeText(attributes) + ">\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        text += indent + "</" + name + ">\n"
    }

    /// An element with optional text content, or with a `<title>` child (a browser's tooltip).
    mutating func element(_ name: String, _ attributes: [String: String] = [:], text content: String? = nil, title: String? = nil) {
        let head = indent + "<" + name + Self.attributeText(attributes)
        if let content {
            text += head + ">" + Markup.escape(content) + "</" + name + ">\n"
        } else if let title {
            text += head + "><title>" + Markup.escape(title) + "</title></" + name + ">\n"
        } else {
            text += head + "/>\n"
        }
    }

    private var indent: String { String(repeating: " ", count: depth) }

    private static func attributeText(_ attributes: [String: String]) -> String {
        attributes.keys.sorted().map { " \($0)=\"\(Markup.escape(attributes[$0]!))\"" }.joined()
    }
}
