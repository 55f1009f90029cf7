import Foundation
import GIFCodec
import JSON
import Raster
import Testing
@testable import StrokeScopeCLI

/// Open strokes (a tick, a cross) found with no model, from the ink the recording draws and
/// keeps; and what must not become one (labels, sliding bars, filled shapes).
@Suite("Open strokes without a model")
struct OpenStrokeTests {
    /// The worst strokeEnd error of `layer` (by name) over the frames the tool read, against
    /// the render's truth (empty = 0, full = 1), and how many frames were compared / unknown.
    static func compare(_ v: JSONValue, _ truth: JSONValue, layer name: String) throws -> (worst: Double, compared: Int, unknown: Int) {
        var worst = 0.0, compared = 0, unknown = 0
        for (f, t) in zip(try #require(v["frames"]?.arrayValue), try #require(truth["frames"]?.arrayValue)) {
            let got = try #require(f["layers"]?.arrayValue?.first { $0["name"]?.stringValue == name })
            let want = try #require(t["layers"]?.arrayValue?.first { $0["name"]?.stringValue == name })
            let expected = want["state"]?.stringValue == "empty" ? 0 : try #require(want["strokeEnd"]?.doubleValue)
            let state = got["state"]?.stringValue
            if state == "unknown" { unknown += 1; continue }
            let measured = state == "empty" ? 0 : try #require(got["strokeEnd"]?.doubleValue)
            worst = max(worst, abs(measured - expected))
            compared += 1
        }
        return (worst, compared, unknown)
    }

    static func pathLayers(_ v: JSONValue) -> [JSONValue] {
        (v["layers"]?.arrayValue ?? []).filter { $0["kind"]?.stringValue == "path" }
    }

    @Test("a tick in a movie is found without a model too (the search reads movies as the rest of inspect does)")
    func tickInMovie() throws {
        let dir = temporaryDirectory()
        let movie = dir + "/tick.mp4", truthPath = dir + "/truth.json"
        let made = strokescope(["render", ModelCommandTests.fixture("tick-only.json"), "-o", movie, "--truth", truthPath,
                                "--scale", "3", "--duration", "1.5", "--fps", "30"])
        #expect(made.code == 0, "\(made.err)")
        let r = strokescope("inspect", movie, "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONValue.parse(r.out)
        let tick = try #require(Self.pathLayers(v).first)
        #expect(tick["name"]?.stringValue == "tick")
        #expect((tick["confidence"]?.doubleValue ?? 0) >= 0.5)
        let truth = try JSONValue.parse(String(decoding: try Data(contentsOf: URL(fileURLWithPath: truthPath)), as: UTF8.self))
        let (worst, compared, _) = try Self.compare(v, truth, layer: "tick")
        #expect(compared >= 30)
        #expect(worst < 0.05, "worst strokeEnd error \(worst)")
    }

    @Test("a tick rendered from a model is found without it: one confident `tick`, its corner, strokeEnd within 0.05 of the render")
    func tick() throws {
        let (gif, truth) = try InspectCommandTests.render("tick-only.json", ["--scale", "3", "--duration", "1.5", "--delay-cs", "4"])
        let r = strokescope("inspect", gif, "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONValue.parse(r.out)
        let paths = Self.pathLayers(v)
        #expect(paths.count == 1)
        let tick = try #require(paths.first)
        #expect(tick["name"]?.stringValue == "tick")
        #expect((tick["confidence"]?.doubleValue ?? 0) >= 0.5)
        #expect(tick["lineCap"]?.stringValue == "round")
        #expect(abs((tick["lineWidth"]?.doubleValue ?? 0) - 12) < 1)
        // The model's points (8, 21) (17, 30) (33, 12) at 3 px per point.
        let points = try #require(tick["points"]?.arrayValue).compactMap { p in p[0]?.doubleValue.flatMap { x in p[1]?.doubleValue.map { (x, $0) } } }
        #expect(points.count == 3)
        for (got, want) in zip(points, [(24.0, 63.0), (51.0, 90.0), (99.0, 36.0)]) {
            #expect(hypot(got.0 - want.0, got.1 - want.1) < 1.5, "\(got) vs \(want)")
        }
        let c = try Self.compare(v, truth, layer: "tick")
        #expect(c.compared >= 30)
        #expect(c.unknown == 0)
        #expect(c.worst < 0.05, "worst strokeEnd error \(c.worst)")
    }

    @Test("a cross is two strokes, split at the crossing and named in drawing order; ends under the other bar read unknown")
    func cross() throws {
        let (gif, truth) = try InspectCommandTests.render("cross-only.json", ["--scale", "3", "--duration", "1.6", "--delay-cs", "4"])
        let r = strokescope("inspect", gif, "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONValue.parse(r.out)
        let paths = Self.pathLayers(v)
        #expect(paths.map { $0["name"]?.stringValue } == ["stroke1", "stroke2"])
        for layer in paths { #expect((layer["confidence"]?.doubleValue ?? 0) >= 0.5) }
        // stroke1 runs from the top left (24, 24) to (96, 96); stroke2 from (24, 96) to (96, 24).
        let first = try #require(paths.first?["points"]?[0]), second = try #require(paths.last?["points"]?[0])
        #expect(abs((first[0]?.doubleValue ?? 0) - 24) < 1.5 && abs((first[1]?.doubleValue ?? 0) - 24) < 1.5)
        #expect(abs((second[0]?.doubleValue ?? 0) - 24) < 1.5 && abs((second[1]?.doubleValue ?? 0) - 96) < 1.5)
        for name in ["stroke1", "stroke2"] {
            let c = try Self.compare(v, truth, layer: name)
            #expect(c.compared >= 34)
            #expect(c.unknown <= 3)
            #expect(c.worst < 0.05, "\(name): worst strokeEnd error \(c.worst)")
        }
    }

    /// A 120×60 recording on white: `draw` paints frame `k` of `count` in blue.
    static func recording(frames count: Int, _ draw: (Int, inout RGBAImage) -> Void) throws -> String {
        let palette: [RGBA] = [.white, RGBA(0, 122, 255)]
        let e = try GIFEncoder(width: 120, height: 60, globalPalette: palette, loopCount: 0)
        for k in 0..<count {
            var image = RGBAImage(width: 120, height: 60, fill: .white)
            draw(k, &image)
            var indices = [UInt8](repeating: 0, count: 120 * 60)
            for i in indices.indices where image.pixels[i * 4] < 128 { indices[i] = 1 }
            try e.add(GIFEncodedFrame(rect: PixelRect(x: 0, y: 0, width: 120, height: 60), indices: indices, delayCentiseconds: 4))
        }
        return writeFile(try e.finish(), "negative.gif")
    }

    /// No confident open stroke: refused, or every path layer tentative.
    static func expectNoConfidentStroke(_ gif: String) throws {
        let r = strokescope("inspect", gif, "--format", "json")
        #expect(r.code == 0 || r.code == 65, "\(r.err)")
        guard r.code == 0 else { return }
        for layer in pathLayers(try JSONValue.parse(r.out)) {
            #expect((layer["confidence"]?.doubleValue ?? 1) < 0.5, "\(layer["name"]?.stringValue ?? "")")
        }
    }

    @Test("a label shown at once is not an open stroke")
    func labelShownAtOnce() throws {
        let gif = try Self.recording(frames: 20) { k, image in
            if k >= 8 { BitmapFont.standard.draw("DONE", into: &image, x: 20, y: 15, color: RGBA(0, 122, 255), scale: 3) }
        }
        try Self.expectNoConfidentStroke(gif)
    }

    @Test("a bar sliding into place along its length is not a stroke drawn on (it leaves ink behind)")
    func slidingBar() throws {
        let gif = try Self.recording(frames: 24) { k, image in
            let x = min(10 + 3 * k, 60)
            image.fill(PixelRect(x: x, y: 26, width: 40, height: 8), with: RGBA(0, 122, 255))
        }
        try Self.expectNoConfidentStroke(gif)
    }

    @Test("a moving label is not an open stroke")
    func movingLabel() throws {
        let gif = try Self.recording(frames: 24) { k, image in
            BitmapFont.standard.draw("OK", into: &image, x: 5 + 2 * min(k, 20), y: 20, color: RGBA(0, 122, 255), scale: 3)
        }
        try Self.expectNoConfidentStroke(gif)
    }

    @Test("a filled disc that grows is not an open stroke")
    func growingDisc() throws {
        let gif = try Self.recording(frames: 20) { k, image in
            let r = Double(2 + k)
            for y in 0..<60 { for x in 0..<120 where hypot(Double(x) + 0.5 - 60, Double(y) + 0.5 - 30) <= min(r, 25) {
                image.fill(PixelRect(x: x, y: y, width: 1, height: 1), with: RGBA(0, 122, 255))
            } }
        }
        try Self.expectNoConfidentStroke(gif)
    }
}
