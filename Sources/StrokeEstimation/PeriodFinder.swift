/// Finds when a sequence of ring measurements repeats, from the measurements alone.
public enum PeriodFinder {
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
    public static func period(_ measurements: [ArcMeasurement], times: [Double], tolerance: Double = 3) -> Period? {
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
        let compact = measurements.map(Reading.init)
        let scores = lags.map { mismatch(compact, times: times, lag: $0) }
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

    /// What the period search needs of a measurement, without its arrays (so the inner loop
    /// copies nothing).
    struct Reading {
        var state: ArcMeasurement.State
        var startAngle: Double?
        var endAngle: Double?
        init(_ m: ArcMeasurement) { state = m.state; startAngle = m.startAngle; endAngle = m.endAngle }
    }

    /// Mean mismatch (degrees; 90 for a different state) between each frame and the
    /// measurements interpolated `lag` seconds later.
    static func mismatch(_ m: [Reading], times: [Double], lag: Double) -> Double? {
        var total = 0.0, count = 0
        var j = 0
        for i in m.indices {
            let target = times[i] + lag
            while j + 1 < times.count && times[j + 1] <= target { j += 1 }
            guard j + 1 < times.count, times[j] <= target else { break }
            let f = (target - times[j]) / max(times[j + 1] - times[j], 1e-12)
            let a = m[i], b = m[j], c = m[j + 1]
            if a.state == .unknown || b.state == .unknown || c.state == .unknown { continue }
            let other = f < 0.5 ? b : c
            guard a.state == b.state && a.state == c.state else {
                if a.state != other.state { total += 90 }
                count += 1
                continue
            }
            if a.state == .arc, let s1 = a.startAngle, let e1 = a.endAngle, let sb = b.startAngle, let eb = b.endAngle,
               let sc = c.startAngle, let ec = c.endAngle {
                let s2 = interpolate(sb, sc, f), e2 = interpolate(eb, ec, f)
                total += (circular(s1, s2) + circular(e1, e2)) / 2
            }
            count += 1
        }
        return count >= max(3, m.count / 4) ? total / Double(count) : nil
    }

    /// Interpolates angles the short way round.
    static func interpolate(_ a: Double, _ b: Double, _ f: Double) -> Double {
        var d = remainder360(b - a)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return a + d * f
    }

    static func circular(_ a: Double, _ b: Double) -> Double {
        let d = remainder360(abs(a - b))
        return min(d, 360 - d)
    }

    /// `x.truncatingRemainder(dividingBy: 360)`, skipping the library call in the usual case
    /// (angles differ by less than a turn, where the remainder is `x` itself): the period search
    /// makes millions of these.
    @inline(__always) static func remainder360(_ x: Double) -> Double {
        abs(x) < 360 ? x : x.truncatingRemainder(dividingBy: 360)
    }
}
