/// A mistake in how the tool was invoked: always the user's to fix, never a bug in the tool.
///
/// Each case renders as one line (``message``) in the wording users know from
/// swift-argument-parser, so a script's stderr stays grep-able. Where the mistake happened is kept
/// apart from what it was (``inCommand(_:_:)``), so the caller decides whether to prefix the message
/// and can print ``helpHint`` on a line of its own.
public enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option name no spec declares, with the nearest declared name when one is close.
    case unknownOption(String, suggestion: String?)
    /// A value-taking option came last, or was followed by another option; holds its usage label
    /// such as `--model <file>`.
    case missingValue(option: String)
    /// A flag was given a value with `--flag=value`.
    case unexpectedValue(String, option: String)
    /// A value outside an option's or argument's closed list of choices.
    case invalidChoice(String, for: String, choices: [String])
    /// A value that is not of the expected form; `expected` finishes the sentence "expected …",
    /// such as `a number between 0.05 and 20`.
    case invalidValue(String, for: String, expected: String)
    /// A required positional argument is absent; holds its label such as `<file.gif>`.
    case missingArgument(String)
    /// A positional argument beyond the ones the command declares.
    case unexpectedArgument(String)
    /// A command name the tool does not have, with the nearest command when one is close.
    case unknownCommand(String, suggestion: String?)
    /// A non-repeatable option given twice; holds its long form such as `--format`.
    case duplicateOption(String)
    /// Any of the above, raised while reading the arguments of the command invoked as `path`
    /// (for example `strokescope info`).
    indirect case inCommand(_ path: String, _ error: UsageError)

    /// The one-line explanation, without the command it concerns.
    public var message: String {
        switch self {
        case .unknownOption(let name, let suggestion):
            return "Unknown option '\(name)'." + Self.suggestionSentence(suggestion)
        case .missingValue(let option):
            return "Missing value for '\(option)'."
        case .unexpectedValue(let value, let option):
            return "The flag '\(option)' does not take a value, but '\(value)' was given."
        case .invalidChoice(let value, let label, let choices):
            return "The value '\(value)' is invalid for '\(label)'. Please provide "
                + Self.choiceList(choices) + "."
        case .invalidValue(let value, let label, let expected):
            return "The value '\(value)' is invalid for '\(label)': expected \(expected)."
        case .missingArgument(let label):
            return "Missing expected argument '\(label)'."
        case .unexpectedArgument(let value):
            return "Unexpected argument '\(value)'."
        case .unknownCommand(let name, let suggestion):
            return "Unknown command '\(name)'." + Self.suggestionSentence(suggestion)
        case .duplicateOption(let name):
            return "Option '\(name)' given more than once."
        case .inCommand(_, let error):
            return error.message
        }
    }

    /// The invocation whose arguments were wrong, such as `strokescope info`, or nil when the
    /// error was raised outside any command (by a bare ``ValueConverter``).
    public var commandPath: String? {
        if case .inCommand(let path, _) = self { return path }
        return nil
    }

    /// A second line pointing at the help that would have prevented the mistake, such as
    /// `See 'strokescope info --help'.`; nil when the command is not known.
    public var helpHint: String? {
        commandPath.map { "See '\($0) --help'." }
    }

    /// The mistake itself with the command context removed, so callers and tests can match on it.
    public var underlyingError: UsageError {
        if case .inCommand(_, let error) = self { return error.underlyingError }
        return self
    }

    /// The same as ``message``, so interpolating the error prints the sentence, not the case.
    public var description: String { message }

    private static func suggestionSentence(_ suggestion: String?) -> String {
        suggestion.map { " Did you mean '\($0)'?" } ?? ""
    }

    /// `'a'`, `one of 'a' or 'b'`, `one of 'a', 'b' or 'c'`.
    private static func choiceList(_ choices: [String]) -> String {
        let quoted = choices.map { "'\($0)'" }
        guard let last = quoted.last else { return "a value" }
        if quoted.count == 1 { return last }
        return "one of " + quoted.dropLast().joined(separator: ", ") + " or " + last
    }
}
