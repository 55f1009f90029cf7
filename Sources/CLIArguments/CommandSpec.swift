/// Everything about one command that parsing and `--help` need, declared once.
public struct CommandSpec: Sendable, Equatable {
    /// The word that selects the command, such as `info`.
    public let name: String
    /// One line, shown after OVERVIEW and in the tool's list of commands.
    public let abstract: String
    /// Optional longer explanation, wrapped below the overview.
    public let discussion: String?
    /// Positional arguments in the order they are given.
    public let arguments: [ArgumentSpec]
    /// Named options, in the order help lists them.
    public let options: [OptionSpec]
    /// Sample invocations shown under EXAMPLES.
    public let examples: [CommandExample]

    /// Declares a command. Ambiguous declarations trap, since they are programmer errors that no
    /// user input could fix: duplicate names, a required argument after an optional one, or a
    /// repeated argument that is not last.
    public init(
        name: String,
        abstract: String,
        discussion: String? = nil,
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        examples: [CommandExample] = []
    ) {
        precondition(OptionSpec.isValidLongName(name), "Command name '\(name)' must be letters, digits and inner dashes")
        precondition(Self.allUnique(options.map(\.name)), "Command '\(name)' declares an option name twice")
        precondition(Self.allUnique(options.compactMap(\.shortName)), "Command '\(name)' declares a short name twice")
        precondition(Self.allUnique(arguments.map(\.name)), "Command '\(name)' declares an argument name twice")
        for (index, argument) in arguments.enumerated() {
            precondition(
                !argument.isRepeated || index == arguments.count - 1,
                "Only the last argument of '\(name)' may be repeated"
            )
            precondition(
                argument.isOptional || arguments[..<index].allSatisfy { !$0.isOptional },
                "Required argument '\(argument.name)' of '\(name)' follows an optional one"
            )
        }
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
    }

    /// The declared option with this long name (without dashes), hidden ones included.
    public func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// The declared positional argument with this name (without brackets).
    public func argument(named name: String) -> ArgumentSpec? {
        arguments.first { $0.name == name }
    }

    private static func allUnique<T: Hashable>(_ items: [T]) -> Bool {
        Set(items).count == items.count
    }
}
