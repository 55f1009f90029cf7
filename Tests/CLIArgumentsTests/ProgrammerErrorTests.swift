import CLIArguments
import Testing

/// Lookups the spec cannot answer are bugs in the tool, so they must stop it rather than read as
/// "not given".
@Suite("Programmer errors")
struct ProgrammerErrorTests {
    @Test("Reading an option the command does not declare stops the process")
    func undeclaredOption() async {
        await #expect(processExitsWith: .failure) {
            let parsed = try Sample.parse(["info", "a.gif"])
            _ = parsed.value("colour")
        }
    }

    @Test("Reading an argument the command does not declare stops the process")
    func undeclaredArgument() async {
        await #expect(processExitsWith: .failure) {
            let parsed = try Sample.parse(["info", "a.gif"])
            _ = parsed.positional("file")
        }
    }

    @Test("Reading a flag as a value stops the process")
    func flagReadAsValue() async {
        await #expect(processExitsWith: .failure) {
            let parsed = try Sample.parse(["info", "a.gif"])
            _ = parsed.value("force")
        }
    }

    @Test("Declaring two options with one name stops the process")
    func duplicateDeclaration() async {
        await #expect(processExitsWith: .failure) {
            _ = CommandSpec(
                name: "twice",
                abstract: "Declares --force twice.",
                options: [.flag("force", help: "One."), .flag("force", help: "Two.")]
            )
        }
    }
}
