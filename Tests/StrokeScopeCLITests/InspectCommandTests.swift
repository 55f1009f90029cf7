import Foundation
import Testing
import JSON
@testable import StrokeScopeCLI

@Suite("strokescope inspect")
struct InspectCommandTests {
    static func render(_ model: String, _ extra: [String] = []) throws -> (gif: String, truth: JSONValue) {
        let dir = temporaryDirectory()
        let gif = dir + "/out.gif", truth = dir + "/truth.json"
        let r = strokescope(["render", ModelCommandTests.fixture(model), "-o", gif, "--truth", truth] + extra)
        #expect(r.code == 0, "\(r.err)")
        return (gif, try JSONValue.parse(String(decoding: try Data(contentsOf: URL(fileURLWithPath: truth)), as: UTF8.self)))
    }

    @Test("without a model: one ring, contract fields, angles close to the truth, and the assumption stated")
    func noModel() throws {
        let (gif, truth) = try Self.render("loading-spinner.json", ["--scale", "2", "--duration", "2.4", "--delay-cs", "4"])
        let r = strokescope("inspect", gif, "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONValue.parse(r.out)
        #expect(v["schema"]?.stringValue == "strokescope-inspect/1")
        #expect(v["layers"]?.arrayValue?.count == 1)
        #expect(v["layers"]?[0]?["kind"]?.stringValue == "arc")
        #expect(abs((v["layers"]?[0]?["radius"]?.doubleValue ?? 0) - 40) < 0.5)
        #expect(v["assumptions"]?.arrayValue?.isEmpty == false)
        let frames = try #require(v["frames"]?.arrayValue)
        let truthFrames = try #require(truth["frames"]?.arrayValue)
        #expect(frames.count == truthFrames.count)
        var worst = 0.0
        for (f, t) in zip(frames, truthFrames) {
            guard let m = f["layers"]?[0], let tl = t["layers"]?[0], m["state"]?.stringValue == "arc", tl["state"]?.stringValue == "arc" else { continue }
            for key in ["startAngle", "endAngle"] {
                let a = m[key]?.doubleValue ?? .nan, b = tl[key]?.doubleValue ?? .nan
                let d = abs(a - b).truncatingRemainder(dividingBy: 360)
                worst = max(worst, min(d, 360 - d))
            }
        }
        #expect(worst < 0.6, "worst \(worst)°")
        #expect(v["layers"]?[0]?["period"]?["seconds"]?.doubleValue.map { abs($0 - 1.5) < 0.05 } == true)
    }

    @Test("with the payment model: the ring places the tick, whose strokeEnd is measured")
    func withModel() throws {
        let (gif, truth) = try Self.render("payment-success.json", ["--from", "5.5", "--duration", "2.4", "--delay-cs", "6", "--size", "100x100", "--origin", "-100,-100"])
        let r = strokescope("inspect", gif, "--model", ModelCommandTests.fixture("payment-success.json"), "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONValue.parse(r.out)
        #expect(v["layers"]?.arrayValue?.map { $0["name"]?.stringValue } == ["ring", "tick"])
        #expect(abs((v["scale"]?.doubleValue ?? 0) - 1) < 0.01)
        let frames = try #require(v["frames"]?.arrayValue)
        let truthFrames = try #require(truth["frames"]?.arrayValue)
        var worst = 0.0
        for (f, t) in zip(frames, truthFrames) {
            guard let tick = f["layers"]?[1], let expected = t["layers"]?[1]?["strokeEnd"]?.doubleValue,
                  t["layers"]?[1]?["state"]?.stringValue == "arc", tick["state"]?.stringValue != "unknown" else { continue }
            worst = max(worst, abs((tick["strokeEnd"]?.doubleValue ?? -1) - expected))
        }
        // Within a line width of the tick's corner the reading is `unknown` (skipped above).
        #expect(worst < 0.012, "worst tick strokeEnd error \(worst)")
    }

    @Test("the table names units; bad options and GIFs without a ring get one line and the right code")
    func tableAndErrors() throws {
        let (gif, _) = try Self.render("loading-spinner.json", ["--duration", "0.6"])
        let table = strokescope("inspect", gif)
        #expect(table.code == 0)
        #expect(table.out.contains("start angle (°)"))
        #expect(table.out.contains("time (ms)"))
        let still = writeFile(try encodeStill(), "still.gif")
        let none = strokescope("inspect", still)
        #expect(none.code == 65)
        #expect(none.errLines.count == 1)
        #expect(none.err.contains("no animated ring found"))
        let bad = strokescope("inspect", gif, "--circle", "1,2")
        #expect(bad.code == 64)
        #expect(strokescope("inspect", gif, "--cap", "pointy").code == 64)
    }

    func encodeStill() throws -> [UInt8] {
        let gif = try sampleGIF(delays: [4, 4])
        return Array(try Data(contentsOf: URL(fileURLWithPath: gif)))
    }
}
