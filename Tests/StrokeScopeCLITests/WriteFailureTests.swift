import Foundation
import OutputFiles
import Testing
@testable import StrokeScopeCLI

/// Output that does not arrive is never reported as success (CLI-CONTRACT.md, exit 74): a full
/// stdout or output file gives exit 74 and one line naming the output; a closed pipe ends the
/// command with 74 and no message; a file that could not be written completely is not left
/// behind.
@Suite("Write failures")
struct WriteFailureTests {
    static let gif = ModelCommandTests.fixtures + "/../gif/rotating-arc.gif"
    static let spinnerGIF = ModelCommandTests.fixtures + "/../render/spinner-1x-4cs-32-delta.gif"
    static let model = ModelCommandTests.fixture("loading-spinner.json")

    /// Runs with stdout on `descriptor` (stderr collected).
    static func run(_ arguments: [String], stdout descriptor: Int32) -> RunResult {
        let err = BufferSink()
        let code = StrokeScope.run(arguments: arguments, console: Console(out: DescriptorSink(descriptor: descriptor), err: err))
        return RunResult(code: code, out: "", err: err.text)
    }

    static func withFullDevice<R>(_ body: (Int32) -> R) throws -> R {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0, "/dev/full is needed for this test")
        defer { close(fd) }
        return body(fd)
    }

    @Test("stdout on a full device: exit 74 and one line naming stdout", arguments: [
        ["info", gif, "--format", "json"],
        ["inspect", spinnerGIF, "--format", "json"],
        ["model", model, "--to", "1"],
        ["fit", spinnerGIF, "--model", model, "--rate", "1", "--format", "csv", "--jobs", "1"],
    ])
    func fullStdout(_ arguments: [String]) throws {
        let r = try Self.withFullDevice { Self.run(arguments, stdout: $0) }
        #expect(r.code == 74)
        #expect(r.errLines.filter { $0.hasPrefix("error:") } == ["error: stdout: cannot write: No space left on device"])
    }

    @Test("stdout on a closed pipe: exit 74, quietly")
    func closedPipe() throws {
        signal(SIGPIPE, SIG_IGN)  // as the executable does; the write then fails with EPIPE
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let r = Self.run(["info", Self.gif, "--format", "json"], stdout: ends[1])
        #expect(r.code == 74)
        #expect(!r.err.contains("error:"))
    }

    @Test("an output file on a full device: exit 74 and one line naming it", arguments: [
        ["render", model, "-o", "/dev/full", "--force", "--duration", "0.3"],
        ["model", model, "--to", "1", "--svg", "/dev/full", "--force"],
        ["frames", gif, "--sheet", "/dev/full", "--force"],
        ["inspect", spinnerGIF, "--html", "/dev/full", "--force", "--jobs", "1"],
        ["inspect", spinnerGIF, "--overlay", "/dev/full", "--force", "--jobs", "1"],
    ])
    func fullFile(_ arguments: [String]) throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let r = strokescope(arguments)
        #expect(r.code == 74, "\(r.err)")
        let errors = r.errLines.filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors[0].hasPrefix("error: /dev/full: cannot write"), "\(r.err)")
    }

    @Test("an output file appears only when complete: nothing at the path while writing, nothing after a discard")
    func outputFileAppearsWhole() throws {
        let dir = temporaryDirectory()
        let path = dir + "/report.html"
        let file = try OutputFile(path: path, overwrite: false)
        try file.write("<html>")
        #expect(!FileManager.default.fileExists(atPath: path))
        file.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)

        let done = try OutputFile(path: path, overwrite: false)
        try done.write("whole")
        try done.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "whole")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["report.html"])
    }

    @Test("an existing file is kept without overwrite, even when it appears while writing; with it, replaced whole")
    func outputFileNeverClobbers() throws {
        let dir = temporaryDirectory()
        let path = dir + "/a.txt"
        #expect(throws: OutputFileError.exists(path: path)) {
            FileManager.default.createFile(atPath: path, contents: Data("old".utf8))
            _ = try OutputFile(path: path, overwrite: false)
        }
        try FileManager.default.removeItem(atPath: path)
        let racing = try OutputFile(path: path, overwrite: false)
        try racing.write("new")
        FileManager.default.createFile(atPath: path, contents: Data("someone else's".utf8))
        #expect(throws: OutputFileError.exists(path: path)) { try racing.commit() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "someone else's")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.txt"])

        let forced = try OutputFile(path: path, overwrite: true)
        try forced.write("replaced")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "someone else's")
        try forced.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "replaced")
    }

    @Test("a failed write leaves nothing behind and says so in one line")
    func failedWriteRemovesPartialFile() throws {
        let file = try OutputFile(path: "/dev/full", overwrite: true)
        #expect(throws: OutputFileError.cannotWrite(path: "/dev/full", reason: "No space left on device")) {
            try file.write(String(repeating: "x", count: 100_000))
        }
        #expect(OutputFileError.cannotWrite(path: "a.gif", reason: "No space left on device").description
            == "a.gif: cannot write: No space left on device")
    }

    @Test("a render into a missing folder cannot be created: exit 73, no file")
    func cannotCreate() {
        let dir = temporaryDirectory()
        let r = strokescope("render", Self.model, "-o", dir + "/missing/out.gif", "--duration", "0.3")
        #expect(r.code == 73, "\(r.err)")
        #expect(r.errLines.count == 1 && r.err.contains("cannot create"))
    }
}
