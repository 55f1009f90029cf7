import Foundation
import JSON
import Testing
@testable import StrokeScopeCLI

@Suite("strokescope render to a movie")
struct RenderMovieCommandTests {
    static let spinner = RenderCommandTests.spinner

    /// Renders the spinner into `name` in a fresh directory with a truth file.
    static func render(_ name: String, _ extra: [String]) throws -> (run: RunResult, movie: String, truth: JSONValue) {
        let dir = temporaryDirectory()
        let movie = dir + "/" + name, truth = dir + "/truth.json"
        let run = strokescope(["render", spinner, "-o", movie, "--truth", truth] + extra)
        try #require(run.code == 0, "\(run.err)")
        return (run, movie, try JSONValue.parse(String(contentsOfFile: truth, encoding: .utf8)))
    }

    @Test("a 60 Hz MP4 by default: exact times i/60 on the 90 kHz clock, no centiseconds in the truth")
    func constantRate() throws {
        let (run, movie, truth) = try Self.render("s.mp4", ["--duration", "0.5"])
        #expect(run.out == "wrote \(movie) (100×100 px, 30 frames, 500 ms, H.264)\nwrote \(movie.dropLast(5))truth.json\n")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: movie))
        #expect(String(decoding: bytes[4..<12], as: UTF8.self) == "ftypisom")
        #expect(truth["timing"]?["source"]?.stringValue == "timestamps")
        #expect(truth["timing"]?["ticksPerSecond"]?.intValue == 90_000)
        let frames = truth["frames"]?.arrayValue ?? []
        #expect(frames.count == 30)
        for (i, f) in frames.enumerated() {
            #expect(f["index"]?.intValue == i)
            #expect(f["pts"]?.intValue == 1500 * i)
            #expect(abs((f["time"]?.doubleValue ?? -1) - Double(i) / 60) < 1e-9)
            #expect(abs((f["delay"]?.doubleValue ?? -1) - 1.0 / 60) < 1e-9)
            #expect(f["delayCentiseconds"] == nil)
            #expect(abs((f["modelTime"]?.doubleValue ?? -1) - Double(i) / 60) < 1e-9)
        }
    }

    @Test("--vfr leaves out a held frame: the frame before lasts two intervals, the next keeps its time")
    func variableRate() throws {
        let (run, _, truth) = try Self.render("s.mov", ["--codec", "hevc", "--vfr", "--duplicate", "5", "--fps", "120", "--duration", "0.1"])
        #expect(run.out.contains("(100×100 px, 11 frames, 1 held frame left out, 100 ms, HEVC)"))
        let frames = truth["frames"]?.arrayValue ?? []
        #expect(frames.map { $0["pts"]?.intValue ?? -1 } == [0, 750, 1500, 2250, 3000, 4500, 5250, 6000, 6750, 7500, 8250])
        #expect(abs((frames[4]["delay"]?.doubleValue ?? -1) - 2.0 / 120) < 1e-9)
        #expect(frames[5]["flags"]?.arrayValue == [.string("heldBefore")])
        #expect(truth["timing"]?["variableFrameRate"] == .bool(true))
    }

    @Test("an odd canvas is rounded up to even sides, and the message says so")
    func oddCanvas() throws {
        let (run, _, truth) = try Self.render("s.mp4", ["--size", "101x75", "--duration", "0.05"])
        #expect(run.out.contains("(102×76 px, 101×75 rounded up to even sides, 3 frames"))
        #expect(truth["canvas"]?["width"]?.intValue == 102 && truth["canvas"]?["height"]?.intValue == 76)
    }

    @Test("options of the other kind of output are refused (exit 64)", arguments: [
        ["s.mp4", "--colors", "32"], ["s.mov", "--delta-frames"], ["s.mp4", "--delay-cs", "2"], ["s.mp4", "--background", "transparent"],
        ["s.gif", "--codec", "hevc"], ["s.gif", "--vfr"], ["s.gif", "--crf", "20"], ["s.mp4", "--late", "2:0.05"],
    ])
    func refusedOptions(_ arguments: [String]) throws {
        let dir = temporaryDirectory()
        let run = strokescope(["render", Self.spinner, "-o", dir + "/" + arguments[0], "--duration", "0.2"] + arguments.dropFirst())
        #expect(run.code == 64, "\(run.err)")
        #expect(run.errLines.first?.hasPrefix("error: The value") == true, "\(run.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test("an existing movie is kept without --force (exit 64), replaced with it")
    func existing() throws {
        let dir = temporaryDirectory()
        let movie = dir + "/s.mp4"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: movie))
        let refused = strokescope(["render", Self.spinner, "-o", movie, "--duration", "0.1"])
        #expect(refused.code == 64)
        #expect(refused.err == "error: \(movie): already exists (use --force to overwrite)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: movie)) == Data("keep".utf8))
        #expect(strokescope(["render", Self.spinner, "-o", movie, "--duration", "0.1", "--force"]).code == 0)
    }

    @Test("a movie on a full device: exit 74 and one line naming it")
    func fullDevice() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let link = temporaryDirectory() + "/full.mp4"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/full")
        let run = strokescope(["render", Self.spinner, "-o", link, "--force", "--duration", "0.2"])
        #expect(run.code == 74)
        #expect(run.err == "error: \(link): cannot write: No space left on device\n")
        #expect(run.out.isEmpty)
    }
}
