import Foundation
import Testing
import JSON
import Reports
@testable import StrokeScopeCLI

@Suite("strokescope info")
struct InfoCommandTests {
    @Test("the table shows the screen, loop count, duration and one row per frame with units")
    func table() throws {
        let r = strokescope("info", try sampleGIF(), "--format", "table")
        #expect(r.code == 0)
        #expect(r.out.contains("screen (px):"))
        #expect(r.out.contains("8×6"))
        #expect(r.out.contains("0 (forever)"))
        #expect(r.out.contains("total duration (ms):      160"))
        #expect(r.out.contains("start (ms)"))
        #expect(r.out.contains("delay (cs)"))
        #expect(r.err.isEmpty)
    }

    @Test("JSON uses seconds and the contract's field names")
    func json() throws {
        let r = strokescope("info", try sampleGIF(), "--format", "json")
        #expect(r.code == 0)
        let v = try JSONValue.parse(r.out)
        #expect(v["schema"]?.stringValue == "strokescope-info/1")
        #expect(v["loopCount"]?.intValue == 0)
        #expect(v["frameCount"]?.intValue == 3)
        #expect(v["duration"]?.doubleValue == 0.16)
        let frames = try #require(v["frames"]?.arrayValue)
        #expect(frames.map { $0["time"]?.doubleValue } == [0.0, 0.04, 0.08])
        #expect(frames.map { $0["delay"]?.doubleValue } == [0.04, 0.04, 0.08])
        #expect(frames.map { $0["delayCentiseconds"]?.intValue } == [4, 4, 8])
        #expect(frames[1]["rect"]?["x"]?.intValue == 1)
        #expect(frames[1]["disposal"]?.stringValue == "none")
        #expect(frames[0]["transparentIndex"]?.isNull == true)
    }

    @Test("no loop block means play once, reported as null")
    func noLoop() throws {
        let v = try JSONValue.parse(strokescope("info", try sampleGIF(loop: nil), "--format", "json").out)
        #expect(v["loopCount"]?.isNull == true)
    }

    @Test("CSV has a header with units and one line per frame")
    func csv() throws {
        let lines = strokescope("info", try sampleGIF(), "--format", "csv").out.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("frame,start (ms),delay (cs),delay (ms)"))
        #expect(lines[2].hasPrefix("1,40,4,40,1,0,1,6,none,,0,false"))
    }

    @Test("Markdown is a pipe table")
    func markdown() throws {
        let out = strokescope("info", try sampleGIF(), "--format", "markdown").out
        #expect(out.contains("| frame | start (ms) |"))
        #expect(out.contains("---:"))
    }

    @Test("delay policies change effective delays, not raw ones", arguments: [
        ("raw", [0.0, 0.01, 0.01], 0.02),
        ("browser", [0.1, 0.1, 0.1], 0.3),
        ("ffmpeg", [0.1, 0.1, 0.1], 0.3),
    ])
    func delayPolicy(policy: String, delays: [Double], total: Double) throws {
        let r = strokescope("info", try sampleGIF(delays: [0, 1, 1]), "--format", "json", "--delay-policy", policy, "--quiet")
        let v = try JSONValue.parse(r.out)
        let frames = try #require(v["frames"]?.arrayValue)
        #expect(frames.map { $0["delay"]?.doubleValue } == delays)
        #expect(frames.map { $0["delayCentiseconds"]?.intValue } == [0, 1, 1])
        #expect(v["duration"]?.doubleValue == total)
    }

    @Test("zero delays under the raw policy are warned about with a suggestion")
    func zeroDelayWarning() throws {
        let r = strokescope("info", try sampleGIF(delays: [0, 4, 0]), "--format", "json")
        #expect(r.code == 0)
        #expect(r.errLines.count == 1)
        #expect(r.err.contains("--delay-policy browser"))
        #expect(strokescope("info", try sampleGIF(delays: [0, 4, 0]), "--delay-policy", "browser").err.isEmpty)
        #expect(strokescope("info", try sampleGIF(delays: [0, 4, 0]), "--quiet").err.isEmpty)
    }

    @Test("--fps spaces frames evenly and ignores the delays")
    func fps() throws {
        let v = try JSONValue.parse(strokescope("info", try sampleGIF(), "--format", "json", "--fps", "50").out)
        #expect(v["frames"]?.arrayValue?.map { $0["time"]?.doubleValue } == [0.0, 0.02, 0.04])
        #expect(v["timing"]?["fps"]?.doubleValue == 50)
    }
}
