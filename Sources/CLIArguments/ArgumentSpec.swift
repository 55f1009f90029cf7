/// One positional argument of a command, such as the `<file.gif>` of `strokescope info`.
public struct ArgumentSpec: Sendable, Equatable {
    /// The name without brackets (`file.gif` shows as `<file.gif>`); also the key for reading it.
    public let name: String
    /// The help sentence(s) listed under ARGUMENTS.
    public let help: String
    /// Whether the command runs without it.
    public let isOptional: Bool
    /// Whether it soaks up every remaining positional value; only the last argument may be.
    public let isRepeated: Bool

    /// Declares a positional argument; `name` may be written with or without its angle brackets.
    public init(_ name: String, help: String, optional: Bool = false, repeated: Bool = false) {
        let bareName = OptionSpec.strippingAngleBrackets(name)
        precondition(!bareName.isEmpty, "Argument names must not be empty")
        self.name = bareName
        self.help = help
        self.isOptional = optional
        self.isRepeated = repeated
    }

    /// `<file.gif>`: how errors and the ARGUMENTS section name it.
    public var label: String { "<\(name)>" }

    /// How the usage line shows it: `<a>`, `[<a>]`, `<a> ...` or `[<a> ...]`.
    public var usageLabel: String {
        let core = isRepeated ? label + " ..." : label
        return isOptional ? "[\(core)]" : core
    }
}
