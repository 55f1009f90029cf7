/// Finds the drawn length of an open path's stroke that best explains the pixels near its end:
/// the forward model is `PrefixCoverage` (each pixel's predicted coverage as a function of the
/// drawn length `L`), compared with each pixel's observed coverage.
///
/// - Anti-aliased pixels: least squares between observed and predicted coverage.
/// - 1-bit pixels (GIF transparency keeps a pixel iff its coverage reaches one half): the number
///   of pixels whose predicted on/off differs from the observed one.
///
/// The prediction only changes where `L` passes a sample's threshold, so the objective is a step
/// function of `L`; it is swept over a range on a grid of 1/64 px, every change at once, which
/// gives the best stretch of lengths (not just a point) and how wide the set of nearly-as-good
/// lengths is.
struct StrokeEndFit {
    /// The sweep's resolution, in pixels along the path.
    static let grid: Float = 1.0 / 64
    /// One stretch of drawn lengths over which the prediction does not change.
    struct Interval {
        var lower: Double
        var upper: Double
        var cost: Double
    }

    /// The sweep's outcome over the range it was given.
    struct Result {
        /// Every stretch of the range with its cost, in order (the last one is the range's end).
        var intervals: [Interval]
        /// The smallest cost.
        var minimum: Double
        /// Pixels whose prediction changes within the range.
        var pixels: Int

        /// The stretches with the smallest cost.
        var best: [Interval] { intervals.filter { $0.cost <= minimum + 1e-9 } }

        /// The lowest and highest drawn length whose cost is within `tolerance` of the best.
        func span(within tolerance: Double) -> ClosedRange<Double> {
            let good = intervals.filter { $0.cost <= minimum + tolerance + 1e-9 }
            return good.first!.lower...good.last!.upper
        }
    }

    /// Sweeps the drawn length over `range` (pixels).
    ///
    /// - Parameters:
    ///   - observed: observed coverage of modelled pixel `i` (0 … 1; for 1-bit pixels 0 or 1).
    ///   - binary: compare on/off (coverage ≥ ½) instead of coverage.
    /// - Returns: nil when no pixel's prediction changes within the range.
    static func sweep(_ model: PrefixCoverage, range: ClosedRange<Double>, binary: Bool, observed: (Int) -> Double) -> Result? {
        let lo = Float(range.lowerBound), hi = Float(range.upperBound)
        let s = PrefixCoverage.samples
        var selected: [Int] = []
        var obs: [Double] = []
        var counts: [Int] = []
        var cost = 0.0
        @inline(__always) func predicted(_ k: Int) -> Double {
            binary ? (k >= PrefixCoverage.halfCount ? 1 : 0) : Double(k) / Double(s)
        }
        for i in 0..<model.pixelCount where model.firstThreshold[i] <= hi && model.lastThreshold[i] > lo {
            let a = observed(i)
            let k = model.count(i, at: lo)
            selected.append(i)
            obs.append(a)
            counts.append(k)
            let d = a - predicted(k)
            cost += d * d
        }
        guard !selected.isEmpty else { return nil }
        // Every change of the prediction inside (lo, hi] — where a sample is first covered (for
        // 1-bit pixels only the sample that makes the pixel reach half coverage) — adds a known
        // amount to the cost from there on: a pixel's thresholds are sorted, so its m-th change
        // takes it from count k + m to k + m + 1. The changes are gathered per step of a fine
        // grid (no sort), and the cost at each grid length is the running sum.
        let grid = Self.grid
        let steps = max(1, Int(((hi - lo) / grid).rounded(.up)))
        var delta = [Double](repeating: 0, count: steps + 1)
        @inline(__always) func slot(_ t: Float) -> Int { min(steps, max(1, Int(((t - lo) / grid).rounded(.up)))) }
        for (j, i) in selected.enumerated() {
            let base = i * s, a = obs[j]
            if binary {
                let t = model.thresholds[base + PrefixCoverage.halfCount - 1]
                if t > lo && t <= hi { delta[slot(t)] += (a - 1) * (a - 1) - a * a }
            } else {
                for k in counts[j]..<s {
                    let t = model.thresholds[base + k]
                    if t > hi { break }
                    let before = Double(k) / Double(s), after = Double(k + 1) / Double(s)
                    delta[slot(t)] += (a - after) * (a - after) - (a - before) * (a - before)
                }
            }
        }
        var intervals: [Interval] = []
        intervals.reserveCapacity(steps + 1)
        for b in 0...steps {
            cost += delta[b]
            let lower = min(Double(lo + Float(b) * grid), Double(hi))
            let upper = b == steps ? Double(hi) : min(Double(lo + Float(b + 1) * grid), Double(hi))
            intervals.append(Interval(lower: lower, upper: upper, cost: cost))
        }
        let minimum = intervals.map(\.cost).min()!
        return Result(intervals: intervals, minimum: minimum, pixels: selected.count)
    }
}
