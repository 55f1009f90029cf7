import CLIArguments
import Testing

@Suite("Help output")
struct HelpOutputTests {
    static let infoHelp = Sample.tool.helpText(for: Sample.info)
    static let infoLines = infoHelp.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    @Test("A command's help has the sections in swift-argument-parser's order")
    func sectionOrder() throws {
        let headings = ["OVERVIEW: ", "USAGE: ", "ARGUMENTS:", "OPTIONS:", "EXAMPLES:"]
        let positions = try headings.map { heading in
            try #require(Self.infoLines.firstIndex { $0.hasPrefix(heading) }, "missing \(heading)")
        }
        #expect(positions == positions.sorted())
        #expect(Self.infoLines.first == "OVERVIEW: Report a GIF's size, frame timing and palette.")
    }

    @Test("The discussion is wrapped below the overview")
    func discussion() {
        #expect(Self.infoLines[1] == "")
        #expect(Self.infoLines[2] == "Timing is read from each frame's graphic control extension; browsers clamp")
        #expect(Self.infoLines[3] == "delays below 20ms, and the report says where they would.")
    }

    @Test("The usage line lists arguments then visible options, wrapped under its first word")
    func usageLine() {
        let usage = [
            "USAGE: strokescope info <file.gif> [--format <format>] [--model <file>]",
            "       [--fps <n>] [--from <seconds>] [--late <frame:seconds> ...] [--force]",
            "       [--quiet]",
        ]
        #expect(Self.infoHelp.contains(usage.joined(separator: "\n")))
        #expect(!Self.infoHelp.contains("debug-timing"))
    }

    @Test("Options are aligned in a column, with choices and the default after the help")
    func optionRows() {
        let rows = [
            "  <file.gif>              The GIF to inspect.",
            "  -f, --format <format>   How to print the report. (values: table, csv, json,",
            "                          markdown; default: table on a terminal)",
            "  -m, --model <file>      A Core Animation model to compare the frames against.",
            "  --late <frame:seconds>  Mark a frame as expected late by some seconds.",
            "  --force                 Overwrite existing output files.",
            "  -q, --quiet             Print nothing but errors.",
            "  -h, --help              Show help information.",
        ]
        for row in rows {
            #expect(Self.infoLines.contains(row), "missing row: \(row)")
        }
        #expect(Self.infoLines.last(where: { $0.hasPrefix("  -") }) == "  -h, --help              Show help information.")
    }

    @Test("Examples show the full invocation with the explanation beneath")
    func examples() {
        let examples = [
            "EXAMPLES:",
            "  strokescope info spinner.gif",
            "      Print a summary table.",
            "",
            "  strokescope info spinner.gif --format json --late 3:0.02",
        ]
        #expect(Self.infoHelp.hasSuffix(examples.joined(separator: "\n")))
    }

    @Test("A label too wide for the column puts its help on the next line")
    func wideLabel() {
        let help = Sample.tool.helpText(for: Sample.compare)
        #expect(help.contains("""
              -t, --threshold <value>
                                      Largest channel difference treated as equal.
            """))
        #expect(help.contains("USAGE: strokescope compare <files> ... [--threshold <value>]"))
    }

    @Test("Optional arguments are bracketed in the usage line")
    func optionalArgumentUsage() {
        #expect(Sample.tool.helpText(for: Sample.render).contains("USAGE: strokescope render <file.gif> [<out.png>]"))
    }

    @Test("The tool's help lists every command with its abstract")
    func toolHelp() {
        let help = Sample.tool.helpText()
        let expected = """
            OVERVIEW: Measure stroke animations in GIFs against their Core Animation model.

            USAGE: strokescope <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              info                    Report a GIF's size, frame timing and palette.
              compare                 Compare several GIFs frame by frame.
              render                  Render one frame to PNG.

              See 'strokescope help <subcommand>' for detailed help.
            """
        #expect(help == expected)
    }

    /// The tool's page ("") and every command's, by name, so failures name the page.
    static let pages = [""] + Sample.tool.commands.map(\.name)

    @Test("Help fits in 80 columns and has no trailing spaces", arguments: pages)
    func layoutLimits(_ page: String) {
        let help = Sample.tool.command(named: page).map(Sample.tool.helpText(for:)) ?? Sample.tool.helpText()
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "too wide: \(line)")
            #expect(line.last != " ", "trailing space: \(line)")
        }
    }

    @Test("Words are never broken, and a word too long for any line stands alone")
    func longWords() {
        let long = String(repeating: "x", count: 70)
        let command = CommandSpec(
            name: "wrap",
            abstract: "Wrap test.",
            options: [.flag("long", help: "Short words then \(long) and more.")]
        )
        let lines = ToolSpec(name: "t", version: "1", abstract: "T.", commands: [command])
            .helpText(for: command)
            .split(separator: "\n")
            .map(String.init)
        #expect(lines.contains("  --long                  Short words then"))
        #expect(lines.contains(String(repeating: " ", count: 26) + long))
        #expect(lines.contains(String(repeating: " ", count: 26) + "and more."))
    }

    @Test("Help text is the same every time it is generated")
    func deterministic() {
        #expect(Sample.tool.helpText(for: Sample.info) == Self.infoHelp)
    }
}
