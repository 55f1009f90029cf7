/// The time base of a recording's frames (docs/INFER.md, step 1).
///
/// A GIF stores each frame's delay in whole centiseconds, so a recorder that captures at a steady
/// 30 fps must write 3, 3, 4, 3, … cs: every stored frame time is then up to half a centisecond
/// off the moment the frame was captured. Where the stroke moves at 900°/s that is ±3°, far
/// more than the measurement error. When the stored times are all within a centisecond of one
/// uniform grid (whole multiples of one interval, so a dropped frame is a skipped step), the
/// differences from the grid carry nothing but that rounding, and the grid is the better estimate
/// of when each frame was captured. Otherwise (stalls, a recorder whose delays mean something)
/// the stored times stay.
public struct CaptureClock: Sendable, Equatable {
    /// Seconds between captures on the grid.
    public var interval: Double
    /// Largest distance of a stored frame time from the grid, seconds.
    public var largestOffset: Double

    /// Stored times further than this from the grid mean the delays are not just rounding
    /// (seconds: one centisecond, the unit a delay is rounded to, plus float slack).
    static let tolerance = 0.0101
    /// At least this many frames before a grid is believed.
    static let minimumFrames = 8

    /// The uniform grid the stored times round from, or nil when there is none: fewer than
    /// ``minimumFrames`` frames, times that already lie on it (nothing to gain), a frame further
    /// than ``tolerance`` from the best grid, or a recording cut into many short runs.
    ///
    /// A gap that is no whole number of intervals (within the tolerance) is a real pause, as a
    /// recorder's long first frame or a stall: the grid restarts there (same interval, new
    /// origin), so the pause keeps its stored length and only the rounding goes.
    public static func steadyGrid(_ times: [Double]) -> (clock: CaptureClock, times: [Double])? {
        guard times.count >= minimumFrames else { return nil }
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        guard let smallest = gaps.min(), let largest = gaps.max(), smallest > 0 else { return nil }
        // Equal delays are their own grid: leave the times exactly as stored.
        if largest - smallest < 1e-9 { return nil }
        // First guess: the mean of the ordinary gaps (pauses left out), which for 3, 3, 4 cs is
        // 3.33 cs where the median would say 3.
        let sorted = gaps.sorted()
        let median = sorted[sorted.count / 2]
        let ordinary = gaps.filter { $0 <= 1.5 * median }
        var interval = ordinary.reduce(0, +) / Double(ordinary.count)
        var steps: [Double] = [], segment: [Int] = [], origins: [Double] = []
        // Steps and segments from the interval, then the interval (common) and each segment's
        // origin by least squares; three rounds settle a first guess thrown off by pauses.
        for _ in 0..<3 {
            steps = [0]
            segment = [0]
            for g in gaps {
                let n = max(1, (g / interval).rounded())
                if abs(g - n * interval) > tolerance {
                    segment.append(segment.last! + 1)
                    steps.append(0)
                } else {
                    segment.append(segment.last!)
                    steps.append(steps.last! + n)
                }
            }
            let count = segment.last! + 1
            var ms = [Double](repeating: 0, count: count), mt = ms, sizes = ms
            for k in times.indices { ms[segment[k]] += steps[k]; mt[segment[k]] += times[k]; sizes[segment[k]] += 1 }
            for j in 0..<count { ms[j] /= sizes[j]; mt[j] /= sizes[j] }
            var sxy = 0.0, sxx = 0.0
            for k in times.indices {
                let j = segment[k]
                sxy += (steps[k] - ms[j]) * (times[k] - mt[j])
                sxx += (steps[k] - ms[j]) * (steps[k] - ms[j])
            }
            guard sxx > 0 else { return nil }
            interval = sxy / sxx
            guard interval > 0 else { return nil }
            origins = (0..<count).map { mt[$0] - interval * ms[$0] }
        }
        // Mostly one grid: a recording cut into many short runs is not a steady capture.
        guard Double(segment.last! + 1) <= max(2, Double(times.count) / 20) else { return nil }
        let grid = times.indices.map { origins[segment[$0]] + interval * steps[$0] }
        let offset = zip(grid, times).map { abs($0 - $1) }.max() ?? 0
        // Nothing but rounding to undo, and something to undo (pauses alone leave the times).
        guard offset <= tolerance, offset > 1e-9 else { return nil }
        // Each frame still follows the one before it.
        for k in 1..<grid.count where grid[k] <= grid[k - 1] { return nil }
        return (CaptureClock(interval: interval, largestOffset: offset), grid)
    }

    /// The samples with their times moved onto the steady grid when there is one (see
    /// ``steadyGrid(_:)``); unchanged otherwise.
    public static func regularized(_ samples: [RingSample]) -> (samples: [RingSample], clock: CaptureClock?) {
        guard let found = steadyGrid(samples.map(\.time)) else { return (samples, nil) }
        var out = samples
        for i in out.indices { out[i].time = found.times[i] }
        return (out, found.clock)
    }
}
