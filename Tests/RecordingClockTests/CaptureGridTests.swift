import Testing
@testable import RecordingClock

/// Stored frame starts of a capture at `fps`, each rounded to the centisecond as gifski and
/// ffmpeg write them (the rounding carried from frame to frame), in seconds.
private func carried(fps: Double, count: Int) -> [Double] {
    (0..<count).map { (Double($0) * 100 / fps).rounded() / 100 }
}

@Suite struct CaptureGridTests {
    @Test func sixtyHertzStoredAsTwoTwoOne() throws {
        let times = carried(fps: 60, count: 60)
        let delays = zip(times.dropFirst(), times).map { Int((($0 - $1) * 100).rounded()) }
        #expect(Array(delays.prefix(6)) == [2, 1, 2, 2, 1, 2])
        let grid = try #require(CaptureGrid.find(times))
        #expect(grid.kind == .rounding)
        // Least squares over rounded times: within a fraction of a millisecond of the true clock
        // (the rounding's own ±5 ms is gone).
        #expect(abs(grid.interval - 1.0 / 60) < 1e-5)
        #expect(grid.largestOffset <= 0.0055)
        for (k, t) in grid.times.enumerated() { #expect(abs(t - Double(k) / 60) < 2.5e-4) }
    }

    @Test(arguments: [30.0, 24.0, 15.0])
    func otherCarriedClocks(fps: Double) throws {
        let grid = try #require(CaptureGrid.find(carried(fps: fps, count: 48)))
        #expect(grid.kind == .rounding)
        #expect(abs(grid.interval * fps - 1) < 5e-4)
    }

    @Test func equalDelaysAreAlreadyTheirGrid() {
        #expect(CaptureGrid.find((0..<40).map { Double($0) * 0.04 }) == nil)
    }

    @Test func aMergedCaptureIsASkippedStep() throws {
        var times = carried(fps: 30, count: 40)
        times.remove(at: 20)
        let grid = try #require(CaptureGrid.find(times))
        #expect(abs(grid.times[20] - 21.0 / 30) < 2.5e-4)
        #expect(abs(grid.times[19] - 19.0 / 30) < 2.5e-4)
    }

    /// A recorder stamping a steady 30 ms capture with a timer jittering ±6 ms: delays of 2–4 cs
    /// that stay around the grid.
    @Test func jitteryTimerOverASteadyCapture() throws {
        let jitter = [0.004, -0.006, 0.002, 0.005, -0.003, -0.006, 0.006, 0.0, -0.004, 0.003]
        let times: [Double] = (0..<50).map { (k: Int) -> Double in
            let stamped: Double = Double(k) * 0.03 + jitter[k % jitter.count]
            return (stamped * 100).rounded() / 100
        }
        #expect(CaptureGrid.rounding(times) == nil)
        let grid = try #require(CaptureGrid.find(times))
        #expect(grid.kind == .noisy)
        #expect(abs(grid.interval - 0.03) < 0.0005)
    }

    @Test func driftingDelaysHaveNoGrid() {
        // Irregular delays whose sum wanders off any one grid.
        let delays = [2, 3, 3, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3]
        var times = [0.0]
        for d in delays { times.append(times.last! + Double(d) / 100) }
        #expect(CaptureGrid.find(times) == nil)
    }
}
