/// A steady capture clock under a recording's stored frame times.
///
/// A GIF stores each frame's delay in whole centiseconds, so a recorder that captures at a steady
/// 60 Hz must write 2, 2, 1 cs (30 Hz: 3, 3, 4; 24 Hz: 4, 4, 4, 5), carrying the rounding from
/// frame to frame: every stored frame time is then within half a centisecond of the moment the
/// frame was captured, and the differences carry nothing but that rounding. Some recorders
/// instead stamp each frame with a jittery timer over a steady capture: the stored times wander
/// further from the grid (a centisecond or more) but never drift away from it.
///
/// `CaptureGrid` finds such a grid: one interval, each frame on a whole step of it (a dropped
/// capture whose delay went to the frame before is a skipped step), and a restart of the grid
/// (same interval, new origin) at a pause that is no whole number of intervals.
public struct CaptureGrid: Sendable, Equatable {
    /// How the stored times relate to the grid.
    public enum Kind: String, Sendable {
        /// Every stored time is within a centisecond of the grid: the delays are its rounding.
        case rounding
        /// The stored times wander further but stay within half an interval of one grid:
        /// timer noise over a steady capture, or delays that mean what they say. Only the
        /// pictures can tell (the fit compares both).
        case noisy
    }

    public var kind: Kind
    /// Seconds between captures.
    public var interval: Double
    /// Per frame: the time on the grid, seconds.
    public var times: [Double]
    /// Largest distance of a stored frame time from the grid, seconds.
    public var largestOffset: Double

    /// Stored times further than this from the grid mean the delays are not just rounding
    /// (seconds: one centisecond, the unit a delay is rounded to, plus float slack).
    public static let roundingTolerance = 0.0101
    /// A noisy grid keeps every stored time within this share of an interval (under half, so
    /// that each time still names one step).
    public static let noisyTolerance = 0.45
    /// At least this many frames before a grid is believed.
    public static let minimumFrames = 8

    /// The grid the stored `times` (seconds, increasing) lie on: the rounding kind when there is
    /// one, else the noisy kind, else nil (too few frames, times already exactly on a grid,
    /// a recording cut into many short runs, or times that drift).
    public static func find(_ times: [Double]) -> CaptureGrid? {
        rounding(times) ?? noisy(times)
    }

    /// The grid the stored times round from, or nil when there is none: fewer than
    /// ``minimumFrames`` frames, times that already lie on it (nothing to gain), a frame further
    /// than ``roundingTolerance`` from the best grid, or a recording cut into many short runs.
    ///
    /// A gap that is no whole number of intervals (within the tolerance) is a real pause, as a
    /// recorder's long first frame or a stall: the grid restarts there (same interval, new
    /// origin), so the pause keeps its stored length and only the rounding goes.
    public static func rounding(_ times: [Double]) -> CaptureGrid? {
        let tolerance = roundingTolerance
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
        return CaptureGrid(kind: .rounding, interval: interval, times: grid, largestOffset: offset)
    }

    /// One grid under times that wander around it by more than rounding: every frame on a whole
    /// step counted from the first (so a frame's own jitter does not move the next one), the
    /// interval and origin by least squares, every stored time within ``noisyTolerance`` of an
    /// interval of its step; nil otherwise, or when the times are already on a grid.
    public static func noisy(_ times: [Double]) -> CaptureGrid? {
        guard times.count >= minimumFrames, let first = times.first, let last = times.last, last > first else { return nil }
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        guard let smallest = gaps.min(), smallest > 0 else { return nil }
        let sorted = gaps.sorted()
        // The typical gap: the mean of the ordinary gaps (merged frames left out). A jittery
        // timer's 2, 3, 4 cs around 3 average out; a median or a trimmed mean would not.
        let median = sorted[sorted.count / 2]
        // (Jitter of up to a third of an interval each side makes a gap up to 1.7 intervals long;
        // a merged frame's is 2.)
        let ordinary = gaps.filter { $0 <= 1.8 * median }
        var interval = ordinary.reduce(0, +) / Double(ordinary.count)
        var origin = first
        var steps: [Double] = []
        for _ in 0..<4 {
            steps = times.map { max(0, (($0 - origin) / interval).rounded()) }
            let n = Double(times.count)
            let ms = steps.reduce(0, +) / n, mt = times.reduce(0, +) / n
            var sxy = 0.0, sxx = 0.0
            for k in times.indices { sxy += (steps[k] - ms) * (times[k] - mt); sxx += (steps[k] - ms) * (steps[k] - ms) }
            guard sxx > 0, sxy > 0 else { return nil }
            interval = sxy / sxx
            origin = mt - interval * ms
        }
        // Every frame its own step, and mostly consecutive ones (a few dropped captures at most).
        for k in 1..<steps.count where steps[k] <= steps[k - 1] { return nil }
        guard steps.last! - steps.first! <= 1.25 * Double(times.count - 1) else { return nil }
        let grid = steps.map { origin + interval * $0 }
        let offset = zip(grid, times).map { abs($0 - $1) }.max() ?? 0
        guard offset <= noisyTolerance * interval, offset > 1e-9 else { return nil }
        return CaptureGrid(kind: .noisy, interval: interval, times: grid, largestOffset: offset)
    }
}
