import Foundation
import Testing
import JSON
@testable import StrokeScopeCLI

@Suite("strokescope infer and check --reference")
struct InferCommandTests {
    static func render(_ model: String, _ name: String, _ extra: [String]) -> String {
        let gif = temporaryDirectory() + "/\(name).gif"
        let r = strokescope(["render", model, "-o", gif] + extra)
        #expect(r.code == 0, "\(r.err)")
        return gif
    }

    @Test("infer on a render of the payment ring: the 4 s cycle with its two 2 s linear pieces, explained")
    func paymentRing() throws {
        let gif = Self.render(ModelCommandTests.fixture("payment-success.json"), "pay", ["--delay-cs", "8", "--duration", "5.6", "--size", "100x100", "--origin", "-100,-100"])
        let out = temporaryDirectory() + "/model.json"
        let r = strokescope("infer", gif, "-o", out, "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let report = try JSONValue.parse(r.out)
        #expect(report["schema"]?.stringValue == "strokescope-infer/1")
        #expect(report["explains"]?.boolValue == true)
        // 100×100 px is no device's whole screen: the scale is taken as 1 and said to be.
        #expect(report["scaleSource"]?.stringValue?.hasPrefix("assumed") == true)
        #expect((report["fit"]?["maxAngleError"]?.doubleValue ?? 99) < 1)
        let model = try JSONValue.parse(String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self))
        let group = try #require(model["layers"]?[0]?["animations"]?.arrayValue?.last)
        #expect(group["duration"]?.doubleValue == 4)
        let pieces = group["animations"]?.arrayValue ?? []
        let moving = pieces.filter { $0["fromValue"] != $0["toValue"] }
        #expect(moving.count == 2)
        #expect(moving.allSatisfy { $0["duration"]?.doubleValue == 2 && $0["timingFunction"]?.stringValue == "linear" })
        // An existing output is refused without --force.
        let again = strokescope("infer", gif, "-o", out)
        #expect(again.code == 64)
        let swift = strokescope("infer", gif, "--emit", "swift", "--quiet")
        #expect(swift.out.contains("CABasicAnimation(keyPath: \"strokeEnd\")"))
        #expect(swift.out.contains("group.duration = 4"))
    }

    @Test("infer reports unreadable and ring-less files with the contract's exit codes")
    func errors() throws {
        let missing = strokescope("infer", "/no/such.gif")
        #expect(missing.code == 66)
        #expect(missing.errLines.first?.contains("/no/such.gif") == true)
        let blank = strokescope("infer", try sampleGIF())
        #expect(blank.code == 65)
        let bad = strokescope("infer", "/no/such.gif", "--emit", "kotlin")
        #expect(bad.code == 64)
    }

    @Test("check --reference: a re-render with another palette and frame rate passes; a 10 % longer segment fails naming a frame")
    func reference() throws {
        let spinner = ModelCommandTests.fixture("loading-spinner.json")
        let common = ["--duration", "3.2", "--size", "60x60", "--origin", "-20,-20"]
        let approved = Self.render(spinner, "approved", ["--delay-cs", "4"] + common)
        let same = Self.render(spinner, "same", ["--delay-cs", "5", "--colors", "16"] + common)
        let text = try String(contentsOfFile: spinner, encoding: .utf8)
            .replacingOccurrences(of: "\"duration\": \"2*D/3\"", with: "\"duration\": \"1.1*2*D/3\"")
            .replacingOccurrences(of: "\"beginTime\": \"2*D/3\"", with: "\"beginTime\": \"1.1*2*D/3\"")
            .replacingOccurrences(of: "\"duration\": \"D\",", with: "\"duration\": \"D + 0.1\",")
        let slowModel = temporaryDirectory() + "/slow.json"
        try text.write(toFile: slowModel, atomically: true, encoding: .utf8)
        let slow = Self.render(slowModel, "slow", ["--delay-cs", "4"] + common)
        let r = strokescope("check", same, slow, "--reference", approved)
        #expect(r.code == 1, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("PASS \(same)") == true, "\(r.out)")
        let failing = lines.first { $0.hasPrefix("FAIL ") }
        #expect(failing?.hasPrefix("FAIL \(slow)") == true, "\(r.out)")
        #expect(failing?.contains("at frame") == true)
        #expect(lines.last == "1 passed, 1 failed, 0 unreadable")
        let both = strokescope("check", same, "--reference", approved, "--model", spinner)
        #expect(both.code == 64)
    }
}
