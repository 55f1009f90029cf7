import Foundation
import Testing
import JSON
@testable import StrokeScopeCLI

@Suite("strokescope model")
struct ModelCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fixtures/models").standardized.path

    static func fixture(_ name: String) -> String { fixtures + "/" + name }

    @Test("JSON follows the contract: model time in seconds, presented values, angles in degrees")
    func json() throws {
        let r = strokescope("model", Self.fixture("payment-success.json"), "--from", "0.5", "--to", "2.5", "--step", "1", "--format", "json")
        #expect(r.code == 0)
        let v = try JSONValue.parse(r.out)
        #expect(v["schema"]?.stringValue == "strokescope-model-eval/1")
        let samples = try #require(v["samples"]?.arrayValue)
        #expect(samples.map { $0["time"]?.doubleValue } == [0.5, 1.5, 2.5])
        let ring = try #require(samples[0]["layers"]?[0])
        #expect(ring["state"]?.stringValue == "arc")
        #expect(ring["strokeEnd"]?.doubleValue == 0.25)
        #expect(ring["startAngle"]?.doubleValue == 0)
        #expect(ring["endAngle"]?.doubleValue == 90)
        let later = try #require(samples[2]["layers"]?[0])
        #expect(later["startAngle"]?.doubleValue == 90)
        #expect(later["endAngle"]?.doubleValue == 0)
        #expect(samples[0]["layers"]?[1]?["state"]?.stringValue == "absent")
        #expect(samples[0]["layers"]?[1]?["strokeEnd"] == nil)
    }

    @Test("--set rebinds a variable: the success moment moves the tick")
    func set() throws {
        let r = strokescope("model", Self.fixture("payment-success.json"), "--from", "3", "--to", "3", "--set", "success=2.5", "--format", "json")
        let v = try JSONValue.parse(r.out)
        #expect(v["variables"]?["success"]?.doubleValue == 2.5)
        #expect(v["samples"]?[0]?["layers"]?[1]?["state"]?.stringValue == "arc")
    }

    @Test("the table has units in every header and one row per layer and instant")
    func table() {
        let r = strokescope("model", Self.fixture("loading-spinner.json"), "--to", "1", "--step", "250ms")
        #expect(r.code == 0)
        #expect(r.out.contains("time (ms)"))
        #expect(r.out.contains("rotation (°)"))
        #expect(r.out.contains("start angle (°)"))
        #expect(r.out.split(separator: "\n").filter { $0.contains("spinner  ") }.count == 5)
    }

    @Test("bad models and bad --set values get one line and the contract's exit code")
    func errors() throws {
        let bad = writeFile(Array(#"{"format": "strokescope-model/1", "name": "x", "layers": [{"name": "a", "path": {"oval": [0,0,10,10]}, "animations": [{"type": "basic", "keyPath": "strokeEnds"}]}]}"#.utf8), "bad.json")
        let r = strokescope("model", bad)
        #expect(r.code == 65)
        #expect(r.errLines.count == 1)
        #expect(r.err.contains("layers[0].animations[0].keyPath: unknown key path 'strokeEnds' (did you mean 'strokeEnd'?)"))
        #expect(strokescope("model", "/no/model.json").code == 66)
        let unknown = strokescope("model", Self.fixture("loading-spinner.json"), "--set", "Q=1")
        #expect(unknown.code == 64)
        #expect(unknown.err.contains("has no variable 'Q' (the model has: D)"))
        let nan = strokescope("model", Self.fixture("loading-spinner.json"), "--set", "D=0/0")
        #expect(nan.code == 65)
        #expect(nan.errLines.count == 1)
        // A negative duration is Core Animation's default one (CA-TIMING.md §1.3), not an error.
        #expect(strokescope("model", Self.fixture("loading-spinner.json"), "--set", "D=-1", "--to", "1").code == 0)
    }
}
