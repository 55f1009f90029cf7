/// One named option of a command: a flag such as `--force`, or an option taking a value such as
/// `--format <format>`.
///
/// The same value drives parsing, error messages and `--help`, so what the parser accepts and what
/// the help promises cannot disagree.
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes (`format` for `--format`); also the key for reading the value.
    public let name: String
    /// The single-letter alias used as `-f`, if any.
    public let shortName: Character?
    /// The name shown for the value, without brackets (`format` shows as `<format>`), or nil
    /// for a flag.
    public let valueName: String?
    /// The help sentence(s); choices and the default are appended by the help formatter.
    public let help: String
    /// The only values accepted, checked while parsing; empty means any value.
    public let choices: [String]
    /// What happens when the option is absent, shown in help only: defaults may depend on context
    /// (such as "table on a terminal") that the parser cannot know.
    public let defaultDescription: String?
    /// Whether the option may be given several times, each occurrence adding a value.
    public let isRepeatable: Bool
    /// Whether the option is left out of help, usage and suggestions while still being accepted.
    public let isHidden: Bool

    /// Declares an option; prefer ``flag(_:short:help:hidden:)`` and
    /// ``option(_:short:value:help:choices:default:repeatable:hidden:)`` at call sites.
    ///
    /// `valueName` may be written with or without its angle brackets. Inconsistent declarations
    /// (a flag with choices, a repeatable flag, a malformed name) are programmer errors and trap.
    public init(
        _ name: String,
        short: Character? = nil,
        value valueName: String? = nil,
        help: String,
        choices: [String] = [],
        default defaultDescription: String? = nil,
        repeatable: Bool = false,
        hidden: Bool = false
    ) {
        precondition(Self.isValidLongName(name), "Option name '\(name)' must be letters, digits and inner dashes")
        precondition(name != "help" && name != "version", "'--\(name)' is reserved for the tool")
        if let short {
            precondition(short.isLetter && short.isASCII, "Short name '\(short)' must be an ASCII letter")
            precondition(short != "h", "'-h' is reserved for help")
        }
        let bareValueName = valueName.map(Self.strippingAngleBrackets)
        if bareValueName == nil {
            precondition(choices.isEmpty, "Flag '--\(name)' cannot have choices")
            precondition(!repeatable, "Flag '--\(name)' cannot be repeatable")
        } else {
            precondition(bareValueName?.isEmpty == false, "Option '--\(name)' needs a non-empty value name")
        }
        self.name = name
        self.shortName = short
        self.valueName = bareValueName
        self.help = help
        self.choices = choices
        self.defaultDescription = defaultDescription
        self.isRepeatable = repeatable
        self.isHidden = hidden
    }

    /// Declares an on/off switch that takes no value.
    public static func flag(
        _ name: String,
        short: Character? = nil,
        help: String,
        hidden: Bool = false
    ) -> OptionSpec {
        OptionSpec(name, short: short, help: help, hidden: hidden)
    }

    /// Declares an option that takes a value, such as `--format <format>`.
    public static func option(
        _ name: String,
        short: Character? = nil,
        value valueName: String,
        help: String,
        choices: [String] = [],
        default defaultDescription: String? = nil,
        repeatable: Bool = false,
        hidden: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            name, short: short, value: valueName, help: help, choices: choices,
            default: defaultDescription, repeatable: repeatable, hidden: hidden
        )
    }

    /// Whether the option is a switch rather than taking a value.
    public var isFlag: Bool { valueName == nil }

    /// `--format`: how errors about the option's presence name it.
    public var longForm: String { "--" + name }

    /// `--format <format>` (or `--force`): how usage lines and errors about its value name it.
    public var usageLabel: String {
        valueName.map { "\(longForm) <\($0)>" } ?? longForm
    }

    static func isValidLongName(_ name: String) -> Bool {
        guard let first = name.first, let last = name.last, first != "-", last != "-" else { return false }
        return name.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "-") && $0.isASCII }
    }

    static func strippingAngleBrackets(_ text: String) -> String {
        guard text.hasPrefix("<"), text.hasSuffix(">"), text.count >= 2 else { return text }
        return String(text.dropFirst().dropLast())
    }
}
