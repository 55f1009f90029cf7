/// A sample invocation for the EXAMPLES section of a command's help.
///
/// The arguments are stored split, without the tool and command names, so the help prints the
/// current names and a test can feed each example through the parser to prove it still parses.
public struct CommandExample: Sendable, Equatable {
    /// The arguments after the command name, one element per shell word.
    public let arguments: [String]
    /// What the example does, printed beneath it.
    public let explanation: String?

    /// Declares an example from its shell words and an optional explanation.
    public init(_ arguments: [String], _ explanation: String? = nil) {
        self.arguments = arguments
        self.explanation = explanation
    }
}
