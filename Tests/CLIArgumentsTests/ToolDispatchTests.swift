import CLIArguments
import Testing

@Suite("Tool-wide help and version")
struct ToolDispatchTests {
    static let toolHelpRequests: [[String]] = [[], ["--help"], ["-h"], ["help"]]

    @Test("The tool's help answers no arguments, --help, -h and a bare 'help'", arguments: toolHelpRequests)
    func toolHelp(_ arguments: [String]) throws {
        #expect(try Sample.tool.parse(arguments) == .showHelp(Sample.tool.helpText()))
    }

    static let commandHelpRequests: [[String]] = [
        ["help", "info"],
        ["info", "--help"],
        ["info", "-h"],
        ["info", "a.gif", "--format", "xml", "--help"],
        ["info", "--fomat", "-h"],
    ]

    @Test("A command's help answers 'help <command>' and wins over other mistakes", arguments: commandHelpRequests)
    func commandHelp(_ arguments: [String]) throws {
        #expect(try Sample.tool.parse(arguments) == .showHelp(Sample.tool.helpText(for: Sample.info)))
    }

    @Test("--version prints the version string verbatim")
    func version() throws {
        #expect(try Sample.tool.parse(["--version"]) == .showVersion("0.4.0"))
    }

    @Test("--help after '--' is a positional value, not a help request")
    func helpAfterDoubleDash() throws {
        let parsed = try Sample.parse(["info", "--", "--help"])
        #expect(parsed.positional("file.gif") == "--help")
    }
}
