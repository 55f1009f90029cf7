import AnimationModel

extension Problem {
    /// The fitted model's values, errors and flags at every frame, and the summary figures.
    func result(_ p: [Double], allFrames: [ObservedFrame], options: FitOptions, outliers: [Int]) throws(ModelInstanceError) -> FitResult {
        let model = try document.resolve(overrides: overrides(p), options: evaluation)
        let phase = p[0], r = rate(p)
        let delays = allFrames.map(\.delay).filter { $0 > 0 }.sorted()
        let interval = (delays.isEmpty ? 0.04 : delays[delays.count / 2]) * r
        // Three quarters of a frame interval: a frame off by a whole interval is flagged for
        // sure, measurement noise of a few milliseconds never is.
        let flagTiming = options.flagTiming ?? 0.75 * interval
        let outlierSet = Set(outliers)
        var fits: [FrameFit] = []
        var previousMatch: Double?
        for (i, f) in allFrames.enumerated() {
            let t = phase + r * f.time
            var layers: [LayerFit] = []
            var timing: [Double] = []
            var anyCompared = false, anyObservable = false
            // Whether the frame matches the model well somewhere near its time (for telling a
            // dropped frame, after which the frames sit off the fitted line, from noise).
            var matchedWell = true
            for (j, layer) in model.layers.enumerated() {
                let presentation = layer.presentation(at: t)
                var fit = LayerFit(model: presentation)
                if let o = j < f.layers.count ? f.layers[j] : nil {
                    fit.residual = Residual.degrees(o, presentation)
                    fit.angleError = Residual.angleError(o, presentation)
                    if let m = o.strokeEnd, presentation.state == .arc || presentation.state == .full {
                        fit.strokeEndError = m - presentation.values.strokeEnd
                    }
                    if fit.residual != nil { anyCompared = true }
                    if changes(layer, around: t, by: interval), !Residual.subPixelInk(o, presentation), let match = timingError(o, layer: layer, at: t, window: max(4 * interval, 0.05)) {
                        anyObservable = true
                        fit.timingError = match.shift
                        timing.append(match.shift)
                        matchedWell = matchedWell && match.residual <= 2
                    }
                }
                layers.append(fit)
            }
            var flags: [String] = []
            let error = timing.isEmpty ? nil : timing.reduce(0, +) / Double(timing.count)
            if let e = error {
                if e > flagTiming { flags.append("late") } else if e < -flagTiming { flags.append("early") }
            }
            if i > 0, isDuplicate(f, allFrames[i - 1]), !flags.contains("duplicate") { flags.append("duplicate") }
            // A frame seems missing when the content jumps about two frames' worth between
            // consecutive, well-fitted frames.
            if let e = error, matchedWell {
                let match = t - e
                if let prev = previousMatch, i > 0 {
                    let expected = allFrames[i - 1].delay * r
                    // One missing frame makes the content advance two intervals in one.
                    if expected > 0, match - prev > 1.6 * expected { flags.append("dropped") }
                }
                previousMatch = match
            } else {
                previousMatch = nil
            }
            if f.delayCentiseconds <= 1 { flags.append("clampedDelay") }
            if outlierSet.contains(f.index) { flags.append("outlier") }
            if anyCompared && !anyObservable { flags.append("unobservable") }
            fits.append(FrameFit(index: f.index, time: f.time, modelTime: t, layers: layers, flags: flags))
        }

        // Summary over the frames that take part (not outliers).
        var timings: [(Double, Int)] = [], angles: [(Double, Int)] = []
        var compared = 0
        for fit in fits where !fit.flags.contains("outlier") {
            if fit.layers.contains(where: { $0.residual != nil }) { compared += 1 }
            let ts = fit.layers.compactMap(\.timingError)
            if !ts.isEmpty { timings.append((ts.reduce(0, +) / Double(ts.count), fit.index)) }
            if let a = fit.layers.compactMap(\.angleError).max() { angles.append((a, fit.index)) }
        }
        func rms(_ v: [(Double, Int)]) -> Double? { v.isEmpty ? nil : (v.reduce(0) { $0 + $1.0 * $1.0 } / Double(v.count)).squareRoot() }
        let maxTiming = timings.max { abs($0.0) < abs($1.0) }
        let maxAngle = angles.max { $0.0 < $1.0 }
        var variables = fixed
        for (i, v) in free.enumerated() { variables[v.name] = p[2 + i] }
        return FitResult(phase: phase, rate: r, ratePinned: pinnedRate != nil, variables: variables, frames: fits,
                         parameters: determination(p), rmsTimingError: rms(timings), maxTimingError: maxTiming.map { abs($0.0) },
                         maxTimingErrorFrame: maxTiming?.1, rmsAngleError: rms(angles), maxAngleError: maxAngle?.0,
                         maxAngleErrorFrame: maxAngle?.1, framesCompared: compared, flagTiming: flagTiming, model: model)
    }

    /// The model-time shift that best explains observation `o` near model time `t` (positive:
    /// the frame shows a state the model had reached earlier); nil where the model is flat.
    func timingError(_ o: Observation, layer: ResolvedLayer, at t: Double, window: Double) -> (shift: Double, residual: Double)? {
        let n = 80
        var errors: [Double?] = []
        var shifts: [Double] = []
        for k in 0...n {
            let d = -window + 2 * window * Double(k) / Double(n)
            shifts.append(d)
            errors.append(Residual.degrees(o, layer.presentation(at: t + d)))
        }
        let valid = errors.compactMap { $0 }
        guard valid.count > n / 2 else { return nil }
        // Flat: the model's picture hardly changes across the window, so timing says nothing.
        guard let lo = valid.min(), let hi = valid.max(), hi - lo >= 1 else { return nil }
        // The minimum nearest to no shift (ties: the smaller shift).
        var best = n / 2
        for k in 0...n {
            guard let e = errors[k], let b = errors[best] else { continue }
            if e < b - 1e-9 || (abs(e - b) <= 1e-9 && abs(shifts[k]) < abs(shifts[best])) { best = k }
        }
        var shift = shifts[best]
        if best > 0, best < n, let a = errors[best - 1], let b = errors[best], let c = errors[best + 1] {
            let d = a - 2 * b + c
            if d > 1e-12 { shift += min(max(0.5 * (a - c) / d, -0.5), 0.5) * (2 * window / Double(n)) }
        }
        return (-shift, errors[best] ?? 0)
    }

    /// Whether the model's picture changes within one frame interval of `t` (else the frame
    /// says nothing about timing: it is flat there).
    func changes(_ layer: ResolvedLayer, around t: Double, by interval: Double) -> Bool {
        let here = layer.presentation(at: t)
        for other in [layer.presentation(at: t - interval), layer.presentation(at: t + interval)] {
            if other.state != here.state { return true }
            if let a = here.startAngle, let b = other.startAngle, Residual.circular(a, b) > 0.2 { return true }
            if let a = here.endAngle, let b = other.endAngle, Residual.circular(a, b) > 0.2 { return true }
            if here.state == .arc, abs(here.values.strokeEnd - other.values.strokeEnd) > 0.002 { return true }
            if here.state == .arc, abs(here.values.strokeStart - other.values.strokeStart) > 0.002 { return true }
        }
        return false
    }

    func isDuplicate(_ a: ObservedFrame, _ b: ObservedFrame) -> Bool {
        var drawn = false
        for (x, y) in zip(a.layers, b.layers) {
            guard let x, let y else { continue }
            guard x.state == y.state else { return false }
            if x.state == .arc {
                drawn = true
                if let s1 = x.startAngle, let s2 = y.startAngle, Residual.circular(s1, s2) > 0.05 { return false }
                if let e1 = x.endAngle, let e2 = y.endAngle, Residual.circular(e1, e2) > 0.05 { return false }
                if let f1 = x.strokeEnd, let f2 = y.strokeEnd, abs(f1 - f2) > 0.0005 { return false }
            }
        }
        return drawn
    }

    /// Standard errors from the residuals' Jacobian (Gauss–Newton covariance); a parameter whose
    /// whole plausible change moves the residuals by under half a degree is undetermined.
    func determination(_ p: [Double]) -> [ParameterDetermination] {
        let names = ["phase", "rate"] + free.map(\.name)
        let indices = (0..<p.count).filter { $0 != 1 || pinnedRate == nil }
        // Signed components per frame (outliers left out), in a fixed layout.
        func vector(_ q: [Double]) -> [Double] {
            guard let model = model(q) else { return [] }
            let r = rate(q)
            var out: [Double] = []
            for (i, f) in frames.enumerated() where !excluded.contains(i) {
                for (j, o) in f.layers.enumerated() {
                    guard let o else { continue }
                    let parts = Residual.signed(o, model.layers[j].presentation(at: q[0] + r * f.time))
                    out.append(contentsOf: parts + [Double](repeating: 0, count: max(0, 2 - parts.count)))
                }
            }
            return out
        }
        let base = vector(p)
        let kept = Array(base.indices)
        var columns: [[Double]] = []
        var spans: [Double] = []
        for i in indices {
            let h: Double = i == 0 ? 1e-3 : i == 1 ? 1e-3 : 1e-3 * (free[i - 2].fit!.upperBound - free[i - 2].fit!.lowerBound)
            var q = p
            q[i] += h
            let moved = vector(q)
            columns.append(kept.map { $0 < moved.count ? (moved[$0] - base[$0]) / h : 0 })
            // A plausible change: 10 ms of phase, 2 % of rate, the variable's whole range.
            spans.append(i == 0 ? 0.01 : i == 1 ? 0.02 : free[i - 2].fit!.upperBound - free[i - 2].fit!.lowerBound)
        }
        let m = indices.count
        var jtj = [[Double]](repeating: [Double](repeating: 0, count: m), count: m)
        for a in 0..<m { for b in 0..<m { jtj[a][b] = zip(columns[a], columns[b]).reduce(0) { $0 + $1.0 * $1.1 } } }
        let dof = max(1, kept.count - m)
        let sigma2 = kept.reduce(0) { $0 + base[$1] * base[$1] } / Double(dof)
        let inverse = invert(jtj)
        // Parameters that trade off against each other (a free duration and a free rate both
        // stretch time) cannot be told apart, however small the residuals: look for a direction
        // the correlation matrix barely sees.
        var entangled = Set<Int>()
        let norms = (0..<m).map { jtj[$0][$0].squareRoot() }
        if m >= 2, norms.allSatisfy({ $0 > 0 }) {
            let correlation = (0..<m).map { a in (0..<m).map { b in jtj[a][b] / (norms[a] * norms[b]) } }
            for (value, vector) in symmetricEigen(correlation) where value < 0.01 {
                for k in 0..<m where abs(vector[k]) > 0.15 { entangled.insert(k) }
            }
        }
        return indices.enumerated().map { k, i in
            let value = i == 0 ? p[0] : i == 1 ? rate(p) : p[i]
            let moves = (columns[k].reduce(0) { $0 + $1 * $1 }).squareRoot() * spans[k] / Double(max(kept.count, 1)).squareRoot()
            let determined = moves >= 0.5 && !entangled.contains(k)
            var se: Double?
            if determined, let inv = inverse, inv[k][k] > 0 {
                se = (sigma2 * inv[k][k]).squareRoot()
                if i == 1 { se = se! * rate(p) }
            }
            return ParameterDetermination(name: names[i], value: value, standardError: se, determined: determined)
        }
    }

    /// Eigenvalues and eigenvectors of a small symmetric matrix (cyclic Jacobi rotations).
    func symmetricEigen(_ matrix: [[Double]]) -> [(Double, [Double])] {
        let n = matrix.count
        var a = matrix
        var v = (0..<n).map { i in (0..<n).map { $0 == i ? 1.0 : 0.0 } }
        for _ in 0..<100 {
            var off = 0.0
            for p in 0..<n { for q in (p + 1)..<max(p + 1, n) { off += a[p][q] * a[p][q] } }
            if off < 1e-22 { break }
            for p in 0..<n {
                for q in (p + 1)..<max(p + 1, n) where abs(a[p][q]) > 1e-300 {
                    let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
                    let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot(), s = t * c
                    for k in 0..<n {
                        let akp = a[k][p], akq = a[k][q]
                        a[k][p] = c * akp - s * akq
                        a[k][q] = s * akp + c * akq
                    }
                    for k in 0..<n {
                        let apk = a[p][k], aqk = a[q][k]
                        a[p][k] = c * apk - s * aqk
                        a[q][k] = s * apk + c * aqk
                    }
                    for k in 0..<n {
                        let vkp = v[k][p], vkq = v[k][q]
                        v[k][p] = c * vkp - s * vkq
                        v[k][q] = s * vkp + c * vkq
                    }
                }
            }
        }
        return (0..<n).map { i in (a[i][i], (0..<n).map { v[$0][i] }) }
    }

    func invert(_ m: [[Double]]) -> [[Double]]? {
        let n = m.count
        guard n > 0 else { return nil }
        var a = m
        var inv = (0..<n).map { i in (0..<n).map { $0 == i ? 1.0 : 0.0 } }
        for c in 0..<n {
            var pivot = c
            for r in c..<n where abs(a[r][c]) > abs(a[pivot][c]) { pivot = r }
            guard abs(a[pivot][c]) > 1e-12 else { return nil }
            a.swapAt(c, pivot); inv.swapAt(c, pivot)
            let d = a[c][c]
            for k in 0..<n { a[c][k] /= d; inv[c][k] /= d }
            for r in 0..<n where r != c {
                let f = a[r][c]
                guard f != 0 else { continue }
                for k in 0..<n { a[r][k] -= f * a[c][k]; inv[r][k] -= f * inv[c][k] }
            }
        }
        return inv
    }
}
