/// The measured ends of a ring over time, unwrapped into continuous angles (degrees): each
/// frame's start angle is taken on the turn nearest the previous frame's, and its end angle that
/// many degrees further clockwise as the arc is long. Frames without two ends break the series
/// into runs; values are only interpolated inside a run.
struct AngleSeries: Sendable {
    var times: [Double] = []
    var starts: [Double] = []
    var ends: [Double] = []
    /// Which run each point belongs to.
    var runs: [Int] = []
    /// Median time between frames.
    var interval: Double = 0

    init(_ samples: [RingSample]) {
        var run = 0, last: Double?
        var broke = false
        for s in samples {
            guard s.state == .arc, let a = s.startAngle, let b = s.endAngle else { broke = true; continue }
            if broke { run += 1; broke = false }
            var length = (b - a).truncatingRemainder(dividingBy: 360)
            if length < 0 { length += 360 }
            let start = last.map { a + 360 * (($0 - a) / 360).rounded() } ?? a
            times.append(s.time)
            starts.append(start)
            ends.append(start + length)
            runs.append(run)
            last = start
        }
        let gaps = zip(samples.dropFirst(), samples).map { $0.time - $1.time }.filter { $0 > 0 }.sorted()
        interval = gaps.isEmpty ? 0.04 : gaps[gaps.count / 2]
    }

    var count: Int { times.count }
    var duration: Double { (times.last ?? 0) - (times.first ?? 0) }

    /// Start and end at time `t`, linearly between two neighbouring points of one run.
    func value(at t: Double) -> (start: Double, end: Double)? {
        guard let first = times.first, let last = times.last, t >= first, t <= last else { return nil }
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        if times[lo] == t { return (starts[lo], ends[lo]) }
        guard runs[lo] == runs[hi], times[hi] - times[lo] <= 2.5 * interval else { return nil }
        let f = (t - times[lo]) / (times[hi] - times[lo])
        return (starts[lo] + f * (starts[hi] - starts[lo]), ends[lo] + f * (ends[hi] - ends[lo]))
    }

    /// How far the picture moves in `lag` seconds: the drift (median change of both ends) and the
    /// RMS of the changes about it (degrees), over the points that have a value a lag later.
    func mismatch(lag: Double) -> (drift: Double, rms: Double, pairs: Int)? {
        var deltas: [(Double, Double)] = []
        for i in times.indices {
            guard let later = value(at: times[i] + lag) else { continue }
            deltas.append((later.start - starts[i], later.end - ends[i]))
        }
        guard deltas.count >= 4 else { return nil }
        let mids = deltas.map { ($0.0 + $0.1) / 2 }.sorted()
        let drift = mids[mids.count / 2]
        let sum = deltas.reduce(0) { $0 + ($1.0 - drift) * ($1.0 - drift) + ($1.1 - drift) * ($1.1 - drift) }
        return (drift, (sum / Double(2 * deltas.count)).squareRoot(), deltas.count)
    }

    /// The shortest lag after which the picture repeats up to a constant drift, refined between
    /// grid points; nil when none is found.
    func period() -> Double? {
        let step = interval / 4
        let minLag = 3 * interval, maxLag = 0.8 * duration
        guard maxLag > minLag else { return nil }
        var grid: [(lag: Double, rms: Double)] = []
        var lag = minLag
        while lag <= maxLag {
            if let m = mismatch(lag: lag), m.pairs >= max(4, count / 6) { grid.append((lag, m.rms)) }
            lag += step
        }
        guard grid.count >= 3 else { return nil }
        let typical = grid.map(\.rms).sorted()[grid.count / 2]
        let threshold = max(2.0, 0.15 * typical)
        // Short lags match trivially (the picture has barely moved): look for the first dip only
        // after the mismatch has once risen above the threshold.
        guard let risen = grid.firstIndex(where: { $0.rms >= threshold }) else { return nil }
        var pick: Int?
        for i in grid.indices where i > risen && grid[i].rms < threshold {
            // The bottom of this dip.
            var j = i
            while j + 1 < grid.count && grid[j + 1].rms <= grid[j].rms { j += 1 }
            pick = j
            break
        }
        guard let p = pick else { return nil }
        // Golden-section refinement around the grid minimum.
        var a = grid[p].lag - step, b = grid[p].lag + step
        let g = (5.0.squareRoot() - 1) / 2
        func f(_ x: Double) -> Double { mismatch(lag: x)?.rms ?? .infinity }
        var c = b - g * (b - a), d = a + g * (b - a)
        var fc = f(c), fd = f(d)
        for _ in 0..<30 {
            if fc < fd { b = d; d = c; fd = fc; c = b - g * (b - a); fc = f(c) } else { a = c; c = d; fc = fd; d = a + g * (b - a); fd = f(d) }
        }
        return (a + b) / 2
    }

    /// The speed (degrees per second) at which an end most often moves steadily: a turning ring's
    /// rotation, seen whenever one end holds still on the ring. Speeds come from straight-line fits
    /// over windows of six frames (single frame steps are too noisy when delays are rounded to
    /// whole centiseconds); only windows that a straight line fits within half a degree count.
    func commonSlope() -> Double {
        let window = 6
        var slopes: [Double] = []
        for series in [starts, ends] where count >= window {
            for i in 0...(count - window) where runs[i] == runs[i + window - 1] {
                let t = Array(times[i..<(i + window)]), y = Array(series[i..<(i + window)])
                let mt = t.reduce(0, +) / Double(window), my = y.reduce(0, +) / Double(window)
                var sxy = 0.0, sxx = 0.0
                for k in 0..<window { sxy += (t[k] - mt) * (y[k] - my); sxx += (t[k] - mt) * (t[k] - mt) }
                guard sxx > 0 else { continue }
                let slope = sxy / sxx
                var rss = 0.0
                for k in 0..<window { let r = y[k] - my - slope * (t[k] - mt); rss += r * r }
                if (rss / Double(window)).squareRoot() <= 0.5 { slopes.append(slope) }
            }
        }
        guard !slopes.isEmpty else { return 0 }
        let tolerance = 3.0
        var best: (count: Int, value: Double) = (0, 0)
        for c in slopes {
            let near = slopes.filter { abs($0 - c) <= tolerance }.sorted()
            if near.count > best.count { best = (near.count, near[near.count / 2]) }
        }
        return best.value
    }

    /// The rotation speed near `estimate` (degrees per second) that one straight line per steady
    /// stretch, all with one common slope, fits best: a stretch is a maximal run of six-frame
    /// windows of one end that a line fits within half a degree at a speed within 3°/s of the
    /// estimate. Long holds pin the slope far better than six frames can. `estimate` when no
    /// stretch is found.
    func pooledSlope(near estimate: Double) -> Double {
        let window = 6
        var sxy = 0.0, sxx = 0.0
        for series in [starts, ends] where count >= window {
            var covered = [Bool](repeating: false, count: count)
            for i in 0...(count - window) where runs[i] == runs[i + window - 1] {
                let fit = Self.line(Array(times[i..<(i + window)]), Array(series[i..<(i + window)]))
                if fit.rms <= 0.5 && abs(fit.slope - estimate) <= 3 {
                    for k in i..<(i + window) { covered[k] = true }
                }
            }
            var i = 0
            while i < count {
                guard covered[i] else { i += 1; continue }
                var j = i
                while j + 1 < count && covered[j + 1] && runs[j + 1] == runs[i] { j += 1 }
                let t = Array(times[i...j]), y = Array(series[i...j])
                let mt = t.reduce(0, +) / Double(t.count), my = y.reduce(0, +) / Double(y.count)
                for k in t.indices { sxy += (t[k] - mt) * (y[k] - my); sxx += (t[k] - mt) * (t[k] - mt) }
                i = j + 1
            }
        }
        return sxx > 0 ? sxy / sxx : estimate
    }

    /// Least-squares line through the points: slope and RMS residual.
    static func line(_ t: [Double], _ y: [Double]) -> (slope: Double, rms: Double) {
        let n = Double(t.count)
        let mt = t.reduce(0, +) / n, my = y.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0
        for k in t.indices { sxy += (t[k] - mt) * (y[k] - my); sxx += (t[k] - mt) * (t[k] - mt) }
        guard sxx > 0 else { return (0, .infinity) }
        let slope = sxy / sxx
        var rss = 0.0
        for k in t.indices { let r = y[k] - my - slope * (t[k] - mt); rss += r * r }
        return (slope, (rss / n).squareRoot())
    }
}
