/// The ways a report can be printed, named as the `--format` option spells them.
public enum OutputFormat: String, Sendable, Equatable, CaseIterable {
    /// Aligned columns for a person at a terminal.
    case table
    /// RFC 4180 CSV of the primary table, for spreadsheets.
    case csv
    /// The whole report as pretty JSON, for scripts.
    case json
    /// GitHub-flavoured Markdown, for issues and pull requests.
    case markdown
}

extension Report {
    /// The report in `format`, ending with a newline so it can be written out as is (CSV of a
    /// report without tables is empty text, so it adds no stray blank line).
    public func rendered(as format: OutputFormat) -> String {
        switch format {
        case .table: return terminalText()
        case .csv: return csvText()
        case .json: return jsonValue.serialized(.pretty) + "\n"
        case .markdown: return markdownText()
        }
    }
}
