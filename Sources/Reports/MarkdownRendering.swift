extension Report {
    /// The report as GitHub-flavoured Markdown, for pasting into issues and pull requests.
    ///
    /// Layout: `## title` (left out when the title is empty), the summary as a bullet list (`- **label:** value`), each table as a
    /// pipe table (under `### title` when it has one) whose alignment row uses `:---` for left
    /// and `---:` for right columns, then notes and warnings as `**Note:**` / `**Warning:**`
    /// paragraphs. Columns are padded so the source reads as a table too.
    ///
    /// The caller's text is passed through as Markdown, so backticks and emphasis still work;
    /// only what would break the structure is changed: `|` in table cells becomes `\|`, line
    /// breaks in cells become `<br>`, and line breaks in headings and summary lines become spaces.
    /// Booleans read `yes`/`no` and missing values `-`. The text ends with a newline.
    public func markdownText() -> String {
        var blocks: [String] = []
        if !title.isEmpty { blocks.append("## " + TextLayout.singleLine(title)) }
        if !summary.isEmpty {
            blocks.append(summary.map { item in
                "- **" + TextLayout.singleLine(item.label) + ":** " + TextLayout.singleLine(item.value.displayText)
            }.joined(separator: "\n"))
        }
        for table in tables {
            if let title = table.title { blocks.append("### " + TextLayout.singleLine(title)) }
            blocks.append(table.markdownLines().joined(separator: "\n"))
        }
        blocks += notes.map { "**Note:** " + $0 }
        blocks += warnings.map { "**Warning:** " + $0 }
        return blocks.joined(separator: "\n\n") + "\n"
    }
}

extension Table {
    /// The pipe table for ``Report/markdownText()``, without any heading.
    func markdownLines() -> [String] {
        guard !columns.isEmpty else { return ["_No columns._"] }
        let titles = columns.map { Markdown.cell($0.title) }
        let cells = rows.map { $0.map { Markdown.cell($0.displayText) } }
        // At least three so the alignment row is always a valid delimiter.
        let widths = columns.indices.map { i in
            TextLayout.width(of: cells.map { $0[i] }, minimum: max(3, titles[i].count))
        }

        func line(_ texts: [String]) -> String {
            "| " + columns.indices.map { TextLayout.pad(texts[$0], to: widths[$0], columns[$0].alignment) }
                .joined(separator: " | ") + " |"
        }

        let delimiters = columns.indices.map { i in
            let dashes = String(repeating: "-", count: widths[i] - 1)
            return columns[i].alignment == .left ? ":" + dashes : dashes + ":"
        }
        return [line(titles), "| " + delimiters.joined(separator: " | ") + " |"] + cells.map(line)
    }
}

/// Escaping for text placed inside a pipe table.
enum Markdown {
    /// `text` made safe inside a table cell: pipes escaped, line breaks as `<br>`.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "|" {
                out += "\\|"
            } else if character.isNewline {
                out += "<br>"
            } else {
                out.append(character)
            }
        }
        return out
    }
}
