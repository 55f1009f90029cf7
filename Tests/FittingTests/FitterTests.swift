import Foundation
import Testing
import AnimationModel
@testable import Fitting

/// Observations made from the model itself (what a perfect measurement would read).
func synthetic(_ model: ResolvedModel, times: [Double], phase: Double, rate: Double, delay: Double,
               perturb: (Int, Double) -> Double = { _, t in t }) -> [ObservedFrame] {
    times.enumerated().map { i, t in
        let modelTime = phase + rate * perturb(i, t)
        let layers: [Observation?] = model.layers.map { layer in
            let p = layer.presentation(at: modelTime)
            switch p.state {
            case .absent, .empty: return Observation(state: .empty)
            case .full where p.startAngle == nil: return Observation(state: .full, strokeEnd: layer.geometry.circularArc == nil ? 1 : nil)
            default:
                if layer.geometry.circularArc == nil { return Observation(state: .arc, strokeEnd: p.values.strokeEnd) }
                return Observation(state: .arc, startAngle: p.startAngle, endAngle: p.endAngle)
            }
        }
        return ObservedFrame(index: i, time: t, delay: delay, delayCentiseconds: Int((delay * 100).rounded()), layers: layers)
    }
}

func fixture(_ name: String) throws -> ModelDocument {
    try ModelLoader.load(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fixtures/models/\(name)").standardized.path)
}

@Suite("Fitting a model's timing to measurements")
struct FitterTests {
    @Test("phase, rate and the spinner's D trade off: a free D with a free rate is fitted with the rate held at 1")
    func entangled() throws {
        let doc = try fixture("loading-spinner.json")
        let model = try doc.resolve()
        let times = (0..<100).map { Double($0) * 0.04 }
        let frames = synthetic(model, times: times, phase: 0.3, rate: 1, delay: 0.04)
        let r = try Fitter().fit(doc, frames: frames)
        // Only D ÷ rate is in the frames (RateDegeneracy): the clock is trusted.
        #expect(r.rateDegeneracy?.variables == ["D"] && r.rateHeld && r.rate == 1)
        #expect(r.parameters.first { $0.name == "rate" }?.determined == false)
        #expect(abs(r.variables["D"]! - 1.5) < 0.002)
        let pinned = try Fitter(FitOptions(rate: 1)).fit(doc, frames: frames)
        #expect(abs(pinned.phase - 0.3) < 0.002)
        #expect(abs(pinned.variables["D"]! - 1.5) < 0.002)
        #expect(pinned.parameters.first { $0.name == "D" }?.determined == true)
    }
}

@Suite("Fit results frame by frame")
struct FrameFitTests {
    @Test("a slow recording is fitted with its rate, and a late and a repeated frame are flagged")
    func slowWithFlags() throws {
        let doc = try fixture("loading-spinner.json")
        let model = try doc.resolve()
        let times = (0..<60).map { Double($0) * 0.05 }
        // Frame 20 captured 80 ms late (it shows a later state: early by the contract's sign);
        // frame 30 repeats frame 29.
        let frames = synthetic(model, times: times, phase: 0.2, rate: 0.55, delay: 0.05) { i, t in
            i == 20 ? t + 0.08 : i == 30 ? times[29] : t
        }
        let r = try Fitter({ var o = FitOptions(); o.fixed = ["D": 1.5]; return o }()).fit(doc, frames: frames)
        #expect(abs(r.rate - 0.55) < 0.002)
        #expect(abs(r.phase - 0.2) < 0.005)
        let late = try #require(r.frames.first(where: { $0.index == 20 }))
        #expect(late.flags.contains("early"))
        #expect(abs((late.layers[0].timingError ?? 0) + 0.08 * 0.55) < 0.004)
        #expect(r.frames.first { $0.index == 30 }?.flags.contains("duplicate") == true)
        #expect(r.frames.filter { $0.flags.contains("late") || $0.flags.contains("early") }.count <= 3)
    }

    @Test("the success moment is estimated, and frames where the model is flat have no timing error")
    func paymentSuccess() throws {
        let doc = try fixture("payment-success.json")
        let truth = try doc.resolve(overrides: ["success": 5.3])
        let times = (0..<90).map { Double($0) * 0.1 }
        let frames = synthetic(truth, times: times, phase: 0, rate: 1, delay: 0.1)
        let r = try Fitter(FitOptions(rate: 1)).fit(doc, frames: frames)
        #expect(abs((r.variables["success"] ?? 0) - 5.3) < 0.05)
        // Long after success both layers are frozen: nothing to say about timing.
        let late = try #require(r.frames.last)
        #expect(late.layers.allSatisfy { $0.timingError == nil })
        #expect(late.flags.contains("unobservable"))
        #expect((r.maxAngleError ?? 99) < 0.5)
    }
}

@Suite("Sub-pixel ink and timing")
struct SubPixelTimingTests {
    @Test("a tick drawn under a pixel long gives no timing error (nothing drawn matches it as well)")
    func subPixelTick() throws {
        let doc = try fixture("payment-success.json")
        let model = try doc.resolve()
        let tick = try #require(model.layers.firstIndex { $0.geometry.circularArc == nil })
        // The tick's drawn length in pixels at 2 px per point, read exactly.
        let length = 2 * model.layers[tick].geometry.strokePath.length
        let times = (0..<200).map { Double($0) * 0.04 }
        var frames = synthetic(model, times: times, phase: 0, rate: 1, delay: 0.04)
        // The tick's first drawn frame and the next read as half a pixel of tick: true there or not,
        // a sliver that small cannot say when it was captured.
        let first = try #require(frames.firstIndex { $0.layers[tick]?.state == .arc })
        for i in [first, first + 1] {
            frames[i].layers[tick] = Observation(state: .arc, strokeEnd: 0.5 / length, pixelsPerPoint: 2, pathLengthPixels: length)
        }
        let r = try Fitter(FitOptions(rate: 1)).fit(doc, frames: frames)
        for fit in r.frames {
            guard let o = frames[fit.index].layers[tick], o.state == .arc, let f = o.strokeEnd, f * length < 1 else { continue }
            #expect(fit.layers[tick].timingError == nil, "frame \(fit.index): \(f * length) px of tick")
            #expect(!fit.flags.contains("late") && !fit.flags.contains("early"))
        }
    }
}

@Suite("A path that reads full just before the model completes it")
struct NearlyFullPathTests {
    @Test("a tick read `full` a fraction of a pixel before the model's end costs nothing and does not bend the rate")
    func nearlyFullTick() throws {
        let doc = try fixture("payment-success.json")
        let model = try doc.resolve()
        let tick = try #require(model.layers.firstIndex { $0.geometry.circularArc == nil })
        let length = 2 * model.layers[tick].geometry.strokePath.length
        // The payment movie of the bench: a clock 10 % fast at 60 Hz, so one frame (218) shows
        // the tick 0.18 px short of complete, which `PolylineMeasurer` reads as `full`.
        let times = (0..<240).map { Double($0) / 60 }
        var frames = synthetic(model, times: times, phase: 4, rate: 1.1, delay: 1.0 / 60)
        var nearlyFull = 0
        for i in frames.indices {
            // At 2 px per point, as measured (a ring's sliver under a pixel then costs nothing).
            for j in frames[i].layers.indices { frames[i].layers[j]?.pixelsPerPoint = 2 }
            guard let o = frames[i].layers[tick] else { continue }
            var read = o
            read.pixelsPerPoint = 2
            read.pathLengthPixels = length
            if o.state == .arc, let f = o.strokeEnd, (1 - f) * length <= 0.25 {
                read = Observation(state: .full, strokeEnd: 1, pixelsPerPoint: 2, pathLengthPixels: length)
                nearlyFull += 1
            }
            frames[i].layers[tick] = read
        }
        #expect(nearlyFull == 1)
        let r = try Fitter().fit(doc, frames: frames)
        // Before, that frame cost the state penalty unless the fitted rate pushed it past the
        // tick's end: 1.10108 (0.1 % off, twenty standard errors).
        #expect(abs(r.rate - 1.1) < 1e-5, "rate \(r.rate)")
        #expect(abs(r.phase - 4) < 1e-4 && abs((r.variables["success"] ?? 0) - 6) < 1e-4)
        #expect(r.frames.allSatisfy { !$0.flags.contains("outlier") }, "\(r.frames.filter { $0.flags.contains("outlier") }.map { ($0.index, $0.layers.map(\.residual)) })")
    }
}

@Suite("Standard errors of correlated residuals")
struct CorrelatedResidualTests {
    @Test("errors that drift slowly from frame to frame widen the standard errors (Newey–West)")
    func slowDrift() throws {
        let doc = try fixture("loading-spinner.json")
        let model = try doc.resolve(overrides: ["D": 1.5])
        let times = (0..<150).map { Double($0) / 30 }
        // Every frame read as if captured up to 3 ms off, the offset wandering slowly (a
        // systematic error, not noise): consecutive residuals agree.
        let drift: (Int, Double) -> Double = { _, t in t + 0.003 * sin(2 * .pi * t / 2.5) + 0.0015 * sin(2 * .pi * t / 0.9 + 1) }
        let frames = synthetic(model, times: times, phase: 0.3, rate: 1, delay: 1.0 / 30, perturb: drift)
        let options = { var o = FitOptions(); o.fixed = ["D": 1.5]; return o }()
        let r = try Fitter(options).fit(doc, frames: frames)
        let phase = try #require(r.parameters.first { $0.name == "phase" }?.standardError)
        let rate = try #require(r.parameters.first { $0.name == "rate" }?.standardError)
        // Never confidently wrong: the real errors within three standard errors.
        #expect(abs(r.phase - 0.3) <= 3 * phase, "phase \(r.phase) ± \(phase)")
        #expect(abs(r.rate - 1) <= 3 * rate, "rate \(r.rate) ± \(rate)")
        // (Gauss–Newton alone: phase 0.3022 ± 0.00024 and rate 0.99912 ± 0.00008, nine and ten
        // standard errors off.)
    }
}
