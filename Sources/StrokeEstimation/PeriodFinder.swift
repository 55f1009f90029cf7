import StrokeGeometry

/// Finds when a sequence of ring measurements repeats, from the measurements alone.
public enum PeriodFinder {
    /// Scores each lag with `score`, in order: a plain `map`, or the same spread over threads.
    public typealias LagScoring = (_ lags: [Double], _ score: @escaping @Sendable (Double) -> Double?) -> [Double?]

    public struct Period: Sendable, Equatable {
        /// Frames between repeats (fractional when refined).
        public var frames: Double
        /// Seconds between repeats, on the frames' time base.
        public var seconds: Double
        /// Mean angle mismatch at that lag, degrees.
        public var mismatch: Double
    }

    /// The shortest time lag after which the animation looks the same again: each frame is
    /// compared with the measurement interpolated at its time plus the lag, over lags on a fine
    /// grid; the first clear minimum under `tolerance` degrees is refined by a parabola.
    ///
    /// `scoring` computes the mismatch of every lag; each lag is independent of the others, so
    /// a caller with threads to spare may spread them (the results must come back in order).
    public static func period(_ measurements: [ArcMeasurement], times: [Double], tolerance: Double = 3,
                              scoring: LagScoring = { lags, score in lags.map(score) }) -> Period? {
        let n = measurements.count
        guard n >= 6, times.count == n, let last = times.last, last > times[0] else { return nil }
        guard measurements.contains(where: { $0.state != measurements[0].state || $0.startAngle != measurements[0].startAngle }) else { return nil }
        let steps = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        guard !steps.isEmpty else { return nil }
        let step = steps[steps.count / 2]
        let span = last - times[0]
        // A quarter frame, but never more than ~1200 lags: long recordings stay cheap.
        let grid = max(step / 4, span * 0.75 / 1200)
        var lags: [Double] = []
        // At least three frames: a picture that barely changes between neighbouring frames is
        // not a period.
        var lag = 3 * step
        // Lags up to where a quarter of the frames still have a partner a lag later.
        while lag <= span * 0.75 { lags.append(lag); lag += grid }
        guard lags.count >= 3 else { return nil }
        let compact = Readings(measurements, times: times)
        let scores = scoring(lags) { mismatch(compact, times: times, lag: $0) }
        precondition(scores.count == lags.count, "LagScoring must return one score per lag")
        // A dip counts when it is small against the typical mismatch, and only after the
        // mismatch has first risen well above it (the animation really moved away).
        let typical = scores.compactMap { $0 }.sorted()
        guard !typical.isEmpty else { return nil }
        let threshold = max(tolerance, 0.25 * typical[typical.count / 2])
        var risen = false
        for k in 1..<(lags.count - 1) {
            if let s = scores[k], s > 4 * threshold { risen = true }
            guard risen, let s = scores[k], s < threshold else { continue }
            // Walk to the bottom of this dip.
            var best = k
            while best + 1 < lags.count, let next = scores[best + 1], let cur = scores[best], next < cur { best += 1 }
            var seconds = lags[best]
            if best > 0, best + 1 < lags.count, let a = scores[best - 1], let b = scores[best], let c = scores[best + 1] {
                let d = a - 2 * b + c
                if d > 1e-12 { seconds += min(max(0.5 * (a - c) / d, -0.5), 0.5) * grid }
            }
            return Period(frames: seconds / step, seconds: seconds, mismatch: scores[best] ?? s)
        }
        return nil
    }

    /// What the period search needs of the measurements, as parallel arrays so the inner loop
    /// (lags × frames, millions of steps on a long recording) reads a few bytes a frame; what
    /// depends only on a pair of neighbouring frames (the time between them, each angle's turn
    /// the short way round) is worked out once here instead of once per lag.
    struct Readings: Sendable {
        var states: [StrokeState]
        /// The state as a small code (0 for unknown), for the inner loop.
        var codes: [UInt8]
        /// Whether the frame has both angles (then `starts` and `ends` hold them, else 0).
        var hasAngles: [Bool]
        var starts: [Double]
        var ends: [Double]
        /// Per frame j (but the last): frame j + 1 comes `gaps[j]` seconds later (at least
        /// 1e-12), both are arcs with angles (`pairHasAngles[j]`), and their start and end
        /// angles move by `startTurns[j]` and `endTurns[j]` degrees the short way round.
        var gaps: [Double] = []
        var pairHasAngles: [Bool] = []
        var startTurns: [Double] = []
        var endTurns: [Double] = []

        init(_ measurements: [ArcMeasurement], times: [Double]) {
            states = measurements.map(\.state)
            codes = states.map { switch $0 { case .unknown, .absent: 0; case .arc: 1; case .empty: 2; case .full: 3 } }
            hasAngles = measurements.map { $0.startAngle != nil && $0.endAngle != nil }
            starts = measurements.map { $0.startAngle ?? 0 }
            ends = measurements.map { $0.endAngle ?? 0 }
            guard times.count == measurements.count, times.count >= 2 else { return }
            let pairs = 0..<(times.count - 1)
            gaps = pairs.map { max(times[$0 + 1] - times[$0], 1e-12) }
            pairHasAngles = pairs.map { states[$0] == .arc && states[$0 + 1] == .arc && hasAngles[$0] && hasAngles[$0 + 1] }
            startTurns = pairs.map { PeriodFinder.shortTurn(starts[$0], starts[$0 + 1]) }
            endTurns = pairs.map { PeriodFinder.shortTurn(ends[$0], ends[$0 + 1]) }
        }

        var count: Int { states.count }
    }

    /// Mean mismatch (degrees; 90 for a different state) between each frame and the
    /// measurements interpolated `lag` seconds later. (`m` must have been made with `times`.)
    static func mismatch(_ m: Readings, times: [Double], lag: Double) -> Double? {
        var total = 0.0, count = 0
        var j = 0
        let n = m.count
        precondition(m.gaps.count == max(0, n - 1), "Readings made without the times")
        m.codes.withUnsafeBufferPointer { code in
        m.hasAngles.withUnsafeBufferPointer { hasAngles in
        m.starts.withUnsafeBufferPointer { start in
        m.ends.withUnsafeBufferPointer { end in
        m.gaps.withUnsafeBufferPointer { gap in
        m.pairHasAngles.withUnsafeBufferPointer { pairHasAngles in
        m.startTurns.withUnsafeBufferPointer { startTurn in
        m.endTurns.withUnsafeBufferPointer { endTurn in
        times.withUnsafeBufferPointer { times in
            for i in 0..<n {
                let target = times[i] + lag
                while j + 1 < n && times[j + 1] <= target { j += 1 }
                guard j + 1 < n, times[j] <= target else { break }
                let f = (target - times[j]) / gap[j]
                let a = code[i], b = code[j], c = code[j + 1]
                if a == 0 || b == 0 || c == 0 { continue }
                guard a == b && a == c else {
                    let other = f < 0.5 ? b : c
                    if a != other { total += 90 }
                    count += 1
                    continue
                }
                if a == 1, hasAngles[i], pairHasAngles[j] {
                    // `interpolate` of the pair, with its turn worked out once.
                    let s2 = start[j] + startTurn[j] * f, e2 = end[j] + endTurn[j] * f
                    total += (circular(start[i], s2) + circular(end[i], e2)) / 2
                }
                count += 1
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        return count >= max(3, n / 4) ? total / Double(count) : nil
    }

    /// How far `b` lies from `a`, the short way round (−180...180), as `interpolate` turns.
    @inline(__always) static func shortTurn(_ a: Double, _ b: Double) -> Double {
        var d = remainder360(b - a)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }

    /// Interpolates angles the short way round.
    static func interpolate(_ a: Double, _ b: Double, _ f: Double) -> Double {
        a + shortTurn(a, b) * f
    }

    static func circular(_ a: Double, _ b: Double) -> Double {
        let d = remainder360(abs(a - b))
        return min(d, 360 - d)
    }

    /// `x.truncatingRemainder(dividingBy: 360)`, skipping the library call in the usual case
    /// (angles differ by less than a turn, where the remainder is `x` itself): the period search
    /// makes millions of these.
    @inline(__always) static func remainder360(_ x: Double) -> Double {
        let m = abs(x)
        if m < 360 { return x }
        // Between one and two turns (an end angle past 360 against a start angle) the
        // subtraction is exact (Sterbenz), so it equals the remainder without the library call.
        if m < 720 { return x < 0 ? -(m - 360) : m - 360 }
        return x.truncatingRemainder(dividingBy: 360)
    }
}
