import AnimationModel
import RecordingClock

extension Problem {
    /// The fitted model's values, errors and flags at every frame, and the summary figures.
    ///
    /// `allFrames` are timed on `timeBase`; `stored` are the same frames as given (a hold shows
    /// there as a stored gap of more than one interval).
    func result(_ p: [Double], allFrames: [ObservedFrame], stored: [ObservedFrame], timeBase: TimeBase, options: FitOptions,
                outliers: [Int]) throws(ModelInstanceError) -> FitResult {
        let model = try document.resolve(overrides: overrides(p), options: evaluation)
        let phase = p[0], r = rate(p)
        // One interval of the recording's clock, in model seconds.
        let interval = timeBase.interval * r
        // Three quarters of a frame interval: a frame off by a whole interval is flagged for
        // sure, measurement noise of a few milliseconds never is.
        let flagTiming = options.flagTiming ?? 0.75 * interval
        let outlierSet = Set(outliers)
        let precision = measurementPrecision(p, model: model)
        var fits: [FrameFit] = []
        // The last frame whose picture matched the model well and was on time: where the
        // content stood (model time) and when (recording time), for telling a skip from noise.
        var reference: (match: Double, sigma: Double, time: Double)?
        for (i, f) in allFrames.enumerated() {
            let t = phase + r * f.time
            var layers: [LayerFit] = []
            var weighted = 0.0, weights = 0.0
            var anyCompared = false, anyObservable = false
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
                    if changes(layer, around: t, by: interval), !Residual.subPixelInk(o, presentation),
                       let sigma = timingUncertainty(o, layer: layer, at: t, precision: precision[j], step: interval),
                       sigma <= 0.5 * interval,
                       let match = timingError(o, layer: layer, at: t, window: max(4 * interval, 0.05), tolerance: 2 * precision[j]) {
                        anyObservable = true
                        fit.timingError = match.shift
                        fit.timingErrorUncertainty = sigma
                        weighted += match.shift / (sigma * sigma)
                        weights += 1 / (sigma * sigma)
                        matchedWell = matchedWell && match.residual <= 2
                    }
                }
                layers.append(fit)
            }
            let error = weights > 0 ? weighted / weights : nil
            let sigma = weights > 0 ? (1 / weights).squareRoot() : nil
            var flags: [String] = []
            var hitch = 0.0
            let gap = i > 0 ? f.time - allFrames[i - 1].time : 0
            let storedGap = i > 0 ? stored[i].time - stored[i - 1].time : 0
            // The same picture again while the model moved: the picture before held for this
            // frame's whole interval (a picture that holds with the model is no fault).
            let duplicate = i > 0 && isDuplicate(f, allFrames[i - 1])
                && moves(model, from: phase + r * allFrames[i - 1].time, to: t, precision: precision)
            var timed = false
            if let e = error, let s = sigma, abs(e) > flagTiming, abs(e) > 3 * s {
                // Significant: over the threshold and over three uncertainties.
                timed = true
                if e > 0 { flags.append("late"); hitch = e / r } else { flags.append("early") }
            }
            if duplicate {
                flags.append("duplicate")
                hitch = max(hitch, gap)
            }
            if i > 0, !duplicate, !timed {
                // Content that skipped at least one interval of the clock: a longer step on a
                // steady clock while the model moved (frames merged, or captures skipped), or a
                // picture further ahead than its time says.
                var skipped = timeBase.steady && gap >= 1.5 * timeBase.interval
                    && moves(model, from: phase + r * allFrames[i - 1].time, to: t, precision: precision)
                // (On a steady clock a lasting jump has been timed back already: a single frame
                // ahead is `early` or nothing, not a missing frame.)
                if !skipped, !timeBase.steady, let e = error, matchedWell, let ref = reference {
                    let advance = (t - e) - ref.match
                    skipped = advance - r * (f.time - ref.time) > max(0.5 * interval, 3 * (sigma! * sigma! + ref.sigma * ref.sigma).squareRoot())
                }
                if skipped {
                    flags.append("dropped")
                    // A hold: the picture before stayed on screen for the skipped intervals.
                    if storedGap >= 1.5 * timeBase.interval { hitch = max(0, gap - timeBase.interval) }
                }
            }
            if let e = error, let s = sigma, matchedWell, !duplicate, !timed { reference = (t - e, s, f.time) }
            if timeBase.source == .delays, f.delayCentiseconds <= 1 { flags.append("clampedDelay") }
            if outlierSet.contains(f.index) { flags.append("outlier") }
            if anyCompared && !anyObservable { flags.append("unobservable") }
            fits.append(FrameFit(index: f.index, time: f.time, delay: f.delay, modelTime: t, layers: layers, flags: flags, hitchTime: hitch))
        }

        // Summary over the frames that take part (not outliers).
        var timings: [(Double, Int)] = [], angles: [(Double, Int)] = []
        var compared = 0
        for fit in fits where !fit.flags.contains("outlier") {
            if fit.layers.contains(where: { $0.residual != nil }) { compared += 1 }
            if let e = fit.timingError { timings.append((e, fit.index)) }
            if let a = fit.layers.compactMap(\.angleError).max() { angles.append((a, fit.index)) }
        }
        func rms(_ v: [(Double, Int)]) -> Double? { v.isEmpty ? nil : (v.reduce(0) { $0 + $1.0 * $1.0 } / Double(v.count)).squareRoot() }
        let maxTiming = timings.max { abs($0.0) < abs($1.0) }
        let maxAngle = angles.max { $0.0 < $1.0 }
        let span = allFrames.isEmpty ? 0 : (allFrames.last!.time + allFrames.last!.delay) - allFrames.first!.time
        let hitchTotal = fits.reduce(0) { $0 + $1.hitchTime }
        var variables = fixed
        for (i, v) in free.enumerated() { variables[v.name] = p[2 + i] }
        return FitResult(phase: phase, rate: r, ratePinned: pinnedRate != nil, variables: variables, frames: fits,
                         parameters: determination(p), rmsTimingError: rms(timings), maxTimingError: maxTiming.map { abs($0.0) },
                         maxTimingErrorFrame: maxTiming?.1, rmsAngleError: rms(angles), maxAngleError: maxAngle?.0,
                         maxAngleErrorFrame: maxAngle?.1, framesCompared: compared, flagTiming: flagTiming,
                         timeBase: timeBase, hitchTimeRatio: span > 0 ? hitchTotal * 1000 / span : 0, model: model)
    }

    /// The model-time shift that best explains observation `o` near model time `t` (positive:
    /// the frame shows a state the model had reached earlier); nil where the model is flat.
    ///
    /// Of the local minima of the residual across the window, the one nearest no shift whose
    /// residual is within `tolerance` degrees (the measurement's noise) of the smallest: near a
    /// hold or a turning point a state a few intervals away can match a noisy frame a hair
    /// better, and that says nothing about timing.
    func timingError(_ o: Observation, layer: ResolvedLayer, at t: Double, window: Double, tolerance: Double = 0) -> (shift: Double, residual: Double)? {
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
        var best: Int?
        for k in 0...n {
            guard let e = errors[k], e <= lo + tolerance + 1e-9 else { continue }
            // A local minimum (plateaus included).
            let left = k > 0 ? errors[k - 1] : nil, right = k < n ? errors[k + 1] : nil
            guard (left ?? .infinity) >= e - 1e-12, (right ?? .infinity) >= e - 1e-12 else { continue }
            if best == nil || abs(shifts[k]) < abs(shifts[best!]) - 1e-12 { best = k }
        }
        guard let best else { return nil }
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

    /// Per model layer: one standard deviation of a frame's measured ends, degrees, from the
    /// fit's own residuals (1.4826 × their median: robust to the faulty frames), at least 0.05°.
    func measurementPrecision(_ p: [Double], model: ResolvedModel) -> [Double] {
        let r = rate(p)
        return model.layers.indices.map { j in
            var residuals: [Double] = []
            for (i, f) in frames.enumerated() where !excluded.contains(i) && j < f.layers.count {
                guard let o = f.layers[j], o.state == .arc,
                      let e = Residual.degrees(o, model.layers[j].presentation(at: p[0] + r * f.time)) else { continue }
                residuals.append(e)
            }
            guard !residuals.isEmpty else { return 0.5 }
            residuals.sort()
            return max(0.05, 1.4826 * residuals[residuals.count / 2])
        }
    }

    /// One standard deviation of the timing error of observation `o` at model time `t` (model
    /// seconds): the measured ends' precision over the model's speed there (both ends of an arc
    /// count; an open path's drawn fraction counts 1 % as 1°). nil where the model stands still.
    func timingUncertainty(_ o: Observation, layer: ResolvedLayer, at t: Double, precision: Double, step: Double) -> Double? {
        let h = max(0.25 * step, 1e-4)
        let a = layer.presentation(at: t - h), b = layer.presentation(at: t + h)
        var speedSquared = 0.0
        if o.startAngle != nil || o.endAngle != nil {
            if let s0 = a.startAngle, let s1 = b.startAngle, let e0 = a.endAngle, let e1 = b.endAngle {
                let vs = Residual.signedCircular(s1, s0) / (2 * h), ve = Residual.signedCircular(e1, e0) / (2 * h)
                speedSquared = vs * vs + ve * ve
            } else if a.state != b.state {
                // An end appears or vanishes in between: timed to about the step.
                return h
            }
        } else if o.strokeEnd != nil {
            let v = (b.values.strokeEnd - a.values.strokeEnd) * 100 / (2 * h)
            speedSquared = v * v
        }
        guard speedSquared > 0 else { return nil }
        return precision / speedSquared.squareRoot()
    }

    /// Whether the model's picture changes between model times `t0` and `t1` by more than the
    /// frames can measure (three of their standard deviations, at least 0.2°).
    func moves(_ model: ResolvedModel, from t0: Double, to t1: Double, precision: [Double]) -> Bool {
        for (j, layer) in model.layers.enumerated() {
            let a = layer.presentation(at: t0), b = layer.presentation(at: t1)
            if a.state != b.state { return true }
            let limit = max(0.2, 3 * (j < precision.count ? precision[j] : 0.05))
            if let x = a.startAngle, let y = b.startAngle, Residual.circular(x, y) > limit { return true }
            if let x = a.endAngle, let y = b.endAngle, Residual.circular(x, y) > limit { return true }
            if a.state == .arc, a.startAngle == nil,
               abs(a.values.strokeEnd - b.values.strokeEnd) * 100 > limit || abs(a.values.strokeStart - b.values.strokeStart) * 100 > limit { return true }
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

    /// Standard errors from the residuals' Jacobian: the larger of the Gauss–Newton covariance
    /// (independent residuals) and a Newey–West one (residuals correlated from frame to frame);
    /// a parameter whose whole plausible change moves the residuals by under half a degree is
    /// undetermined.
    ///
    /// Measurement errors are not independent from frame to frame: an end read a little ahead
    /// along one stretch of the path, a placement a fraction of a pixel off, compression that
    /// smears the same edge alike in neighbouring frames. Such errors do not average out over
    /// the frames as the Gauss–Newton figure assumes, and a fit that trusted it claimed standard
    /// errors twenty times smaller than its real error. The Newey–West estimate (a Bartlett
    /// window of about √n frames) lets the residuals' own structure widen it. A bias shared by
    /// every frame that a parameter absorbs whole (every end read 0.05° ahead moves the phase)
    /// leaves no residual and cannot be seen this way.
    func determination(_ p: [Double]) -> [ParameterDetermination] {
        let names = ["phase", "rate"] + free.map(\.name)
        let indices = (0..<p.count).filter { $0 != 1 || pinnedRate == nil }
        // Signed components per frame (outliers left out), in a fixed layout; with each
        // component's frame (its position among the frames kept).
        var frameOfComponent: [Int] = []
        func vector(_ q: [Double]) -> [Double] {
            guard let model = model(q) else { return [] }
            let r = rate(q)
            var out: [Double] = []
            var owners: [Int] = []
            var kept = 0
            for (i, f) in frames.enumerated() where !excluded.contains(i) {
                for (j, o) in f.layers.enumerated() {
                    guard let o else { continue }
                    let parts = Residual.signed(o, model.layers[j].presentation(at: q[0] + r * f.time))
                    let padded = parts + [Double](repeating: 0, count: max(0, 2 - parts.count))
                    out.append(contentsOf: padded)
                    owners.append(contentsOf: [Int](repeating: kept, count: padded.count))
                }
                kept += 1
            }
            if frameOfComponent.isEmpty { frameOfComponent = owners }
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
        let correlated = inverse.flatMap { neweyWest(columns: columns, residuals: base, frameOf: frameOfComponent, inverse: $0, dof: dof, count: kept.count) }
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
                se = max(sigma2 * inv[k][k], correlated?[k] ?? 0).squareRoot()
                if i == 1 { se = se! * rate(p) }
            }
            return ParameterDetermination(name: names[i], value: value, standardError: se, determined: determined)
        }
    }

    /// The variances of the parameters (the diagonal of (JᵀJ)⁻¹ S (JᵀJ)⁻¹) when the residuals
    /// may be correlated over nearby frames: S sums the per-frame scores gₜ = Jₜᵀ rₜ and their
    /// products with the scores of the frames up to L = ⌈√n⌉ later, weighted 1 − l / (L + 1)
    /// (Bartlett, so S is never negative), scaled by n / dof as the Gauss–Newton σ² is.
    /// Nil when there is nothing to estimate from.
    func neweyWest(columns: [[Double]], residuals: [Double], frameOf: [Int], inverse: [[Double]], dof: Int, count: Int) -> [Double]? {
        let m = columns.count
        guard m > 0, frameOf.count == residuals.count, let frameCount = frameOf.last.map({ $0 + 1 }), frameCount > m else { return nil }
        var scores = [[Double]](repeating: [Double](repeating: 0, count: m), count: frameCount)
        for c in residuals.indices where residuals[c] != 0 {
            for a in 0..<m where c < columns[a].count { scores[frameOf[c]][a] += columns[a][c] * residuals[c] }
        }
        let lags = Int(Double(frameCount).squareRoot().rounded(.up))
        var s = [[Double]](repeating: [Double](repeating: 0, count: m), count: m)
        for lag in 0...min(lags, frameCount - 1) {
            let w = lag == 0 ? 1 : 1 - Double(lag) / Double(lags + 1)
            for t in 0..<(frameCount - lag) {
                let g = scores[t], h = scores[t + lag]
                for a in 0..<m {
                    for b in 0..<m { s[a][b] += lag == 0 ? g[a] * h[b] : w * (g[a] * h[b] + h[a] * g[b]) }
                }
            }
        }
        let scale = Double(count) / Double(max(dof, 1))
        return (0..<m).map { k in
            // (A⁻¹ S A⁻¹)ₖₖ = Σₐ Σᵦ A⁻¹ₖₐ Sₐᵦ A⁻¹ᵦₖ
            var v = 0.0
            for a in 0..<m { for b in 0..<m { v += inverse[k][a] * s[a][b] * inverse[b][k] } }
            return max(v, 0) * scale
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
