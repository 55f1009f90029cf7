/// Value computation of basic and keyframe animations (CA-TIMING.md §3).
extension ResolvedAnimation {
    /// Applies this animation (and, for a group, its children in array order) at parent time
    /// `tp` to `values`, which hold what earlier animations produced; `model` holds the layer's
    /// model values.
    func apply(at tp: Double, to values: inout AnimatedValues, model: AnimatedValues, topLevel: Bool) {
        guard let (u, k) = localTime(at: tp, topLevel: topLevel) else { return }
        switch kind {
        case .group(let children):
            // The group's timing function warps its children's clock (§2.1).
            let childTime = timingFunction == nil ? u : duration * applyTiming(timingFunction, u / duration)
            // Through the buffer: iterating the array would copy each child (and retain what it holds).
            children.withUnsafeBufferPointer { list in
                for i in list.indices { list[i].apply(at: childTime, to: &values, model: model, topLevel: false) }
            }
        case .basic(let fromValue, let toValue, let byValue):
            guard let property else { return }
            let current = values[property]
            let from: Double, to: Double
            // Precedence from+to, from+by, by+to, then single values (§3.1).
            if let f = fromValue, let t = toValue { from = f; to = t }
            else if let f = fromValue, let b = byValue { from = f; to = f + b }
            else if let b = byValue, let t = toValue { from = t - b; to = t }
            else if let f = fromValue { from = f; to = model[property] }
            else if let t = toValue { from = current; to = t }
            else if let b = byValue { from = current; to = current + b }
            else { return }
            let x = u / duration
            // Snap on the input, keep any overshoot of the curve in between (§3.1 decision).
            var v = x <= 0 ? from : x >= 1 ? to : from + (to - from) * applyTiming(timingFunction, x)
            if cumulative && k > 0 { v += k * (autoreverses ? from : to) }
            values[property] = additive ? current + v : v
        case .keyframe(let frames):
            guard let property, frames.values.count >= 2 else { return }
            let current = values[property]
            let progress = min(max(applyTiming(timingFunction, u / duration), 0), 1)
            var v = frames.value(at: progress)
            if cumulative && k > 0 { v += k * (autoreverses ? frames.values[0] : frames.values[frames.values.count - 1]) }
            values[property] = additive ? current + v : v
        }
    }
}

extension ResolvedKeyframes {
    /// The value at overall progress `p` in [0, 1] (after the animation's timing function).
    func value(at p: Double) -> Double {
        let n = values.count
        switch mode {
        case .discrete:
            let index: Int
            if let kt = keyTimes, kt.count >= 2 {
                index = Self.segment(kt, p).index
            } else {
                index = Int((p * Double(n)).rounded(.down))
            }
            return values[max(0, min(index, n - 1))]
        case .paced:
            return paced(p)
        case .linear, .cubic:
            let times = keyTimes ?? (0..<n).map { Double($0) / Double(n - 1) }
            let (i, f0) = Self.segment(times, p)
            let f = applyTiming(timingFunctions?[i] ?? nil, f0)
            if mode == .linear { return values[i] + (values[i + 1] - values[i]) * f }
            return cubic(segment: i, fraction: f, times: times)
        }
    }

    /// The segment whose start key time is the last one at or before `p`, and the fraction
    /// inside it (§3.2 step 3).
    static func segment(_ kt: [Double], _ p: Double) -> (index: Int, fraction: Double) {
        let m = kt.count
        var index = m - 2
        if m > 2 {
            for i in 1...(m - 2) where kt[i] > p {
                index = i - 1
                break
            }
        }
        let span = kt[index + 1] - kt[index]
        let f = span > 0 ? (p - kt[index]) / span : 1
        return (index, min(max(f, 0), 1))
    }

    /// Paced: equal speed along the values, ignoring keyTimes and timing functions (§3.2 step 8).
    private func paced(_ p: Double) -> Double {
        var lengths: [Double] = []
        var total = 0.0
        for i in 0..<(values.count - 1) {
            let l = abs(values[i + 1] - values[i])
            lengths.append(l)
            total += l
        }
        guard total > 0 else { return values[0] }
        let target = p * total
        var cumulative = 0.0
        for (i, l) in lengths.enumerated() {
            if target <= cumulative + l || i == lengths.count - 1 {
                let f = l > 0 ? min(max((target - cumulative) / l, 0), 1) : 1
                return values[i] + (values[i + 1] - values[i]) * f
            }
            cumulative += l
        }
        return values[values.count - 1]
    }

    /// Catmull-Rom (Kochanek–Bartels with zero tension, continuity and bias) through the values,
    /// tangents scaled for uneven key times; the missing neighbours at both ends are
    /// extrapolated linearly (MODEL-FORMAT.md `keyframe`).
    private func cubic(segment i: Int, fraction f: Double, times: [Double]) -> Double {
        let n = values.count
        func value(_ j: Int) -> Double {
            if j < 0 { return 2 * values[0] - values[1] }
            if j >= n { return 2 * values[n - 1] - values[n - 2] }
            return values[j]
        }
        func time(_ j: Int) -> Double {
            if j < 0 { return 2 * times[0] - times[1] }
            if j >= n { return 2 * times[n - 1] - times[n - 2] }
            return times[j]
        }
        let p0 = value(i), p1 = value(i + 1)
        // Catmull-Rom tangent at a key: the mean of its two neighbouring chords.
        let t0 = 0.5 * ((p0 - value(i - 1)) + (p1 - p0))
        let t1 = 0.5 * ((p1 - p0) + (value(i + 2) - p1))
        // Kochanek–Bartels' adjustment for uneven spacing: each tangent is scaled by the
        // segment's share of the two intervals around its key.
        let d0 = time(i) - time(i - 1), d = time(i + 1) - time(i), d1 = time(i + 2) - time(i + 1)
        let s0 = d0 + d > 0 ? 2 * d / (d0 + d) : 1
        let s1 = d + d1 > 0 ? 2 * d / (d + d1) : 1
        let f2 = f * f, f3 = f2 * f
        let h00 = 2 * f3 - 3 * f2 + 1, h10 = f3 - 2 * f2 + f
        let h01 = -2 * f3 + 3 * f2, h11 = f3 - f2
        return h00 * p0 + h10 * t0 * s0 + h01 * p1 + h11 * t1 * s1
    }
}
