import Testing
import AnimationModel
@testable import Fitting

/// A ring drawn by a strokeEnd animation, then erased by a strokeStart one: `first` and
/// `second` are the two durations (numbers or variable names), both added at model time 0.
private func drawThenErase(first: String, second: String, variables: String) throws -> ModelDocument {
    try ModelLoader.load(json: """
    {
      "format": "strokescope-model/1",
      "name": "draw-then-erase",
      "variables": { \(variables) },
      "layers": [
        {
          "name": "ring",
          "path": { "arc": { "center": [50, 50], "radius": 20, "startAngle": "-pi/2", "endAngle": "3*pi/2", "clockwise": true } },
          "frame": [0, 0, 100, 100],
          "lineWidth": 4,
          "strokeColor": "#007AFF",
          "animations": [
            { "type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1,
              "duration": "\(first)", "fillMode": "both", "removedOnCompletion": false },
            { "type": "basic", "keyPath": "strokeStart", "fromValue": 0, "toValue": 1,
              "beginTime": "now + \(first)", "duration": "\(second)", "fillMode": "both", "removedOnCompletion": false }
          ]
        }
      ]
    }
    """, file: "draw-then-erase.json")
}

@Suite("Rate and free variables that trade off")
struct RateDegeneracyTests {
    @Test("every time of the model is a free duration: rate held at 1, the duration absorbs the scale, and the report says so")
    func degenerate() throws {
        let doc = try drawThenErase(first: "D", second: "D", variables: #""D": { "value": 0.8, "fit": [0.2, 4] }"#)
        let truth = try doc.resolve(overrides: ["D": 1.2])
        // Recorded at rate 0.8 (the animation plays slow): only D ÷ rate = 1.5 s is in the frames.
        let times = (0..<60).map { Double($0) * 0.05 }
        let frames = synthetic(truth, times: times, phase: -0.1, rate: 0.8, delay: 0.05)
        let r = try Fitter().fit(doc, frames: frames)
        let found = try #require(r.rateDegeneracy)
        #expect(found.held && r.rateHeld && !r.ratePinned)
        #expect(found.variables == ["D"])
        #expect(r.rate == 1)
        #expect(abs(r.variables["D"]! - 1.5) < 0.003)
        #expect(found.note.contains("rate and D are not separately determined by this recording"))
        #expect(found.note.contains("rate held at 1"))
        // The rate is listed, undetermined and without a standard error; D has one (on the clock).
        let rate = try #require(r.parameters.first { $0.name == "rate" })
        #expect(!rate.determined && rate.standardError == nil && rate.value == 1)
        let d = try #require(r.parameters.first { $0.name == "D" })
        #expect(d.determined && d.standardError != nil)
        #expect((r.rmsAngleError ?? 99) < 0.2)
    }

    @Test("the same recording through a model that declares other values ends at the same rate and duration")
    func independentOfDeclaredValues() throws {
        let truth = try drawThenErase(first: "1.2", second: "1.2", variables: "").resolve()
        let times = (0..<60).map { Double($0) * 0.05 }
        let frames = synthetic(truth, times: times, phase: -0.1, rate: 0.8, delay: 0.05)
        let a = try Fitter().fit(try drawThenErase(first: "D", second: "D", variables: #""D": { "value": 0.5, "fit": [0.2, 2] }"#), frames: frames)
        let b = try Fitter().fit(try drawThenErase(first: "D", second: "D", variables: #""D": { "value": 2, "fit": [0.05, 10] }"#), frames: frames)
        #expect(a.rate == 1 && b.rate == 1)
        #expect(abs(a.variables["D"]! - b.variables["D"]!) < 0.003)
    }

    @Test("a fixed-duration piece beside the free one separates them: rate and duration both fitted")
    func separable() throws {
        let doc = try drawThenErase(first: "1", second: "E", variables: #""E": { "value": 0.8, "fit": [0.2, 4] }"#)
        let truth = try doc.resolve(overrides: ["E": 1.4])
        let times = (0..<60).map { Double($0) * 0.05 }
        let frames = synthetic(truth, times: times, phase: -0.1, rate: 0.8, delay: 0.05)
        let r = try Fitter().fit(doc, frames: frames)
        #expect(r.rateDegeneracy == nil && !r.rateHeld)
        #expect(abs(r.rate - 0.8) < 0.002)
        #expect(abs(r.variables["E"]! - 1.4) < 0.01)
        #expect(r.parameters.first { $0.name == "rate" }?.determined == true)
        #expect(r.parameters.first { $0.name == "E" }?.determined == true)
    }

    @Test("the trade-off cannot reach rate 1 within the duration's range: the rate is left, and it and the duration are undetermined, with the note")
    func outOfRange() throws {
        let doc = try drawThenErase(first: "D", second: "D", variables: #""D": { "value": 0.8, "fit": [0.2, 1.3] }"#)
        let truth = try doc.resolve(overrides: ["D": 1.2])
        // At rate 0.5 the frames show D ÷ rate = 2.4 s: at rate 1, D would be 2.4, beyond 1.3.
        let times = (0..<100).map { Double($0) * 0.05 }
        let frames = synthetic(truth, times: times, phase: -0.1, rate: 0.5, delay: 0.05)
        let r = try Fitter().fit(doc, frames: frames)
        let found = try #require(r.rateDegeneracy)
        #expect(!found.held && !r.rateHeld)
        #expect(found.variables == ["D"])
        #expect(abs(r.variables["D"]! / r.rate - 2.4) < 0.01)
        #expect(found.note.contains("could not be held at 1 within the fit range of D"))
        #expect(r.parameters.filter { $0.name == "rate" || $0.name == "D" }.allSatisfy { !$0.determined && $0.standardError == nil })
    }

    @Test("a pinned rate is never second-guessed")
    func pinned() throws {
        let doc = try drawThenErase(first: "D", second: "D", variables: #""D": { "value": 0.8, "fit": [0.2, 4] }"#)
        let truth = try doc.resolve(overrides: ["D": 1.2])
        let frames = synthetic(truth, times: (0..<60).map { Double($0) * 0.05 }, phase: -0.1, rate: 0.8, delay: 0.05)
        let r = try Fitter(FitOptions(rate: 0.8)).fit(doc, frames: frames)
        #expect(r.rateDegeneracy == nil && r.ratePinned && r.rate == 0.8)
        #expect(abs(r.variables["D"]! - 1.2) < 0.003)
    }
}
