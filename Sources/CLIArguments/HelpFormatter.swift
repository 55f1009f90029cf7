/// Renders `--help` text from the specs, in swift-argument-parser's layout: OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS, then EXAMPLES (or SUBCOMMANDS for the tool).
///
/// The width is fixed at 80 columns rather than probed from the terminal, so the text is the same
/// in a terminal, a pipe, a README and a test.
enum HelpFormatter {
    static let width = 80
    /// The column where help text starts in labelled rows.
    static let helpColumn = 26
    static let rowIndent = "  "
    static let helpRowLabel = "-h, --help"
    static let helpRowText = "Show help information."

    static func toolHelp(_ tool: ToolSpec) -> String {
        var sections: [[String]] = []
        sections.append(overview(tool.abstract, discussion: tool.discussion))
        sections.append(["USAGE: \(tool.name) <subcommand>"])
        sections.append(
            ["OPTIONS:"]
                + row(label: "--version", help: "Show the version.")
                + row(label: helpRowLabel, help: helpRowText)
        )
        var commandRows = ["SUBCOMMANDS:"]
        for command in tool.commands {
            commandRows += row(label: command.name, help: command.abstract)
        }
        commandRows += ["", rowIndent + "See '\(tool.name) help <subcommand>' for detailed help."]
        sections.append(commandRows)
        return render(sections)
    }

    static func commandHelp(_ command: CommandSpec, toolName: String) -> String {
        let path = "\(toolName) \(command.name)"
        var sections: [[String]] = []
        sections.append(overview(command.abstract, discussion: command.discussion))
        sections.append(usage(command, path: path))

        if !command.arguments.isEmpty {
            var lines = ["ARGUMENTS:"]
            for argument in command.arguments {
                lines += row(label: argument.label, help: argument.help)
            }
            sections.append(lines)
        }

        var optionLines = ["OPTIONS:"]
        for option in command.options where !option.isHidden {
            optionLines += row(label: optionLabel(option), help: optionHelp(option))
        }
        optionLines += row(label: helpRowLabel, help: helpRowText)
        sections.append(optionLines)

        if !command.examples.isEmpty {
            var lines = ["EXAMPLES:"]
            for (index, example) in command.examples.enumerated() {
                if index > 0 { lines.append("") }
                let words = [path] + example.arguments.map(shellQuoted)
                lines += TextWrapping.wrap(words: words, width: width, firstPrefix: rowIndent, continuationPrefix: "      ")
                if let explanation = example.explanation {
                    let indent = String(repeating: " ", count: 6)
                    lines += TextWrapping.wrap(text: explanation, width: width, firstPrefix: indent, continuationPrefix: indent)
                }
            }
            sections.append(lines)
        }
        return render(sections)
    }

    /// `OVERVIEW: …` followed by the wrapped discussion, if any, after a blank line.
    private static func overview(_ abstract: String, discussion: String?) -> [String] {
        var lines = TextWrapping.wrap(text: abstract, width: width, firstPrefix: "OVERVIEW: ")
        if let discussion {
            lines.append("")
            lines += TextWrapping.wrap(text: discussion, width: width)
        }
        return lines
    }

    /// Positionals first, then every visible option in declaration order; each element is kept
    /// whole when the line wraps so `[--format <format>]` is never split.
    private static func usage(_ command: CommandSpec, path: String) -> [String] {
        var elements = command.arguments.map(\.usageLabel)
        for option in command.options where !option.isHidden {
            let repeated = option.isRepeatable ? " ..." : ""
            elements.append("[\(option.usageLabel)\(repeated)]")
        }
        let prefix = "USAGE: "
        return TextWrapping.wrap(
            words: [path] + elements,
            width: width,
            firstPrefix: prefix,
            continuationPrefix: String(repeating: " ", count: prefix.count)
        )
    }

    private static func optionLabel(_ option: OptionSpec) -> String {
        let short = option.shortName.map { "-\($0), " } ?? ""
        return short + option.usageLabel
    }

    /// The help sentence followed by `(values: …; default: …)` when either is declared.
    private static func optionHelp(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if !option.choices.isEmpty { notes.append("values: " + option.choices.joined(separator: ", ")) }
        if let defaultDescription = option.defaultDescription { notes.append("default: " + defaultDescription) }
        guard !notes.isEmpty else { return option.help }
        let annotation = "(" + notes.joined(separator: "; ") + ")"
        return option.help.isEmpty ? annotation : option.help + " " + annotation
    }

    /// A label in the left column and wrapped help starting at ``helpColumn``; a label too wide
    /// for the column gets its own line, as swift-argument-parser does.
    private static func row(label: String, help: String) -> [String] {
        let continuation = String(repeating: " ", count: helpColumn)
        let labelled = rowIndent + label
        if help.isEmpty { return [labelled] }
        if labelled.count + 2 > helpColumn {
            return [labelled] + TextWrapping.wrap(
                text: help, width: width, firstPrefix: continuation, continuationPrefix: continuation
            )
        }
        let padded = labelled + String(repeating: " ", count: helpColumn - labelled.count)
        return TextWrapping.wrap(text: help, width: width, firstPrefix: padded, continuationPrefix: continuation)
    }

    /// Sections separated by one blank line.
    private static func render(_ sections: [[String]]) -> String {
        sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// Quotes a shell word only when the shell would otherwise split or expand it.
    private static func shellQuoted(_ word: String) -> String {
        let safe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%"
        if !word.isEmpty && word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }
}
