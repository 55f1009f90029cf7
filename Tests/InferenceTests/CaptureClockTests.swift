import Testing
@testable import Inference

/// Stored frame times of a steady capture at `fps` whose delays carry their rounding to whole
/// centiseconds (30 fps: 3, 4, 3 cs), as `render --fps` and most recorders write them.
func roundedTimes(fps: Double, count: Int) -> [Double] {
    (0..<count).map { (Double($0) * 100 / fps).rounded() / 100 }
}

/// The seed spinner captured at `fps` but timed by the rounded delays: each sample shows the
/// capture instant k / fps and carries its stored time.
func roundedSpinnerSamples(fps: Double, duration: Double = 3.5) -> [RingSample] {
    let count = Int(duration * fps)
    let exact = seedSpinnerSamples(interval: 1 / fps, duration: Double(count - 1) / fps + 1e-9)
    let stored = roundedTimes(fps: fps, count: exact.count)
    return zip(exact, stored).map { s, t in var r = s; r.time = t; return r }
}

@Suite("frame times of a steady capture")
struct CaptureClockTests {
    @Test("30 fps stored as 3, 4, 3 cs goes back onto a 33.3 ms grid")
    func thirtyFPS() throws {
        let found = try #require(CaptureClock.steadyGrid(roundedTimes(fps: 30, count: 90)))
        #expect(abs(found.clock.interval - 1.0 / 30) < 1e-5)
        #expect(zip(found.times, (0..<90).map { Double($0) / 30 }).allSatisfy { abs($0 - $1) < 1e-4 })
    }

    @Test("a dropped frame is a skipped step of the grid")
    func droppedFrame() throws {
        var times = roundedTimes(fps: 30, count: 60)
        times.remove(at: 31)
        let found = try #require(CaptureClock.steadyGrid(times))
        #expect(abs(found.times[31] - 32.0 / 30) < 1e-4)
    }

    @Test("a long first frame keeps its stored length; the rest goes onto the grid")
    func longFirstFrame() throws {
        // 15 cs: four and a half intervals, no whole number of them.
        let times = [0] + roundedTimes(fps: 30, count: 60).map { $0 + 0.15 }
        let found = try #require(CaptureClock.steadyGrid(times))
        #expect(found.times[0] == 0)
        #expect(abs(found.times[2] - (0.15 + 1.0 / 30)) < 1e-3)
        #expect(abs(found.clock.interval - 1.0 / 30) < 1e-4)
    }

    @Test("equal delays, and delays that mean something (a stall), keep the stored times")
    func keptAsStored() {
        #expect(CaptureClock.steadyGrid((0..<50).map { Double($0) * 0.04 }) == nil)
        var stalled = (0..<50).map { Double($0) * 0.05 }
        for i in 20..<50 { stalled[i] += 0.07 }   // one 12 cs hiccup among 5 cs delays
        #expect(CaptureClock.steadyGrid(stalled) == nil)
    }

    @Test("the seed spinner at 30 fps with rounded delays: the same curves as at 25 fps")
    func spinnerAtThirtyFPS() throws {
        let samples = roundedSpinnerSamples(fps: 30)
        let m = try Inferrer.infer(samples, appearance: testRing)
        #expect(abs(m.period - 1.5) < 0.005)
        #expect(m.captureInterval.map { abs($0 - 1.0 / 30) < 1e-5 } == true)
        #expect(m.strokeStart.timings == [.easeInEaseOut, .easeInEaseOut])
        #expect(m.strokeEnd.timings == [.linear, .hold])
        // Against the capture instants (what the frames show), within the 0.5° target.
        let captured = seedSpinnerSamples(interval: 1.0 / 30, duration: 3.45)
        #expect(m.errorFigures(captured).max < 0.5)
    }
}
