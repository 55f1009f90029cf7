import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML element, enough to check the SVG plot and the HTML report: the document must be
/// well-formed for `parse` to return anything at all.
final class XMLNode {
    let name: String
    let attributes: [String: String]
    var children: [XMLNode] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Every element below this one (depth first) with this name.
    func all(_ name: String) -> [XMLNode] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.all(name) }
    }

    /// All text inside, concatenated.
    var allText: String { text + children.map(\.allText).joined() }

    /// The root element of `text`, or `nil` (with the parser's error) when it is not well-formed.
    static func parse(_ text: String) -> (root: XMLNode?, error: String?) {
        let builder = Builder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            return (nil, "line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "no root element")")
        }
        return (root, nil)
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLNode?
        var stack: [XMLNode] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let node = XMLNode(name: name, attributes: attributes)
            if let parent = stack.last { parent.children.append(node) } else { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
