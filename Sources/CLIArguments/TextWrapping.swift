/// Greedy word wrapping at a fixed width, so help reads the same in a terminal, a pipe and a test.
enum TextWrapping {
    /// Wraps `words` into lines no wider than `width` where possible, starting the first line with
    /// `firstPrefix` and every other line with `continuationPrefix`. A word too long for any line
    /// gets a line of its own instead of being broken, since a broken option name cannot be copied.
    static func wrap(
        words: [String],
        width: Int,
        firstPrefix: String = "",
        continuationPrefix: String = ""
    ) -> [String] {
        var lines: [String] = []
        var line = firstPrefix
        var lineHasWords = false
        for word in words {
            if lineHasWords && line.count + 1 + word.count > width {
                lines.append(line)
                line = continuationPrefix + word
            } else {
                line += (lineHasWords ? " " : "") + word
            }
            lineHasWords = true
        }
        lines.append(lineHasWords ? line : trimmingTrailingSpaces(line))
        return lines
    }

    /// Wraps prose, keeping its explicit line breaks and blank lines between paragraphs.
    static func wrap(
        text: String,
        width: Int,
        firstPrefix: String = "",
        continuationPrefix: String = ""
    ) -> [String] {
        var lines: [String] = []
        for (index, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = paragraph.split(separator: " ").map(String.init)
            let prefix = index == 0 ? firstPrefix : continuationPrefix
            if words.isEmpty {
                lines.append(trimmingTrailingSpaces(prefix))
            } else {
                lines += wrap(words: words, width: width, firstPrefix: prefix, continuationPrefix: continuationPrefix)
            }
        }
        return lines
    }

    static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
