/// Column layout shared by the terminal and Markdown renderers. Widths count Characters, not
/// bytes or scalars, so `×`, `°` and accented letters take one column as they do on screen.
/// (East Asian wide characters take two columns in a terminal and will sit one column off;
/// reports do not contain them.)
enum TextLayout {
    /// Pads `text` with spaces to `width` Characters on the side opposite its alignment.
    static func pad(_ text: String, to width: Int, _ alignment: Column.Alignment) -> String {
        let gap = width - text.count
        guard gap > 0 else { return text }
        let spaces = String(repeating: " ", count: gap)
        return alignment == .left ? text + spaces : spaces + text
    }

    /// `text` on one line: line breaks and tabs become spaces, because either would break a
    /// column layout whose widths assume one line per row.
    static func singleLine(_ text: String) -> String {
        guard text.contains(where: { $0.isNewline || $0 == "\t" }) else { return text }
        return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    /// The widest of `texts` in Characters, or `minimum` when that is wider.
    static func width(of texts: [String], minimum: Int = 0) -> Int {
        texts.reduce(minimum) { max($0, $1.count) }
    }

    /// `line` without the trailing spaces that padding of a final left-aligned column leaves.
    static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line.removeLast() }
        return String(line)
    }
}
