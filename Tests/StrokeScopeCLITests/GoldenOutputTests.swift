import Foundation
import Testing
@testable import StrokeScopeCLI

/// One CLI run whose whole output (stdout, stderr, exit code) is kept as a golden file.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    /// The golden's file name without `.txt`: `<command>-<subject>[.<format>]`.
    let name: String
    /// The arguments after `strokescope`, with paths relative to the package root.
    let arguments: [String]

    var fileName: String { name + ".txt" }
    var testDescription: String { name }

    init(_ name: String, _ arguments: [String]) {
        self.name = name
        self.arguments = arguments
    }

    /// The same run in several formats; `table` passes no `--format`, so the golden also guards
    /// the default a script gets when stdout is not a terminal.
    static func formats(_ name: String, _ arguments: [String], _ formats: [String]) -> [GoldenCase] {
        formats.map { GoldenCase("\(name).\($0)", arguments + ($0 == "table" ? [] : ["--format", $0])) }
    }

    static func gif(_ name: String) -> String { "fixtures/gif/\(name).gif" }
    static func render(_ name: String) -> String { "fixtures/render/\(name).gif" }
    static func model(_ name: String) -> String { "fixtures/models/\(name).json" }

    static let commands = ["info", "frames", "model", "render", "inspect", "fit", "check", "infer", "import"]

    static let help: [GoldenCase] =
        [GoldenCase("help", ["--help"])] + commands.map { GoldenCase("help-\($0)", [$0, "--help"]) }

    /// Render fixtures chosen for coverage at a small cost (fit is the slow command: 2–7 s each
    /// in a debug build): a clean and a spoiled recording of each seed model.
    static let spinnerClean = "spinner-1x-4cs-32-delta"      // 38 delta frames, 32 colours
    static let spinnerSpoiled = "spinner-1x-3cs-spoiled"     // jitter, a late frame, drops, a repeat
    static let paymentClean = "payment-1x-4cs-256"           // the success moment: ring and tick
    static let paymentSpoiled = "payment-1x-4cs-spoiled"     // jitter, late, drop, repeats, odd delays

    static let info: [GoldenCase] =
        formats("info-rotating-arc", ["info", gif("rotating-arc")], ["table", "json", "csv", "markdown"])
        + formats("info-rotating-arc-full-frames", ["info", gif("rotating-arc-full-frames")], ["table", "json"])
        + formats("info-\(spinnerSpoiled)", ["info", render(spinnerSpoiled)], ["table", "json"])

    static let model: [GoldenCase] =
        formats("model-loading-spinner", ["model", model("loading-spinner")], ["table", "json", "csv", "markdown"])
        + formats("model-material-spinner", ["model", model("material-spinner")], ["table", "json"])
        + formats("model-payment-success", ["model", model("payment-success")], ["table", "json"])

    static let inspect: [GoldenCase] =
        formats("inspect-rotating-arc", ["inspect", gif("rotating-arc")], ["table", "json", "csv", "markdown"])
        + formats("inspect-rotating-arc-full-frames", ["inspect", gif("rotating-arc-full-frames")], ["table", "json"])
        + formats("inspect-\(spinnerClean)", ["inspect", render(spinnerClean)], ["table", "json"])
        + formats("inspect-\(spinnerSpoiled)", ["inspect", render(spinnerSpoiled)], ["table", "json"])
        + formats("inspect-\(paymentClean)-with-model", ["inspect", render(paymentClean), "--model", model("payment-success")],
                  ["table", "json", "csv", "markdown"])
        + formats("inspect-\(paymentSpoiled)-with-model", ["inspect", render(paymentSpoiled), "--model", model("payment-success")],
                  ["table", "json"])

    /// `fit` searches the rate unless it is pinned, and that search is most of its time: the
    /// default (searched) run is kept in table and JSON on three fixtures; CSV, Markdown and the
    /// long spoiled payment run pin `--rate 1` (the renderer's delays are exact) to stay fast.
    static let fit: [GoldenCase] =
        formats("fit-\(spinnerClean)", ["fit", render(spinnerClean), "--model", model("loading-spinner")], ["table", "json"])
        + formats("fit-\(spinnerSpoiled)", ["fit", render(spinnerSpoiled), "--model", model("loading-spinner")], ["table", "json"])
        + formats("fit-\(paymentClean)", ["fit", render(paymentClean), "--model", model("payment-success")], ["table", "json"])
        + formats("fit-\(paymentClean)-rate-1", ["fit", render(paymentClean), "--model", model("payment-success"), "--rate", "1"], ["csv", "markdown"])
        + formats("fit-\(paymentSpoiled)-rate-1", ["fit", render(paymentSpoiled), "--model", model("payment-success"), "--rate", "1"], ["table", "json"])

    /// `check` prints one line per file and has no `--format`. The clean spinner's largest timing
    /// error is about 2 ms: it passes the default 20 ms and fails a 1 ms threshold (exit 1). The
    /// batch adds the spoiled spinner, whose late frame is 7° off (over the default 2°), and the
    /// summary line.
    static let check: [GoldenCase] = [
        GoldenCase("check-\(spinnerClean).pass", ["check", render(spinnerClean), "--model", model("loading-spinner"), "--rate", "1"]),
        GoldenCase("check-\(spinnerClean).fail", ["check", render(spinnerClean), "--model", model("loading-spinner"), "--rate", "1",
                                                  "--max-timing-error", "1ms"]),
        GoldenCase("check-batch", ["check", render(spinnerClean), render(spinnerSpoiled), "--model", model("loading-spinner"), "--rate", "1"]),
    ]

    /// `import` of the project's own code snippets (fixtures/code), and a model given as source.
    static let importing: [GoldenCase] = [
        GoldenCase("import-spinner-objc", ["import", "fixtures/code/Spinner.m"]),
        GoldenCase("import-payment-swift.json", ["import", "fixtures/code/PaymentView.swift", "--format", "json"]),
        GoldenCase("model-from-source", ["model", "fixtures/code/PaymentView.swift", "--to", "2", "--step", "0.5"]),
        GoldenCase("import-fixture-folder.json", ["import", "fixtures/code", "--format", "json"]),
        GoldenCase("error-import-missing", ["import", "fixtures/code/NoSuch.m"]),
        GoldenCase("error-import-not-source", ["import", "fixtures/gif/rotating-arc.gif"]),
    ]

    /// What stderr and the exit code say when the command line or an input is wrong.
    static let errors: [GoldenCase] = [
        GoldenCase("error-misspelt-option", ["inspect", gif("rotating-arc"), "--fomat", "json"]),
        GoldenCase("error-bad-format-value", ["info", gif("rotating-arc"), "--format", "xml"]),
        GoldenCase("error-missing-file", ["info", "fixtures/gif/no-such.gif"]),
    ]

    static func movie(_ name: String) -> String { "fixtures/movie-inputs/\(name)" }

    /// Movies (fixtures/movie-inputs, made by scripts/make-movie-input-fixtures.sh): `info` of the constant-rate
    /// H.264 file and of the variable-rate HEVC one, `inspect` and a pinned-rate `fit` of the
    /// latter (timing source `timestamps`), and the error lines of a killed recording (no index),
    /// of a movie with no video and of one in a codec no decoder reads.
    static let movies: [GoldenCase] =
        formats("info-spinner-60fps-mp4", ["info", movie("spinner-60fps.mp4")], ["table", "json"])
        + formats("info-spinner-2x-60fps-vfr-mov", ["info", movie("spinner-2x-60fps-vfr.mov")], ["table"])
        + formats("inspect-spinner-2x-60fps-vfr-mov", ["inspect", movie("spinner-2x-60fps-vfr.mov")], ["table", "json"])
        + formats("fit-spinner-2x-60fps-vfr-mov-rate-1", ["fit", movie("spinner-2x-60fps-vfr.mov"), "--model", model("loading-spinner"), "--rate", "1"], ["table"])
        + [GoldenCase("error-movie-no-index", ["info", movie("truncated-no-index.mov")]),
           GoldenCase("error-movie-no-video", ["inspect", movie("no-video.mov")]),
           GoldenCase("error-movie-unknown-codec", ["check", movie("unknown-codec.mov"), "--model", model("loading-spinner")])]

    static let all: [GoldenCase] = help + info + model + inspect + fit + check + importing + errors + movies
}

@Suite("Golden CLI outputs: help, tables and JSON, byte for byte")
struct GoldenOutputTests {
    @Test("the output of the run is the golden file's, byte for byte", arguments: GoldenCase.all)
    func golden(_ run: GoldenCase) throws {
        try #require(GoldenFile.workingDirectoryIsRoot, "cannot run from the package root \(GoldenFile.packageRoot)")
        let r = strokescope(run.arguments)
        GoldenFile.verify(GoldenFile.document(arguments: run.arguments, code: r.code, out: r.out, err: r.err), name: run.fileName)
    }

    @Test("every command of the tool has a help golden")
    func everyCommandHasHelp() {
        #expect(StrokeScope.tool.commands.map(\.name) == GoldenCase.commands)
    }

    @Test("the golden folder holds no file that no run writes")
    func noStaleGoldens() throws {
        let expected = Set(GoldenCase.all.map(\.fileName) + ["README.md"])
        let present = try FileManager.default.contentsOfDirectory(atPath: GoldenFile.directory)
        let stale = present.filter { !expected.contains($0) }.sorted()
        if GoldenFile.isRecording {
            for name in stale {
                try FileManager.default.removeItem(atPath: GoldenFile.directory + "/" + name)
                Issue.record("removed Goldens/\(name): no run writes it", severity: .warning)
            }
        } else {
            #expect(stale.isEmpty, "golden files no run writes (remove them, or re-record with RECORD_GOLDENS=1): \(stale)")
        }
    }

    @Test("names are unique, so no two runs write the same golden")
    func uniqueNames() {
        let names = GoldenCase.all.map(\.fileName)
        #expect(Set(names).count == names.count)
    }
}

@Suite("Golden line diff")
struct GoldenLineDiffTests {
    @Test("a changed line shows as removed and added, with numbers of both sides and context")
    func changedLine() {
        let diff = LineDiff(expected: "a\nb\nc\nd\n", actual: "a\nb\nX\nd\n")
        #expect(diff.rendered(maxChangedLines: 40) == [
            "2 differing lines (golden 4 lines, output 4 lines)",
            "     1     1 | a",
            "     2     2 | b",
            "-    3       | c",
            "+          3 | X",
            "     4     4 | d",
        ].map { $0 + "\n" }.joined())
    }

    @Test("an inserted line keeps the lines after it paired")
    func insertion() {
        let diff = LineDiff(expected: "1\n2\n3\n4\n5\n6\n", actual: "1\n2\n3\nnew\n4\n5\n6\n")
        #expect(diff.edits.filter { if case .same = $0 { false } else { true } } == [.added(actual: 3)])
    }

    @Test("a missing final newline is a difference, and says so")
    func finalNewline() {
        let text = LineDiff(expected: "a\nb\n", actual: "a\nb").rendered(maxChangedLines: 40)
        #expect(text.contains("no newline at end"))
        #expect(text.hasPrefix("2 differing lines"))
    }

    @Test("trailing blanks are made visible")
    func trailingBlanks() {
        #expect(LineDiff(expected: "a\n", actual: "a  \n").rendered(maxChangedLines: 40).contains("| a··"))
    }

    @Test("only the first differing lines are shown, then a count of the rest")
    func limit() {
        let expected = (0..<100).map { "line \($0)\n" }.joined()
        let actual = (0..<100).map { "LINE \($0)\n" }.joined()
        let text = LineDiff(expected: expected, actual: actual).rendered(maxChangedLines: 40)
        #expect(text.hasPrefix("200 differing lines"))
        #expect(text.hasSuffix("... and 160 more differing lines\n"))
    }
}
