extension Report {
    /// The report for a person at a terminal.
    ///
    /// Layout: the title, then the summary as `label: value` lines with the values aligned, then
    /// each table (its title if any, a header row, a rule of `-`, and the rows) with columns two
    /// spaces apart, then `note:` and `warning:` lines; sections are separated by a blank line.
    /// A table without rows prints `(no rows)` under its rule so an empty result is not mistaken
    /// for a missing one. Only ASCII is added; the caller's text is printed as given, except that
    /// line breaks and tabs inside titles, summary values and cells become spaces so columns stay
    /// aligned. Lines carry no trailing spaces and the text ends with a newline.
    public func terminalText() -> String {
        var sections: [[String]] = []

        var head: [String] = []
        if !title.isEmpty { head.append(TextLayout.singleLine(title)) }
        let labels = summary.map { TextLayout.singleLine($0.label) + ":" }
        let labelWidth = TextLayout.width(of: labels)
        for (label, item) in zip(labels, summary) {
            let value = TextLayout.singleLine(item.value.displayText)
            head.append(TextLayout.trimmingTrailingSpaces(TextLayout.pad(label, to: labelWidth, .left) + " " + value))
        }
        if !head.isEmpty { sections.append(head) }

        for table in tables { sections.append(table.terminalLines()) }

        let remarks = notes.map { "note: " + $0 } + warnings.map { "warning: " + $0 }
        if !remarks.isEmpty { sections.append(remarks) }

        return sections.map { $0.joined(separator: "\n") + "\n" }.joined(separator: "\n")
    }
}

extension Table {
    /// The table's lines for ``Report/terminalText()``.
    func terminalLines() -> [String] {
        var lines: [String] = []
        if let title { lines.append(TextLayout.singleLine(title)) }
        guard !columns.isEmpty else {
            lines.append("(no columns)")
            return lines
        }
        let titles = columns.map { TextLayout.singleLine($0.title) }
        let cells = rows.map { $0.map { TextLayout.singleLine($0.displayText) } }
        let widths = columns.indices.map { i in
            TextLayout.width(of: cells.map { $0[i] }, minimum: titles[i].count)
        }

        func line(_ texts: [String]) -> String {
            let padded = columns.indices.map { TextLayout.pad(texts[$0], to: widths[$0], columns[$0].alignment) }
            return TextLayout.trimmingTrailingSpaces(padded.joined(separator: "  "))
        }

        lines.append(line(titles))
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        if rows.isEmpty {
            lines.append("(no rows)")
        }
        for row in cells { lines.append(line(row)) }
        return lines
    }
}
