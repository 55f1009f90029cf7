import CLIArguments
import Testing

/// A small tool shaped like strokescope, so the tests exercise realistic specs without depending
/// on the real commands (which another module owns).
enum Sample {
    static let formats = ["table", "csv", "json", "markdown"]

    static let info = CommandSpec(
        name: "info",
        abstract: "Report a GIF's size, frame timing and palette.",
        discussion: "Timing is read from each frame's graphic control extension; browsers clamp delays below 20ms, and the report says where they would.",
        arguments: [ArgumentSpec("file.gif", help: "The GIF to inspect.")],
        options: [
            .option(
                "format", short: "f", value: "format", help: "How to print the report.",
                choices: formats, default: "table on a terminal"
            ),
            .option("model", short: "m", value: "<file>", help: "A Core Animation model to compare the frames against."),
            .option("fps", value: "n", help: "Frames per second assumed when the GIF has no delays."),
            .option("from", value: "seconds", help: "Start of the time window."),
            .option("late", value: "frame:seconds", help: "Mark a frame as expected late by some seconds.", repeatable: true),
            .flag("force", help: "Overwrite existing output files."),
            .flag("quiet", short: "q", help: "Print nothing but errors."),
            .flag("debug-timing", help: "Print decoder timing.", hidden: true),
        ],
        examples: [
            CommandExample(["spinner.gif"], "Print a summary table."),
            CommandExample(["spinner.gif", "--format", "json", "--late", "3:0.02"]),
        ]
    )

    static let compare = CommandSpec(
        name: "compare",
        abstract: "Compare several GIFs frame by frame.",
        arguments: [ArgumentSpec("files", help: "The GIFs to compare.", repeated: true)],
        options: [.option("threshold", short: "t", value: "value", help: "Largest channel difference treated as equal.")]
    )

    static let render = CommandSpec(
        name: "render",
        abstract: "Render one frame to PNG.",
        arguments: [
            ArgumentSpec("file.gif", help: "The GIF to read."),
            ArgumentSpec("out.png", help: "Where to write the PNG; standard output when absent.", optional: true),
        ]
    )

    static let tool = ToolSpec(
        name: "strokescope",
        version: "0.4.0",
        abstract: "Measure stroke animations in GIFs against their Core Animation model.",
        commands: [info, compare, render]
    )

    /// Parses a command line that must run a command, failing the test otherwise.
    static func parse(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> ParsedArguments {
        let invocation = try tool.parse(arguments)
        guard case .run(let parsed) = invocation else {
            Issue.record("Expected a command to run, got \(invocation)", sourceLocation: sourceLocation)
            throw UsageError.unexpectedArgument("")
        }
        return parsed
    }

    /// The usage error a command line raises, or nil when it parses.
    static func error(_ arguments: [String]) -> UsageError? {
        do {
            _ = try tool.parse(arguments)
            return nil
        } catch {
            return error
        }
    }
}
