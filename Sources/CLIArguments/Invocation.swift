/// What an invocation asks the tool to do once its arguments are understood.
public enum Invocation: Sendable, Equatable {
    /// Run a command with these arguments.
    case run(ParsedArguments)
    /// Print this help text to standard output and succeed.
    case showHelp(String)
    /// Print this version string to standard output and succeed.
    case showVersion(String)
}
