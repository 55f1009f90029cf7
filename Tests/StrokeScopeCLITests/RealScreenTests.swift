import Foundation
import Testing
import JSON
@testable import StrokeScopeCLI

/// What real screens carry besides the stroke: tracks, ticks, other moving content.
@Suite("Real screens: tracks, confidence, path-only models")
struct RealScreenTests {
    /// The largest end-angle difference (degrees) over the frames where both read `arc`, and
    /// the states that differ.
    static func compare(_ frames: [JSONValue], _ truth: [JSONValue], layer: Int = 0, truthLayer: Int) -> (worst: Double, wrongStates: [Int]) {
        var worst = 0.0, wrong: [Int] = []
        for (i, (f, t)) in zip(frames, truth).enumerated() {
            guard let m = f["layers"]?[layer], let tl = t["layers"]?[truthLayer] else { continue }
            let got = m["state"]?.stringValue, want = tl["state"]?.stringValue
            // Within a degree of 0 or 360 an arc is as good as empty or full.
            let span = ((tl["endAngle"]?.doubleValue ?? 0) - (tl["startAngle"]?.doubleValue ?? 0) + 360).truncatingRemainder(dividingBy: 360)
            if got != want && !(want == "arc" && (span < 2 || span > 358)) { wrong.append(i) }
            guard got == "arc", want == "arc", let e = m["endAngle"]?.doubleValue, let te = tl["endAngle"]?.doubleValue else { continue }
            let d = abs(e - te).truncatingRemainder(dividingBy: 360)
            worst = max(worst, min(d, 360 - d))
        }
        return (worst, wrong)
    }

    @Test("a progress ring over a grey track at its own radius: the progress is read, the track listed as a track",
          arguments: ["progress-over-track.json", "progress-beside-track.json"])
    func track(model: String) throws {
        let (gif, truth) = try InspectCommandTests.render(model, ["--duration", "2.4", "--delay-cs", "4"])
        let r = strokescope("inspect", gif, "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONValue.parse(r.out)
        let layers = try #require(v["layers"]?.arrayValue)
        #expect(layers.count == 1)
        #expect(layers.first?["strokeColor"]?.stringValue == "#007AFF")
        #expect(layers.first?["confidence"]?.doubleValue == 1)
        let tracks = try #require(v["tracks"]?.arrayValue)
        #expect(tracks.count == 1)
        #expect(tracks.first?["under"]?.stringValue == "ring")
        let expectedRadius = model == "progress-over-track.json" ? 30.0 : 34.0
        #expect(abs((tracks.first?["radius"]?.doubleValue ?? 0) - expectedRadius) < 0.5)
        let (worst, wrong) = Self.compare(try #require(v["frames"]?.arrayValue), try #require(truth["frames"]?.arrayValue), truthLayer: 1)
        #expect(wrong.isEmpty, "states differ in frames \(wrong)")
        #expect(worst < 0.5, "worst end \(worst)°")
    }

    @Test("with the model, the grey track layer and the blue progress layer at one place are two readings")
    func trackLayerWithModel() throws {
        let (gif, truth) = try InspectCommandTests.render("progress-over-track.json", ["--duration", "2.4", "--delay-cs", "4"])
        let r = strokescope("inspect", gif, "--model", ModelCommandTests.fixture("progress-over-track.json"), "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONValue.parse(r.out)
        #expect(v["layers"]?.arrayValue?.map { $0["strokeColor"]?.stringValue } == ["#D1D1D6", "#007AFF"])
        // The track layer is read, but the model animates nothing on it: not an animated stroke.
        #expect(v["layers"]?[0]?["confidence"]?.doubleValue == 0.3)
        #expect(v["layers"]?[0]?["warnings"]?.arrayValue?.first?.stringValue?.contains("the model animates nothing on this layer") == true)
        #expect(v["layers"]?[1]?["confidence"]?.doubleValue == 1)
        let (worst, wrong) = Self.compare(try #require(v["frames"]?.arrayValue), try #require(truth["frames"]?.arrayValue), layer: 1, truthLayer: 1)
        #expect(wrong.isEmpty, "states differ in frames \(wrong)")
        #expect(worst < 0.5, "worst end \(worst)°")
    }

    @Test("a model of a tick alone is placed from its ink: scale and offset exact, strokeEnd within 0.01")
    func tickOnlyModel() throws {
        let (gif, truth) = try InspectCommandTests.render("tick-only.json", ["--scale", "3", "--duration", "1.5", "--delay-cs", "4"])
        let r = strokescope("inspect", gif, "--model", ModelCommandTests.fixture("tick-only.json"), "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONValue.parse(r.out)
        #expect(abs((v["scale"]?.doubleValue ?? 0) - 3) < 0.03)
        #expect(v["assumptions"]?.arrayValue?.contains { $0.stringValue?.contains("fitted to the extent of the ink") == true } == true)
        var worst = 0.0, compared = 0
        for (f, t) in zip(try #require(v["frames"]?.arrayValue), try #require(truth["frames"]?.arrayValue)) {
            guard let expected = t["layers"]?[0]?["strokeEnd"]?.doubleValue, t["layers"]?[0]?["state"]?.stringValue == "arc",
                  let got = f["layers"]?[0]?["strokeEnd"]?.doubleValue else { continue }
            worst = max(worst, abs(got - expected))
            compared += 1
        }
        #expect(compared >= 8)
        #expect(worst < 0.01, "worst strokeEnd error \(worst)")
    }

    @Test("without a model a tick is not a confident ring: the circle fitted through it is left out, and the tick is an open stroke")
    func tickIsNotARing() throws {
        let (gif, _) = try InspectCommandTests.render("tick-only.json", ["--scale", "3", "--duration", "1.5", "--delay-cs", "4"])
        let r = strokescope("inspect", gif, "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONValue.parse(r.out)
        let layers = try #require(v["layers"]?.arrayValue)
        for layer in layers where layer["kind"]?.stringValue == "arc" {
            #expect((layer["confidence"]?.doubleValue ?? 1) < 0.5)
            #expect(layer["warnings"]?.arrayValue?.isEmpty == false)
        }
        #expect(layers.map { $0["name"]?.stringValue } == ["tick"])
        #expect(v["assumptions"]?.arrayValue?.contains { $0.stringValue?.contains("fitted through the open strokes' ink") == true } == true)
    }

    @Test("when nothing is found, stderr lists the candidate circles with the --circle that selects each")
    func candidates() throws {
        // The spinner's first 0.12 s: a few degrees of arc, too little of a circle for a ring.
        let (gif, _) = try InspectCommandTests.render("loading-spinner.json", ["--from", "0", "--duration", "0.12", "--delay-cs", "4"])
        let r = strokescope("inspect", gif)
        #expect(r.code == 65)
        let lines = r.err.split(separator: "\n")
        #expect(lines.first?.contains("no animated ring found") == true)
        #expect(lines.count >= 2)
        for line in lines.dropFirst() {
            #expect(line.hasPrefix("note: candidate circle at ("))
            #expect(line.contains("select it with --circle "))
        }
    }
}
