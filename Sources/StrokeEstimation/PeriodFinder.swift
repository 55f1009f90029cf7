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

    /// The shortest lag at which the animation looks the same again: the smallest lag whose
    /// mismatch is a clear minimum (under `tolerance` degrees), refined between frames.
    public static func period(_ measurements: [ArcMeasurement], times: [Double], tolerance: Double = 3) -> Period? {
        let n = measurements.count
        guard n >= 6 else { return nil }
        func mismatch(_ lag: Int) -> Double? {
            var total = 0.0, count = 0
            for i in 0..<(n - lag) {
                let a = measurements[i], b = measurements[i + lag]
                if a.state == .unknown || b.state == .unknown { continue }
                if a.state != b.state { total += 90; count += 1; continue }
                if a.state == .arc, let s1 = a.startAngle, let e1 = a.endAngle, let s2 = b.startAngle, let e2 = b.endAngle {
                    total += (circular(s1, s2) + circular(e1, e2)) / 2
                }
                count += 1
            }
            return count >= max(3, (n - lag) / 2) ? total / Double(count) : nil
        }
        let scores = (0...(n / 2)).map { $0 == 0 ? 0 : mismatch($0) }
        // Animations that never change have no period worth reporting.
        guard measurements.contains(where: { $0.state != measurements[0].state || $0.startAngle != measurements[0].startAngle }) else { return nil }
        for lag in 2...max(2, n / 2) where lag < scores.count {
            guard let s = scores[lag], s < tolerance else { continue }
            // Take the bottom of this dip.
            var best = lag
            while best + 1 < scores.count, let next = scores[best + 1], let cur = scores[best], next < cur { best += 1 }
            let frames = refine(best, scores)
            let seconds = interpolatedTime(times, lag: frames)
            return Period(frames: frames, seconds: seconds, mismatch: scores[best] ?? s)
        }
        return nil
    }

    static func circular(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    /// Parabolic refinement of a minimum at `k`.
    static func refine(_ k: Int, _ scores: [Double?]) -> Double {
        guard k > 0, k + 1 < scores.count, let a = scores[k - 1], let b = scores[k], let c = scores[k + 1] else { return Double(k) }
        let denominator = a - 2 * b + c
        guard denominator > 1e-12 else { return Double(k) }
        return Double(k) + min(max(0.5 * (a - c) / denominator, -0.5), 0.5)
    }

    /// Mean time span of `lag` frames across the sequence.
    static func interpolatedTime(_ times: [Double], lag: Double) -> Double {
        let whole = Int(lag.rounded(.down)), frac = lag - Double(whole)
        var total = 0.0, count = 0
        for i in 0..<times.count where i + whole + 1 < times.count {
            let t = times[i + whole] + frac * (times[i + whole + 1] - times[i + whole])
            total += t - times[i]
            count += 1
        }
        return count > 0 ? total / Double(count) : lag * ((times.last ?? 0) / Double(max(times.count - 1, 1)))
    }
}
