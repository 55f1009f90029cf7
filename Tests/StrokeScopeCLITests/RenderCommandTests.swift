import Foundation
import GIFCodec
import JSON
import Testing
@testable import StrokeScopeCLI

@Suite("strokescope render")
struct RenderCommandTests {
    static let models = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fixtures/models").standardized.path
    static let spinner = models + "/loading-spinner.json"
    static let payment = models + "/payment-success.json"

    /// Renders the spinner (12 frames of 3 cs unless `extra` says otherwise) into a fresh
    /// directory; returns the run, the GIF path and the parsed truth.
    static func renderSpinner(_ extra: [String] = []) throws -> (run: RunResult, gif: String, truth: JSONValue) {
        let dir = temporaryDirectory()
        let gif = dir + "/spinner.gif", truth = dir + "/spinner.truth.json"
        let run = strokescope(["render", spinner, "-o", gif, "--truth", truth, "--delay-cs", "3", "--duration", "0.36"] + extra)
        try #require(run.code == 0, "\(run.err)")
        let text = try String(contentsOfFile: truth, encoding: .utf8)
        return (run, gif, try JSONValue.parse(text))
    }

    static func frames(_ truth: JSONValue) -> [JSONValue] { truth["frames"]?.arrayValue ?? [] }

    static func decodedDelays(_ gif: String) throws -> [Int] {
        let decoder = try GIFDecoder(path: gif)
        var delays: [Int] = []
        while let info = try decoder.nextInfo() { delays.append(info.delayCentiseconds) }
        return delays
    }

    // MARK: The truth file

    @Test("the truth file has the contract's shape: schema, canvas, layers, and per frame its times, flags and layer states")
    func truthShape() throws {
        let (run, gif, truth) = try Self.renderSpinner()
        #expect(run.out == "wrote \(gif) (100×100 px, 12 frames, 360 ms)\nwrote \(gif.dropLast(4)).truth.json\n")
        #expect(run.err.isEmpty)
        #expect(truth["schema"]?.stringValue == "strokescope-truth/1")
        #expect(truth["file"]?.stringValue == gif)
        #expect(truth["model"]?.stringValue == "loading-spinner")
        #expect(truth["variables"]?["D"]?.doubleValue == 1.5)
        #expect(truth["canvas"]?["width"]?.intValue == 100)
        #expect(truth["canvas"]?["height"]?.intValue == 100)
        #expect(truth["scale"]?.doubleValue == 1)
        let layer = try #require(truth["layers"]?[0])
        #expect(layer["name"]?.stringValue == "spinner")
        #expect(layer["kind"]?.stringValue == "arc")
        #expect(layer["center"]?.arrayValue?.map(\.doubleValue) == [50, 50])
        #expect(layer["radius"]?.doubleValue == 20)
        #expect(layer["lineWidth"]?.doubleValue == 4)
        #expect(layer["lineCap"]?.stringValue == "butt")
        #expect(layer["strokeColor"]?.stringValue == "#007AFF")

        let frames = Self.frames(truth)
        #expect(frames.count == 12)
        #expect(try Self.decodedDelays(gif) == Array(repeating: 3, count: 12))
        var start = 0.0
        for (i, f) in frames.enumerated() {
            #expect(f["index"]?.intValue == i)
            #expect(abs((f["time"]?.doubleValue ?? -1) - start) < 1e-9)
            #expect(f["delay"]?.doubleValue == 0.03)
            #expect(f["delayCentiseconds"]?.intValue == 3)
            #expect(abs((f["modelTime"]?.doubleValue ?? -1) - Double(i) * 0.03) < 1e-9)
            #expect(f["flags"]?.arrayValue == [])
            let l = try #require(f["layers"]?[0])
            #expect(l["name"]?.stringValue == "spinner")
            let state = try #require(l["state"]?.stringValue)
            #expect(["arc", "empty"].contains(state))
            #expect(l["strokeStart"]?.doubleValue != nil && l["strokeEnd"]?.doubleValue != nil && l["rotation"]?.doubleValue != nil)
            #expect(l["lineWidth"]?.doubleValue == 4)
            if state == "arc" {
                #expect(l["startAngle"]?.doubleValue != nil && l["endAngle"]?.doubleValue != nil)
                #expect(l["center"]?.arrayValue?.map(\.doubleValue) == [50, 50])
                #expect(l["radius"]?.doubleValue == 20)
            } else {
                #expect(l["startAngle"] == nil && l["endAngle"] == nil)
            }
            start += 0.03
        }
        // Frame 0 shows strokeEnd 0: nothing drawn yet.
        #expect(frames[0]["layers"]?[0]?["state"]?.stringValue == "empty")
    }

    @Test("the truth's angles are the model's: the same values `model` prints at each frame's model time")
    func truthMatchesModel() throws {
        let (_, _, truth) = try Self.renderSpinner()
        for f in Self.frames(truth).dropFirst() {
            let t = try #require(f["modelTime"]?.doubleValue)
            let model = strokescope("model", Self.spinner, "--from", "\(t)", "--to", "\(t)", "--format", "json")
            let sample = try #require(try JSONValue.parse(model.out)["samples"]?[0]?["layers"]?[0])
            let layer = try #require(f["layers"]?[0])
            for key in ["strokeStart", "strokeEnd", "startAngle", "endAngle"] {
                let a = try #require(layer[key]?.doubleValue), b = try #require(sample[key]?.doubleValue)
                #expect(abs(a - b) < 1e-5, "\(key) at \(t) s")
            }
        }
    }

    @Test("pixel geometry in the truth follows --scale and --origin; a layer not on a circle has no centre")
    func truthGeometry() throws {
        let dir = temporaryDirectory()
        let r = strokescope("render", Self.payment, "-o", dir + "/p.gif", "--truth", dir + "/p.json", "--scale", "2",
                            "--size", "40x30", "--origin", "-250.5,-260", "--from", "7", "--duration", "0.1", "--delay-cs", "5")
        #expect(r.code == 0, "\(r.err)")
        let truth = try JSONValue.parse(try String(contentsOfFile: dir + "/p.json", encoding: .utf8))
        #expect(truth["canvas"]?["width"]?.intValue == 40)
        #expect(truth["scale"]?.doubleValue == 2)
        #expect(truth["origin"]?.arrayValue?.map(\.doubleValue) == [-250.5, -260])
        let ring = try #require(truth["layers"]?[0]), tick = try #require(truth["layers"]?[1])
        #expect(ring["center"]?.arrayValue?.map(\.doubleValue) == [49.5, 40])
        #expect(ring["radius"]?.doubleValue == 60)
        #expect(ring["lineWidth"]?.doubleValue == 6)
        #expect(tick["kind"]?.stringValue == "path")
        #expect(tick["center"] == nil && tick["radius"] == nil)
        let frame = try #require(Self.frames(truth).first)
        #expect(frame["modelTime"]?.doubleValue == 7)
        #expect(frame["layers"]?[0]?["state"]?.stringValue == "full")
        #expect(frame["layers"]?[1]?["state"]?.stringValue == "arc")
        #expect(frame["layers"]?[1]?["lineWidth"]?.doubleValue == 6)
        #expect(frame["layers"]?[1]?["center"] == nil)
        #expect(abs((frame["layers"]?[1]?["strokeEnd"]?.doubleValue ?? 0) - 0.5) < 1e-9)
    }

    // MARK: Imperfections

    struct Imperfection: Sendable, CustomStringConvertible {
        var arguments: [String]
        /// The frames (of the result) whose model time changes, and their flags; all others keep
        /// the perfect recording's model time and have no flags.
        var changed: [Int: [String]]
        var frameCount: Int = 12
        var delays: [Int] = Array(repeating: 3, count: 12)
        var description: String { arguments.joined(separator: " ") }
    }

    static let imperfections: [Imperfection] = [
        Imperfection(arguments: ["--late", "4:0.05"], changed: [4: ["late"]]),
        Imperfection(arguments: ["--late", "2:0.02", "--late", "9:150ms"], changed: [2: ["late"], 9: ["late"]]),
        Imperfection(arguments: ["--duplicate", "6"], changed: [6: ["duplicate"]]),
        Imperfection(arguments: ["--duplicate", "6", "--duplicate", "7"], changed: [6: ["duplicate"], 7: ["duplicate"]]),
        Imperfection(arguments: ["--drop", "5"], changed: [5: ["droppedBefore"]], frameCount: 11,
                     delays: [3, 3, 3, 3, 6, 3, 3, 3, 3, 3, 3]),
        Imperfection(arguments: ["--drop", "5", "--drop", "6", "--duplicate", "7"], changed: [5: ["duplicate", "droppedBefore"]],
                     frameCount: 10, delays: [3, 3, 3, 3, 9, 3, 3, 3, 3, 3]),
        Imperfection(arguments: ["--delays", "2,5"], changed: [:], delays: (0..<12).map { $0 % 2 == 0 ? 2 : 5 }),
    ]

    @Test("imperfections change exactly the frames asked, and the truth says so", arguments: imperfections)
    func imperfection(_ c: Imperfection) throws {
        let perfect = Self.frames(try Self.renderSpinner().truth)
        let (_, gif, truth) = try Self.renderSpinner(c.arguments)
        let frames = Self.frames(truth)
        #expect(frames.count == c.frameCount)
        #expect(frames.map { $0["delayCentiseconds"]?.intValue } == c.delays.map { Optional($0) })
        #expect(try Self.decodedDelays(gif) == c.delays)
        // Which perfect frame each written frame is (drops renumber the rest).
        var dropped = Set<Int>()
        for (i, a) in c.arguments.enumerated() where a == "--drop" { dropped.insert(Int(c.arguments[i + 1])!) }
        let original = (0..<12).filter { !dropped.contains($0) }
        var start = 0
        for (i, f) in frames.enumerated() {
            let flags = f["flags"]?.arrayValue?.compactMap(\.stringValue)
            #expect(flags == (c.changed[i] ?? []), "frame \(i)")
            let shown = try #require(f["modelTime"]?.doubleValue)
            let expected = try #require(perfect[original[i]]["modelTime"]?.doubleValue)
            if c.changed[i] == nil || c.changed[i] == ["droppedBefore"] {
                #expect(shown == expected, "frame \(i)")
            } else {
                #expect(shown != expected, "frame \(i)")
            }
            #expect(abs((f["time"]?.doubleValue ?? -1) - Double(start) / 100) < 1e-9)
            start += c.delays[i]
        }
        if let late = c.arguments.firstIndex(of: "--late") {
            let parts = c.arguments[late + 1].split(separator: ":")
            let i = Int(parts[0])!
            #expect(abs((frames[i]["modelTime"]?.doubleValue ?? 0) - (Double(i) * 0.03 + Double(parts[1])!)) < 1e-9)
        }
        if c.arguments.contains("--duplicate") {
            for (i, flags) in c.changed where flags.contains("duplicate") {
                #expect(frames[i]["modelTime"] == frames[i - 1]["modelTime"])
                #expect(frames[i]["layers"] == frames[i - 1]["layers"])
            }
        }
    }

    @Test("--rate scales model time and --jitter moves every frame within ±jitter, flagged, the same for the same --seed")
    func rateAndJitter() throws {
        let fast = Self.frames(try Self.renderSpinner(["--rate", "2", "--from", "0.1"]).truth)
        for (i, f) in fast.enumerated() {
            #expect(abs((f["modelTime"]?.doubleValue ?? 0) - (0.1 + 2 * 0.03 * Double(i))) < 1e-9)
            #expect(f["flags"]?.arrayValue == [])
            #expect(f["delayCentiseconds"]?.intValue == 3)
        }
        let a = try Self.renderSpinner(["--jitter", "0.01", "--seed", "5"])
        let b = try Self.renderSpinner(["--jitter", "10ms", "--seed", "5"])
        let c = try Self.renderSpinner(["--jitter", "0.01", "--seed", "6"])
        #expect(Self.frames(a.truth) == Self.frames(b.truth))
        #expect(try Data(contentsOf: URL(fileURLWithPath: a.gif)) == Data(contentsOf: URL(fileURLWithPath: b.gif)))
        #expect(Self.frames(a.truth) != Self.frames(c.truth))
        for (i, f) in Self.frames(a.truth).enumerated() {
            #expect(abs((f["modelTime"]?.doubleValue ?? 1) - 0.03 * Double(i)) <= 0.01 + 1e-9)
            #expect(f["flags"]?.arrayValue == ["jitter"])
            #expect(f["delayCentiseconds"]?.intValue == 3)
        }
    }

    @Test("--fps stores delays whose rounding carries: 30 fps gives 3, 4, 3 cs, each frame at its nearest centisecond")
    func fps() throws {
        let dir = temporaryDirectory()
        let r = strokescope("render", Self.spinner, "-o", dir + "/s.gif", "--truth", dir + "/s.json", "--fps", "30", "--duration", "0.4")
        #expect(r.code == 0, "\(r.err)")
        #expect(try Self.decodedDelays(dir + "/s.gif") == [3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3])
        let frames = Self.frames(try JSONValue.parse(try String(contentsOfFile: dir + "/s.json", encoding: .utf8)))
        for (i, f) in frames.enumerated() {
            #expect(abs((f["modelTime"]?.doubleValue ?? 0) - Double(i) / 30) < 1e-9)
            #expect(abs((f["time"]?.doubleValue ?? 0) - Double(i) / 30) <= 0.005 + 1e-9)
        }
    }

    // MARK: Existing outputs

    @Test("an existing GIF or truth file is refused without --force (nothing written) and replaced with it",
          arguments: ["gif", "truth"])
    func overwrite(existing: String) throws {
        let dir = temporaryDirectory()
        let gif = dir + "/out.gif", truth = dir + "/out.json"
        let kept = existing == "gif" ? gif : truth, other = existing == "gif" ? truth : gif
        _ = FileManager.default.createFile(atPath: kept, contents: Data("keep me".utf8))
        let arguments = ["render", Self.spinner, "-o", gif, "--truth", truth, "--duration", "0.09"]
        let refused = strokescope(arguments)
        #expect(refused.code == 64)
        #expect(refused.errLines == ["error: \(kept): already exists (use --force to overwrite)"])
        #expect(refused.out.isEmpty)
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "keep me")
        #expect(!FileManager.default.fileExists(atPath: other))

        let forced = strokescope(arguments + ["--force"])
        #expect(forced.code == 0, "\(forced.err)")
        #expect(try GIFDecoder(path: gif).screen.width == 100)
        #expect(try JSONValue.parse(String(contentsOfFile: truth, encoding: .utf8))["schema"]?.stringValue == "strokescope-truth/1")
        // And again: --force replaces what --force wrote, byte for byte the same.
        let first = try Data(contentsOf: URL(fileURLWithPath: gif))
        #expect(strokescope(arguments + ["--force"]).code == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: gif)) == first)
    }

    @Test("--truth naming the GIF itself is refused")
    func truthIsOutput() {
        let dir = temporaryDirectory()
        let r = strokescope("render", Self.spinner, "-o", dir + "/a.gif", "--truth", dir + "/./a.gif", "--duration", "0.09")
        #expect(r.code == 64)
        #expect(r.errLines.count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.gif"))
    }

    // MARK: Bad input

    @Test("bad options exit 64 with one error line (and the help hint), writing nothing", arguments: [
        ([], "error: Missing expected option '--output <file>'."),
        (["--fps", "30", "--delay-cs", "3"], "error: The value '30' is invalid for '--fps <n>': expected either --fps or --delay-cs, not both."),
        (["--colors", "300"], "error: The value '300' is invalid for '--colors <n>'"),
        (["--delay-cs", "0"], "error: The value '0' is invalid for '--delay-cs <cs>'"),
        (["--size", "0x10"], "error: The value '0x10' is invalid for '--size <WxH>'"),
        (["--size", "big"], "error: The value 'big' is invalid for '--size <WxH>'"),
        (["--origin", "3"], "error: The value '3' is invalid for '--origin"),
        (["--background", "purple"], "error: The value 'purple' is invalid for '--background <colour>'"),
        (["--dither", "bayer"], "error: The value 'bayer' is invalid for '--dither <method>'"),
        (["--delays", "3,x"], "error: The value '3,x' is invalid for '--delays <cs,cs,...>'"),
        (["--late", "3"], "error: The value '3' is invalid for '--late <frame:seconds>'"),
        (["--late", "99:0.1"], "error: The value '99:0.1' is invalid for '--late <frame:seconds>': expected a frame from 0 to 8 (the recording has 9 frames)."),
        (["--drop", "0"], "error: The value '0' is invalid for '--drop <frame>': expected a frame from 1 to 8 (the recording has 9 frames); frame 0 has no frame before it to take its delay."),
        (["--drop", "9"], "error: The value '9' is invalid for '--drop <frame>'"),
        (["--duplicate", "0"], "error: The value '0' is invalid for '--duplicate <frame>'"),
        (["--duplicate", "12"], "error: The value '12' is invalid for '--duplicate <frame>': expected a frame from 1 to 8 (the recording has 9 frames)."),
        (["--drop", "3", "--duplicate", "3"], "error: The value '3' is invalid for '--duplicate <frame>': expected a frame that is not dropped."),
        (["--set", "Q=1"], "error:"),
        (["--fomat", "json"], "error: Unknown option '--fomat'."),
    ])
    func badOptions(extra: [String], firstLine: String) {
        let dir = temporaryDirectory()
        let output = extra.isEmpty ? [] : ["-o", dir + "/x.gif"]
        let r = strokescope(["render", Self.spinner, "--duration", "0.27"] + output + ["--truth", dir + "/x.json"] + extra)
        #expect(r.code == 64)
        #expect(r.errLines.first?.hasPrefix(firstLine) == true, "\(r.err)")
        #expect(r.errLines.filter { $0.hasPrefix("error:") }.count == 1)
        #expect(r.errLines.count == 1 || (r.errLines.count == 2 && r.errLines[1] == "See 'strokescope render --help'."), "\(r.err)")
        #expect(r.out.isEmpty)
        #expect(try! FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test("a bad model exits 65 with one line naming the field; a missing one exits 66")
    func badModel() throws {
        let bad = writeFile(Array(#"{"format": "strokescope-model/1", "name": "x", "layers": [{"name": "a", "path": {"oval": [0,0,10,10]}, "animations": [{"type": "basic", "keyPath": "strokeEnds"}]}]}"#.utf8), "bad.json")
        let dir = temporaryDirectory()
        let r = strokescope("render", bad, "-o", dir + "/x.gif", "--truth", dir + "/x.json")
        #expect(r.code == 65)
        #expect(r.errLines.count == 1)
        #expect(r.err.contains("layers[0].animations[0].keyPath: unknown key path 'strokeEnds'"))
        let notJSON = writeFile(Array("GIF89a".utf8), "model.json")
        let garbage = strokescope("render", notJSON, "-o", dir + "/y.gif")
        #expect(garbage.code == 65)
        #expect(garbage.errLines.count == 1)
        let missing = strokescope("render", "/no/such/model.json", "-o", dir + "/z.gif")
        #expect(missing.code == 66)
        #expect(missing.errLines.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}
