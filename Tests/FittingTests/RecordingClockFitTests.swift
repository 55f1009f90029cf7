import Testing
import AnimationModel
import RecordingClock
@testable import Fitting

/// The pictures of a steady capture at `fps` (frame i shows capture time i / fps), stored as a
/// GIF writes them: each frame at the centisecond nearest its capture, the rounding carried.
private func carriedCapture(_ model: ResolvedModel, fps: Double, count: Int, phase: Double,
                            capture: (Int) -> Double = { Double($0) }) -> [ObservedFrame] {
    let stored = (0...count).map { (Double($0) * 100 / fps).rounded() / 100 }
    var frames = synthetic(model, times: Array(stored.prefix(count)), phase: phase, rate: 1, delay: 1 / fps) { i, _ in capture(i) / fps }
    for i in frames.indices {
        frames[i].delay = stored[i + 1] - stored[i]
        frames[i].delayCentiseconds = Int((frames[i].delay * 100).rounded())
    }
    return frames
}

private let anomalies: Set<String> = ["late", "early", "duplicate", "dropped"]

private func spinnerFit(_ frames: [ObservedFrame], clock: FitOptions.Clock = .detect) throws -> FitResult {
    var options = FitOptions()
    options.fixed = ["D": 1.5]
    options.clock = clock
    return try Fitter(options).fit(try fixture("loading-spinner.json"), frames: frames)
}

@Suite("fits timed by the recording's clock")
struct RecordingClockFitTests {
    @Test("60 Hz stored as 2, 1, 2 cs: timed on the clock, no flags, timing errors under a millisecond")
    func sixtyHertz() throws {
        let model = try fixture("loading-spinner.json").resolve()
        let frames = carriedCapture(model, fps: 60, count: 150, phase: 0.37)
        let r = try spinnerFit(frames)
        #expect(r.timeBase.source == .clock)
        #expect(abs(r.timeBase.interval * 60 - 1) < 1e-3)
        #expect(r.frames.allSatisfy { $0.flags.allSatisfy { !anomalies.contains($0) && $0 != "clampedDelay" } })
        #expect((r.rmsTimingError ?? 1) < 0.001)
        #expect(r.hitchTimeRatio < 1)
        #expect(r.hitchBand == .good)
        #expect(abs(r.phase - 0.37) < 0.002)
        #expect(abs(r.rate - 1) < 0.002)
        // The stored delays as given: the rounding shows as ±3 ms timing errors.
        let asGiven = try spinnerFit(frames, clock: .asGiven)
        #expect(asGiven.timeBase.source == .delays)
        #expect((asGiven.rmsTimingError ?? 0) > 0.002)
    }

    @Test("delays that mean what they say (the pictures follow them) are kept")
    func meaningfulDelays() throws {
        let model = try fixture("loading-spinner.json").resolve()
        // Within a centisecond of a 30 Hz grid, and the pictures at the stored times themselves.
        let wobble: [Double] = [0, 0.8, -0.7, 0.9, -0.9]
        let stored: [Double] = (0..<90).map { (i: Int) -> Double in
            let centiseconds: Double = Double(i) * 100 / 30 + wobble[i % 5]
            return centiseconds.rounded() / 100
        }
        let frames = synthetic(model, times: stored, phase: 0.2, rate: 1, delay: 1.0 / 30)
        #expect(CaptureGrid.find(stored) != nil)
        let r = try spinnerFit(frames)
        #expect(r.timeBase.source == .delays)
        #expect(r.timeBase.note.contains("follow the stored delays"))
        #expect(r.frames.allSatisfy { $0.flags.allSatisfy { !anomalies.contains($0) } })
    }

    @Test("a capture sample skipped without its delay: flagged dropped, timed on the clock, phase and rate exact")
    func skippedSample() throws {
        let model = try fixture("loading-spinner.json").resolve()
        // 25 fps, every delay 4 cs, but the pictures from frame 30 on are one capture later.
        let times = (0..<75).map { Double($0) * 0.04 }
        let frames = synthetic(model, times: times, phase: 0.5, rate: 1, delay: 0.04) { i, t in i >= 30 ? t + 0.04 : t }
        let r = try spinnerFit(frames)
        #expect(r.timeBase.source == .clock)
        let flagged = r.frames.filter { !$0.flags.filter(anomalies.contains).isEmpty }
        #expect(flagged.map(\.index) == [30])
        #expect(flagged.first?.flags.contains("dropped") == true)
        #expect(flagged.first?.hitchTime == 0)
        #expect(abs(r.frames[30].time - 1.24) < 1e-9)
        #expect(abs(r.phase - 0.5) < 0.002)
        #expect(abs(r.rate - 1) < 0.002)
    }

    @Test("a capture merged into the frame before: dropped, and the picture before held one interval")
    func mergedSample() throws {
        let model = try fixture("loading-spinner.json").resolve()
        let times = (0..<76).map { Double($0) * 0.04 }.enumerated().filter { $0.offset != 30 }.map(\.element)
        var frames = synthetic(model, times: times, phase: 0.5, rate: 1, delay: 0.04)
        frames[29].delay = 0.08
        frames[29].delayCentiseconds = 8
        let r = try spinnerFit(frames)
        let flagged = r.frames.filter { !$0.flags.filter(anomalies.contains).isEmpty }
        #expect(flagged.map(\.index) == [30])
        #expect(abs((flagged.first?.hitchTime ?? 0) - 0.04) < 1e-6)
        #expect(r.hitchTimeRatio > 1)
    }

    @Test("a repeated picture is a duplicate that held one interval; a late frame's hitch is its lag")
    func duplicateAndLate() throws {
        let model = try fixture("loading-spinner.json").resolve()
        // 30 Hz stored as 3, 3, 4 cs; frame 40 repeats frame 39; frame 70 shows a state 40 ms old.
        let frames = carriedCapture(model, fps: 30, count: 90, phase: 0.1) { i in
            i == 40 ? 39 : i == 70 ? 70 - 1.2 : Double(i)
        }
        let r = try spinnerFit(frames)
        let flagged = r.frames.filter { !$0.flags.filter(anomalies.contains).isEmpty }
        #expect(flagged.map(\.index) == [40, 70])
        #expect(r.frames[40].flags.contains("duplicate"))
        #expect(abs(r.frames[40].hitchTime - 1.0 / 30) < 0.001)
        #expect(r.frames[70].flags.contains("late"))
        #expect(abs(r.frames[70].hitchTime - 0.04) < 0.002)
        #expect(r.hitchTimeRatio > 1)
        let sigma = try #require(r.frames[70].layers[0].timingErrorUncertainty)
        #expect(sigma > 0 && sigma < 0.005)
    }

    @Test("turning points and holds: no flags where the model barely moves")
    func turningPoints() throws {
        let json = """
        {"format": "strokescope-model/1", "name": "pulse",
         "layers": [{"name": "ring", "path": {"arc": {"center": [24, 24], "radius": 20, "startAngle": "-pi/2", "endAngle": "3*pi/2", "clockwise": true}},
           "frame": [0, 0, 48, 48], "lineWidth": 4,
           "animations": [{"type": "group", "duration": 2, "repeatCount": "inf", "animations": [
             {"type": "basic", "keyPath": "strokeEnd", "fromValue": 0.05, "toValue": 0.9, "duration": 0.75, "autoreverses": true,
              "timingFunction": "easeInEaseOut"}]}]}]}
        """
        let doc = try ModelLoader.load(json: json, file: "pulse.json")
        let model = try doc.resolve()
        let stored = (0...240).map { (Double($0) * 100 / 60).rounded() / 100 }
        let frames = synthetic(model, times: Array(stored.prefix(240)), phase: 0.3, rate: 1, delay: 1.0 / 60) { i, _ in Double(i) / 60 }
        let r = try Fitter().fit(doc, frames: frames)
        #expect(r.timeBase.source == .clock)
        #expect(r.frames.allSatisfy { $0.flags.allSatisfy { !anomalies.contains($0) } })
        #expect(r.frames.contains { $0.flags.contains("unobservable") })
        #expect(r.hitchTimeRatio == 0)
    }

    @Test("Apple's hitch bands")
    func bands() {
        #expect(HitchBand(ratio: 0) == .good)
        #expect(HitchBand(ratio: 4.99) == .good)
        #expect(HitchBand(ratio: 5) == .warning)
        #expect(HitchBand(ratio: 10) == .warning)
        #expect(HitchBand(ratio: 10.01) == .critical)
    }
}
