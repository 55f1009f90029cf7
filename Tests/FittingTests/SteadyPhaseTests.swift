import Testing
import AnimationModel
@testable import Fitting

/// A ring like the ones `infer` writes for a turning spinner: a rotation and a stroke cycle of
/// unrelated lengths (3.7 s per turn, 1.3 s per cycle), so the model has no common period, and
/// both start at model time 0. `groupBegin` (seconds) delays the stroke group.
func turningRing(turn: String = "3.7", groupBegin: Double = 0) -> String {
    let begin = groupBegin == 0 ? "0" : "\"now + \(groupBegin)\""
    return """
    {"format": "strokescope-model/1", "name": "turning",
     "layers": [{"name": "ring", "path": {"arc": {"center": [24, 24], "radius": 20, "startAngle": "-pi/2", "endAngle": "3*pi/2", "clockwise": true}},
       "frame": [0, 0, 48, 48], "lineWidth": 4,
       "animations": [
         \(turn == "none" ? "" : #"{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": "2*pi", "duration": \#(turn), "repeatCount": "inf", "key": "spin"},"#)
         {"type": "group", "duration": 1.3, "beginTime": \(begin), "repeatCount": "inf", "key": "stroke", "animations": [
           {"type": "basic", "keyPath": "strokeEnd", "fromValue": 0.05, "toValue": 0.8, "beginTime": 0, "duration": 0.65, "timingFunction": "easeInEaseOut"},
           {"type": "basic", "keyPath": "strokeEnd", "fromValue": 0.8, "toValue": 0.8, "beginTime": 0.65, "duration": 0.65},
           {"type": "basic", "keyPath": "strokeStart", "fromValue": 0, "toValue": 0, "beginTime": 0, "duration": 0.65},
           {"type": "basic", "keyPath": "strokeStart", "fromValue": 0, "toValue": 0.75, "beginTime": 0.65, "duration": 0.65, "timingFunction": "easeInEaseOut"}]}]}]}
    """
}

@Suite("the phase of a model that repeats forever")
struct SteadyPhaseTests {
    @Test("a rotation and a cycle without a common period: the phase is found where the model animates")
    func turningWithoutPeriod() throws {
        let doc = try ModelLoader.load(json: turningRing(), file: "turning.json")
        let model = try doc.resolve()
        #expect(model.steadyStart == 0)
        #expect(Fitter.period(of: model) == nil)
        let times = (0..<100).map { Double($0) * 0.04 }
        let frames = synthetic(model, times: times, phase: 2.3, rate: 1, delay: 0.04)
        let r = try Fitter().fit(doc, frames: frames)
        #expect(abs(r.phase - 2.3) < 0.005)
        #expect(abs(r.rate - 1) < 0.002)
        #expect((r.rmsAngleError ?? .infinity) < 0.05)
        #expect(r.framesCompared == frames.count)
    }

    @Test("a repeating group that begins late: the phase is reported in the period after its begin")
    func lateBegin() throws {
        let doc = try ModelLoader.load(json: turningRing(turn: "none", groupBegin: 0.5), file: "late.json")
        let model = try doc.resolve()
        #expect(model.steadyStart == 0.5)
        #expect(Fitter.period(of: model) == 1.3)
        let times = (0..<80).map { Double($0) * 0.04 }
        let frames = synthetic(model, times: times, phase: 0.9, rate: 1, delay: 0.04)
        let r = try Fitter(FitOptions(rate: 1)).fit(doc, frames: frames)
        #expect(r.phase >= 0.5 && r.phase < 1.8)
        #expect(abs(r.phase - 0.9) < 0.005)
        #expect((r.rmsAngleError ?? .infinity) < 0.05)
    }

    @Test("a model with a one-off change keeps its time before the change searchable")
    func eventModelHasNoSteadyStart() throws {
        let model = try fixture("payment-success.json").resolve()
        #expect(model.steadyStart == nil)
    }
}
