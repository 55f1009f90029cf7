import CLIArguments
import Testing

@Suite("Parsing forms")
struct ParsingFormTests {
    static let formatSpellings: [[String]] = [
        ["info", "a.gif", "--format", "csv"],
        ["info", "a.gif", "--format=csv"],
        ["info", "a.gif", "-f", "csv"],
        ["info", "a.gif", "-fcsv"],
        ["info", "a.gif", "-f=csv"],
        ["info", "--format", "csv", "a.gif"],
    ]

    @Test("Every spelling of an option's value reads the same", arguments: formatSpellings)
    func valueSpellings(_ arguments: [String]) throws {
        let parsed = try Sample.parse(arguments)
        #expect(parsed.value("format") == "csv")
        #expect(parsed.positional("file.gif") == "a.gif")
        #expect(parsed.command.name == "info")
        #expect(parsed.commandPath == "strokescope info")
    }

    static let negativeValues: [([String], String)] = [
        (["--from", "-0.5"], "-0.5"),
        (["--from", "-3"], "-3"),
        (["--from", "-.25"], "-.25"),
        (["--from=-0.5"], "-0.5"),
        (["--from", "-20ms"], "-20ms"),
        (["--model", "-"], "-"),
    ]

    @Test("Values may start with a dash when they read as a negative number or are '-' alone", arguments: negativeValues)
    func negativeNumbersAreValues(_ extra: [String], _ expected: String) throws {
        let parsed = try Sample.parse(["info", "a.gif"] + extra)
        let name = extra[0].hasPrefix("--model") ? "model" : "from"
        #expect(parsed.value(name) == expected)
    }

    @Test("Absent options read as nil, false or empty")
    func absentOptions() throws {
        let parsed = try Sample.parse(["info", "a.gif"])
        #expect(parsed.value("format") == nil)
        #expect(parsed.flag("force") == false)
        #expect(parsed.values("late") == [])
    }

    @Test("Flags are set by long name, short name or inside a group of short flags")
    func flags() throws {
        let parsed = try Sample.parse(["info", "a.gif", "--force", "-q"])
        #expect(parsed.flag("force"))
        #expect(parsed.flag("quiet"))
        let grouped = try Sample.parse(["info", "a.gif", "-qf", "json"])
        #expect(grouped.flag("quiet"))
        #expect(grouped.value("format") == "json")
    }

    @Test("Repeatable options collect every value in order")
    func repeatedOptions() throws {
        let parsed = try Sample.parse(["info", "--late", "3:0.02", "a.gif", "--late=7:40ms"])
        #expect(parsed.values("late") == ["3:0.02", "7:40ms"])
        let converted = try parsed.values("late", as: .frameSeconds)
        #expect(converted == [FrameSeconds(frame: 3, seconds: 0.02), FrameSeconds(frame: 7, seconds: 0.04)])
    }

    @Test("'--' makes everything after it positional, even option-like words")
    func doubleDashEndsOptions() throws {
        let parsed = try Sample.parse(["info", "--force", "--", "--format"])
        #expect(parsed.positional("file.gif") == "--format")
        #expect(parsed.value("format") == nil)
        #expect(parsed.flag("force"))
        let dashed = try Sample.parse(["compare", "--", "-h", "--help", "b.gif"])
        #expect(dashed.positionals("files") == ["-h", "--help", "b.gif"])
    }

    @Test("A repeated argument takes every remaining positional")
    func repeatedPositional() throws {
        let parsed = try Sample.parse(["compare", "a.gif", "-t", "2", "b.gif", "c.gif"])
        #expect(parsed.positionals("files") == ["a.gif", "b.gif", "c.gif"])
        #expect(try parsed.value("threshold", as: .integer()) == 2)
    }

    @Test("An optional argument may be left out")
    func optionalPositional() throws {
        let without = try Sample.parse(["render", "a.gif"])
        #expect(without.positional("out.png") == nil)
        let with = try Sample.parse(["render", "a.gif", "b.png"])
        #expect(with.positional("out.png") == "b.png")
    }

    @Test("A negative number is a positional value rather than an unknown short option")
    func negativePositional() throws {
        let parsed = try Sample.parse(["compare", "-1", "a.gif"])
        #expect(parsed.positionals("files") == ["-1", "a.gif"])
    }

    @Test("An empty '--opt=' value is a value, and is checked against the choices")
    func emptyInlineValue() throws {
        let parsed = try Sample.parse(["info", "a.gif", "--model="])
        #expect(parsed.value("model") == "")
        let error = try #require(Sample.error(["info", "a.gif", "--format="]))
        #expect(error.underlyingError == .invalidChoice("", for: "--format <format>", choices: Sample.formats))
    }

    @Test("Typed reads blame the option's usage label and name the command")
    func typedReadErrors() throws {
        let parsed = try Sample.parse(["info", "a.gif", "--fps", "abc"])
        #expect(throws: UsageError.inCommand(
            "strokescope info",
            .invalidValue("abc", for: "--fps <n>", expected: "a number between 0.05 and 20")
        )) {
            try parsed.value("fps", as: .double(in: .between(0.05, 20)))
        }
        do {
            _ = try parsed.value("fps", as: .double())
            Issue.record("'abc' converted to a number")
        } catch {
            #expect(error.message == "The value 'abc' is invalid for '--fps <n>': expected a number.")
            #expect(error.helpHint == "See 'strokescope info --help'.")
        }
    }

    @Test("Typed reads of positionals blame the argument's label")
    func typedPositionalErrors() throws {
        let parsed = try Sample.parse(["compare", "1", "two"])
        do {
            _ = try parsed.positionals("files", as: .integer())
            Issue.record("'two' converted to an integer")
        } catch {
            #expect(error.message == "The value 'two' is invalid for '<files>': expected an integer.")
        }
    }

    @Test("Every example in the help parses", arguments: Sample.tool.commands.map(\.name))
    func examplesParse(_ name: String) throws {
        let command = try #require(Sample.tool.command(named: name))
        for example in command.examples {
            _ = try Sample.parse([command.name] + example.arguments)
        }
    }
}
