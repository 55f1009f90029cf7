/// The whole command-line tool: its commands plus the tool-wide `--help`, `-h`,
/// `help <command>` and `--version`, which no command needs to declare.
public struct ToolSpec: Sendable, Equatable {
    /// The executable's name, such as `strokescope`; starts every usage line and help hint.
    public let name: String
    /// Printed verbatim for `--version`.
    public let version: String
    /// One line, shown after OVERVIEW in the tool's help.
    public let abstract: String
    /// Optional longer explanation, wrapped below the overview.
    public let discussion: String?
    /// The commands, in the order the tool's help lists them.
    public let commands: [CommandSpec]

    /// Declares the tool. Duplicate command names, or a command called `help`, trap.
    public init(
        name: String,
        version: String,
        abstract: String,
        discussion: String? = nil,
        commands: [CommandSpec]
    ) {
        let names = commands.map(\.name)
        precondition(Set(names).count == names.count, "Tool '\(name)' declares a command twice")
        precondition(!names.contains("help"), "'help' is reserved for the tool")
        self.name = name
        self.version = version
        self.abstract = abstract
        self.discussion = discussion
        self.commands = commands
    }

    /// The command with this name.
    public func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// Decides what the arguments (without the executable name) ask for.
    ///
    /// No arguments at all yields the tool's help, since there is no default command to run.
    /// Errors are wrapped in ``UsageError/inCommand(_:_:)`` so their help hint names the right help.
    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else { return .showHelp(helpText()) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h":
            return .showHelp(helpText())
        case "--version":
            return .showVersion(version)
        case "help":
            return try parseHelpRequest(rest)
        default:
            break
        }
        if first.hasPrefix("-") {
            let longName = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
            let suggestion = EditDistance.closest(to: longName, among: ["--help", "--version"])
            throw .inCommand(name, .unknownOption(longName, suggestion: suggestion))
        }
        guard let command = command(named: first) else {
            let suggestion = EditDistance.closest(to: first, among: commands.map(\.name))
            throw .inCommand(name, .unknownCommand(first, suggestion: suggestion))
        }
        if ArgumentParser.requestsHelp(rest) {
            return .showHelp(helpText(for: command))
        }
        let path = "\(name) \(command.name)"
        do throws(UsageError) {
            return .run(try ArgumentParser(command: command, commandPath: path).parse(rest))
        } catch {
            throw .inCommand(path, error)
        }
    }

    /// The tool's own help: overview, usage, tool-wide options and the list of commands.
    public func helpText() -> String {
        HelpFormatter.toolHelp(self)
    }

    /// The help of one of the tool's commands, as `help <command>` and `<command> --help` show it.
    public func helpText(for command: CommandSpec) -> String {
        HelpFormatter.commandHelp(command, toolName: name)
    }

    /// `help`, `help <command>`; anything more is a mistake worth reporting rather than ignoring.
    private func parseHelpRequest(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let commandName = arguments.first else { return .showHelp(helpText()) }
        guard let command = command(named: commandName) else {
            let suggestion = EditDistance.closest(to: commandName, among: commands.map(\.name))
            throw .inCommand(name, .unknownCommand(commandName, suggestion: suggestion))
        }
        if arguments.count > 1 {
            throw .inCommand(name, .unexpectedArgument(arguments[1]))
        }
        return .showHelp(helpText(for: command))
    }
}
