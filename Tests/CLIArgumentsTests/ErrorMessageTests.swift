import CLIArguments
import Testing

@Suite("Usage error messages")
struct ErrorMessageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let commandCases: [Case] = [
        Case(arguments: ["info", "a.gif", "--fomat", "csv"], message: "Unknown option '--fomat'. Did you mean '--format'?"),
        Case(arguments: ["info", "a.gif", "--fromat=csv"], message: "Unknown option '--fromat'. Did you mean '--format'?"),
        Case(arguments: ["info", "a.gif", "--xyz"], message: "Unknown option '--xyz'."),
        Case(arguments: ["info", "a.gif", "-x"], message: "Unknown option '-x'."),
        Case(arguments: ["info", "a.gif", "-lat", "3:0.02"], message: "Unknown option '-lat'. Did you mean '--late'?"),
        Case(arguments: ["info", "a.gif", "-qi"], message: "Unknown option '-i'."),
        Case(arguments: ["info", "a.gif", "--model"], message: "Missing value for '--model <file>'."),
        Case(arguments: ["info", "a.gif", "-m"], message: "Missing value for '--model <file>'."),
        Case(arguments: ["info", "a.gif", "--model", "--force"], message: "Missing value for '--model <file>'."),
        Case(
            arguments: ["info", "a.gif", "--format", "xml"],
            message: "The value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'csv', 'json' or 'markdown'."
        ),
        Case(
            arguments: ["info", "a.gif", "-fxml"],
            message: "The value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'csv', 'json' or 'markdown'."
        ),
        Case(arguments: ["info"], message: "Missing expected argument '<file.gif>'."),
        Case(arguments: ["info", "--force"], message: "Missing expected argument '<file.gif>'."),
        Case(arguments: ["compare"], message: "Missing expected argument '<files> ...'."),
        Case(arguments: ["info", "a.gif", "extra.gif"], message: "Unexpected argument 'extra.gif'."),
        Case(arguments: ["render", "a.gif", "b.png", "c.png"], message: "Unexpected argument 'c.png'."),
        Case(arguments: ["info", "a.gif", "--format", "csv", "--format", "json"], message: "Option '--format' given more than once."),
        Case(arguments: ["info", "a.gif", "-f", "csv", "--format=json"], message: "Option '--format' given more than once."),
        Case(arguments: ["info", "a.gif", "--force", "--force"], message: "Option '--force' given more than once."),
        Case(arguments: ["info", "a.gif", "--force=yes"], message: "The flag '--force' does not take a value, but 'yes' was given."),
        Case(arguments: ["info", "a.gif", "-q=yes"], message: "The flag '--quiet' does not take a value, but 'yes' was given."),
    ]

    @Test("Each command-level mistake is explained in one familiar line", arguments: commandCases)
    func commandLevelMessages(_ testCase: Case) throws {
        let error = try #require(Sample.error(testCase.arguments))
        #expect(error.message == testCase.message)
        #expect(!error.message.contains("\n"))
        #expect(error.commandPath == "strokescope " + testCase.arguments[0])
        #expect(error.helpHint == "See 'strokescope \(testCase.arguments[0]) --help'.")
    }

    static let toolCases: [Case] = [
        Case(arguments: ["infi", "a.gif"], message: "Unknown command 'infi'. Did you mean 'info'?"),
        Case(arguments: ["comprae"], message: "Unknown command 'comprae'. Did you mean 'compare'?"),
        Case(arguments: ["analyse", "a.gif"], message: "Unknown command 'analyse'."),
        Case(arguments: ["help", "rendr"], message: "Unknown command 'rendr'. Did you mean 'render'?"),
        Case(arguments: ["help", "info", "extra"], message: "Unexpected argument 'extra'."),
        Case(arguments: ["--verison"], message: "Unknown option '--verison'. Did you mean '--version'?"),
        Case(arguments: ["--format", "csv"], message: "Unknown option '--format'."),
    ]

    @Test("Mistakes before any command point at the tool's own help", arguments: toolCases)
    func toolLevelMessages(_ testCase: Case) throws {
        let error = try #require(Sample.error(testCase.arguments))
        #expect(error.message == testCase.message)
        #expect(error.commandPath == "strokescope")
        #expect(error.helpHint == "See 'strokescope --help'.")
    }

    @Test("The thrown error keeps the mistake apart from the command it happened in")
    func errorStructure() throws {
        let error = try #require(Sample.error(["info", "a.gif", "--fomat", "csv"]))
        #expect(error == .inCommand("strokescope info", .unknownOption("--fomat", suggestion: "--format")))
        #expect(error.underlyingError == .unknownOption("--fomat", suggestion: "--format"))
        #expect("\(error)" == "Unknown option '--fomat'. Did you mean '--format'?")
    }

    @Test("Hidden options are accepted but never suggested")
    func hiddenOptionsAreNotSuggested() throws {
        _ = try Sample.parse(["info", "a.gif", "--debug-timing"])
        let error = try #require(Sample.error(["info", "a.gif", "--debug-timin"]))
        #expect(error.message == "Unknown option '--debug-timin'.")
    }

    static let wordingCases: [(UsageError, String)] = [
        (.invalidChoice("x", for: "--mode <mode>", choices: ["fast"]), "The value 'x' is invalid for '--mode <mode>'. Please provide 'fast'."),
        (.invalidChoice("x", for: "--mode <mode>", choices: ["fast", "exact"]), "The value 'x' is invalid for '--mode <mode>'. Please provide one of 'fast' or 'exact'."),
        (.invalidValue("abc", for: "--fps <n>", expected: "a number"), "The value 'abc' is invalid for '--fps <n>': expected a number."),
        (.missingArgument("<file.gif>"), "Missing expected argument '<file.gif>'."),
        (.unexpectedArgument("extra.gif"), "Unexpected argument 'extra.gif'."),
        (.unknownCommand("infi", suggestion: "info"), "Unknown command 'infi'. Did you mean 'info'?"),
        (.duplicateOption("--format"), "Option '--format' given more than once."),
    ]

    @Test("Every case renders its documented wording", arguments: wordingCases)
    func caseWording(_ error: UsageError, _ message: String) {
        #expect(error.message == message)
        #expect(error.helpHint == nil)
    }
}
