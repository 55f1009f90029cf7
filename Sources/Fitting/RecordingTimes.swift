import RecordingClock

/// The frame times a fit uses, and where they come from (the `timing` of the fit's report).
///
/// Under ``FitOptions/Clock/detect`` the stored times are first put on the steady capture grid
/// they round (``CaptureGrid``): a 60 Hz capture stored as 2, 2, 1 cs is fitted at 16.7 ms steps,
/// not at the ±3.3 ms the centiseconds add. After the first fit the pictures have their say:
/// - where the grid is only rounding, it stays unless the stored delays explain the pictures
///   clearly better (a recorder whose irregular delays mean what they say);
/// - where the stored times wander further (a jittery timer), the grid is kept only when it
///   explains the pictures clearly better;
/// - on a steady clock, a picture that jumps a whole number of intervals ahead and stays there is
///   a capture sample the recorder skipped without counting its time: the frames from there on
///   are timed that many intervals later, so phase and rate are fitted on the true clock.
struct RecordingTimes {
    /// Every frame, timed.
    private(set) var frames: [ObservedFrame]
    /// The frames as given (stored delays under the user's policy, or `--fps`).
    let stored: [ObservedFrame]
    private(set) var timeBase: TimeBase
    private let grid: CaptureGrid?
    private let clock: FitOptions.Clock
    /// Frame index → capture intervals skipped just before it (found from the pictures).
    private(set) var skipped: [Int: Int] = [:]

    /// The delays must explain the pictures this much better (loss ratio) to win over the clock.
    static let clearlyBetter = 0.8
    /// At most this many skipped capture samples are timed back onto the clock per round.
    static let maximumSkips = 8

    init(_ frames: [ObservedFrame], clock: FitOptions.Clock) {
        stored = frames
        self.frames = frames
        self.clock = clock
        let times = frames.map(\.time)
        let typical = Self.typicalGap(times) ?? frames.first?.delay ?? 0.04
        switch clock {
        case .evenlySpaced(let fps):
            grid = nil
            timeBase = TimeBase(source: .fps, interval: 1 / fps, steady: true,
                                note: "frames evenly spaced at \(Self.text(fps, 3)) fps (--fps): the stored delays are ignored")
        case .timestamps:
            grid = nil
            let steady = Self.onWholeSteps(times, typical)
            let longer = zip(times.dropFirst(), times).filter { $0 - $1 > 1.5 * typical }.count
            let note: String
            if steady && longer == 0 {
                note = "the movie's presentation timestamps, a constant \(Self.rateText(typical)) frame rate"
            } else if steady {
                note = "the movie's presentation timestamps, on a steady \(Self.rateText(typical)) clock with \(longer) longer gap\(longer == 1 ? "" : "s") (frames not written: a hitch, or nothing changed)"
            } else {
                note = "the movie's presentation timestamps, a variable frame rate (typically \(Self.rateText(typical)))"
            }
            timeBase = TimeBase(source: .timestamps, interval: typical, steady: steady, note: note)
        case .asGiven:
            grid = nil
            timeBase = TimeBase(source: .delays, interval: typical, steady: Self.onWholeSteps(times, typical),
                                note: "the stored delays as played under the delay policy given")
        case .detect:
            grid = CaptureGrid.find(times)
            if let grid {
                self.frames = Self.retimed(frames, to: grid.times, interval: grid.interval)
                timeBase = TimeBase(source: .clock, interval: grid.interval, steady: true, note: Self.clockNote(grid, frames))
            } else {
                let steady = Self.onWholeSteps(times, typical)
                timeBase = TimeBase(source: .delays, interval: typical, steady: steady, note: Self.delaysNote(frames, steady: steady))
            }
        }
    }

    /// Lets the pictures decide between the grid and the stored delays, then times skipped
    /// capture samples back onto the clock; refits after each change.
    mutating func settle(_ problem: inout Problem, _ solution: inout (loss: Double, parameters: [Double])) {
        if let grid {
            var alternative = problem.retimed(Fitter.observed(stored))
            alternative.excluded = problem.excluded
            let delays = alternative.refine(from: solution.parameters)
            let onClock = problem.loss(solution.parameters)
            let delaysWin = grid.kind == .rounding ? delays.loss < Self.clearlyBetter * onClock
                                                   : !(onClock < Self.clearlyBetter * delays.loss)
            if delaysWin {
                frames = stored
                let times = stored.map(\.time)
                let typical = Self.typicalGap(times) ?? timeBase.interval
                let steady = Self.onWholeSteps(times, typical)
                timeBase = TimeBase(source: .delays, interval: typical, steady: steady,
                                    note: Self.delaysNote(stored, steady: steady) + "; the pictures follow the stored delays better than a steady \(Self.rateText(grid.interval)) clock")
                problem = alternative
                solution = delays
                problem.setAsideOutliers(&solution)
            }
        }
        guard clock == .detect, timeBase.steady else { return }
        // Rounds: every skip the shifts show (each found with the ones before it undone in the
        // series), all timed back at once, then a refit; kept only when the pictures agree (the
        // whole recording, no frame set aside, explains better on the new times).
        for _ in 0..<3 {
            var shifts = problem.recordingShifts(solution.parameters, interval: timeBase.interval)
            var found: [(at: Int, intervals: Int)] = []
            var from = 1
            while found.count < Self.maximumSkips, let skip = Self.firstSkip(shifts, interval: timeBase.interval, from: from) {
                found.append(skip)
                for m in skip.at..<shifts.count { shifts[m] = shifts[m].map { $0 + Double(skip.intervals) * timeBase.interval } }
                from = skip.at + 1
            }
            guard !found.isEmpty else { break }
            let moves = found.map { (index: problem.frames[$0.at].index, intervals: $0.intervals) }
            let moved = frames.map { f -> ObservedFrame in
                var g = f
                for m in moves where f.index >= m.index { g.time += Double(m.intervals) * timeBase.interval }
                return g
            }
            let retimed = Self.retimed(moved, to: moved.map(\.time), interval: timeBase.interval)
            var candidate = problem.retimed(Fitter.observed(retimed))
            var refined = candidate.refine(from: solution.parameters)
            candidate.setAsideOutliers(&refined)
            guard Self.fullLoss(candidate, refined.parameters) < Self.fullLoss(problem, solution.parameters) else { break }
            frames = retimed
            for m in moves { skipped[m.index, default: 0] += m.intervals }
            problem = candidate
            solution = refined
        }
        if !skipped.isEmpty {
            let count = skipped.values.reduce(0, +)
            let list = skipped.keys.sorted().map(String.init).joined(separator: ", ")
            timeBase.source = .clock
            timeBase.note += "; the pictures skip \(count) capture interval\(count == 1 ? "" : "s") that the delays do not count (before frame\(skipped.count == 1 ? "" : "s") \(list)): those frames are timed on the clock"
        }
    }

    /// The first frame where the pictures jump a whole number of intervals ahead of the fit and
    /// stay there: lines through the timing shifts (recording seconds, positive: lagging) of four
    /// frames before and four from it (a first fit split between the two sides leaves a slope)
    /// meet the boundary k intervals apart (within 0.3 of one), most frames lie within 0.3
    /// interval of their side's line, and the frame itself and the one before agree with theirs.
    static func firstSkip(_ shifts: [Double?], interval: Double, from first: Int = 1) -> (at: Int, intervals: Int)? {
        let width = 4, slack = 0.3 * interval
        /// Least-squares line through (k, shift): value at `x`, and the residuals of every point.
        func fit(_ points: [(Double, Double)], _ all: [(Double, Double)], at x: Double) -> (value: Double, residuals: [Double]) {
            let n = Double(points.count)
            let mx = points.reduce(0) { $0 + $1.0 } / n, my = points.reduce(0) { $0 + $1.1 } / n
            let sxx = points.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }
            let slope = sxx > 0 ? points.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / sxx : 0
            return (my + slope * (x - mx), all.map { $0.1 - (my + slope * ($0.0 - mx)) })
        }
        /// The line through all points or all but one (a late or early frame among them must
        /// not tilt it), whichever leaves the smallest largest residual on the points it used.
        func line(_ points: [(Double, Double)], at x: Double) -> (value: Double, residuals: [Double]) {
            var best = fit(points, points, at: x)
            var worst = best.residuals.map(abs).max() ?? 0
            for leave in points.indices {
                var used = points
                used.remove(at: leave)
                let candidate = fit(used, points, at: x)
                let largest = candidate.residuals.enumerated().filter { $0.offset != leave }.map { abs($0.element) }.max() ?? 0
                if largest < worst - 1e-12 { best = candidate; worst = largest }
            }
            return best
        }
        for j in max(1, first)..<max(max(1, first), shifts.count) {
            guard shifts[j] != nil, shifts[j - 1] != nil else { continue }
            var before: [(Double, Double)] = [], after: [(Double, Double)] = []
            var k = j - 1
            while k >= 0, k >= j - 2 * width, before.count < width { if let s = shifts[k] { before.append((Double(k), s)) }; k -= 1 }
            k = j
            while k < shifts.count, k < j + 2 * width, after.count < width { if let s = shifts[k] { after.append((Double(k), s)) }; k += 1 }
            guard before.count >= 3, after.count >= 3 else { continue }
            let boundary = Double(j) - 0.5
            let old = line(before, at: boundary), new = line(after, at: boundary)
            let jump = old.value - new.value
            let steps = (jump / interval).rounded()
            guard steps >= 1, abs(jump - steps * interval) <= slack,
                  abs(old.residuals[0]) <= slack, abs(new.residuals[0]) <= slack,
                  old.residuals.filter({ abs($0) <= slack }).count >= before.count - 1,
                  new.residuals.filter({ abs($0) <= slack }).count >= after.count - 1 else { continue }
            return (j, Int(steps))
        }
        return nil
    }

    /// The robust loss over every frame, outliers included (so that two time bases compare).
    static func fullLoss(_ problem: Problem, _ p: [Double]) -> Double {
        var all = problem
        all.excluded = []
        return all.loss(p)
    }

    /// The frames at `times`, each frame's delay the time to the next (the last keeps its own,
    /// rounded to whole intervals of the clock).
    static func retimed(_ frames: [ObservedFrame], to times: [Double], interval: Double) -> [ObservedFrame] {
        var out = frames
        for i in out.indices {
            out[i].time = times[i]
            if i + 1 < out.count {
                out[i].delay = times[i + 1] - times[i]
            } else {
                out[i].delay = max(1, (frames[i].delay / interval).rounded()) * interval
            }
        }
        return out
    }

    /// The median positive gap between frame times, seconds; nil without two frames.
    static func typicalGap(_ times: [Double]) -> Double? {
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        return gaps.isEmpty ? nil : gaps[gaps.count / 2]
    }

    /// Whether every gap is a whole number of `interval`s (a steady clock, frames maybe merged).
    static func onWholeSteps(_ times: [Double], _ interval: Double) -> Bool {
        guard interval > 0 else { return false }
        return zip(times.dropFirst(), times).allSatisfy { next, t in
            let n = ((next - t) / interval).rounded()
            return n >= 1 && abs(next - t - n * interval) <= 1e-6
        }
    }

    static func clockNote(_ grid: CaptureGrid, _ frames: [ObservedFrame]) -> String {
        let pattern = frames.prefix(6).map { String($0.delayCentiseconds) }.joined(separator: ", ")
        var note: String
        switch grid.kind {
        case .rounding:
            note = "the stored delays (\(pattern), … cs) are the centisecond rounding of a steady \(rateText(grid.interval)) capture clock: frames are timed on it"
        case .noisy:
            note = "the stored delays (\(pattern), … cs) wander up to \(text(grid.largestOffset * 1000, 1)) ms around a steady \(rateText(grid.interval)) capture clock, and the pictures follow the clock: frames are timed on it"
        }
        if frames.contains(where: { $0.delayCentiseconds == 1 }) { note += " (browsers play the 1 cs delays as 10 cs)" }
        return note
    }

    static func delaysNote(_ frames: [ObservedFrame], steady: Bool) -> String {
        let distinct = Set(frames.map(\.delayCentiseconds))
        if distinct.count == 1, let cs = distinct.first { return "every stored delay is \(cs) cs" }
        return steady ? "the stored delays are whole multiples of one interval (frames merged where a delay is longer)"
                      : "the stored delays are irregular, with no steady capture clock under them"
    }

    /// "60.00 Hz (16.667 ms)".
    static func rateText(_ interval: Double) -> String {
        "\(text(1 / interval, 2)) Hz (\(text(interval * 1000, 3)) ms)"
    }

    static func text(_ v: Double, _ decimals: Int) -> String {
        var s = String(Int((v * pow(10, Double(decimals))).rounded()))
        guard decimals > 0 else { return s }
        let negative = s.hasPrefix("-")
        if negative { s.removeFirst() }
        while s.count <= decimals { s = "0" + s }
        s.insert(".", at: s.index(s.endIndex, offsetBy: -decimals))
        return (negative ? "-" : "") + s
    }
}

extension Problem {
    /// The same problem on other frame times (same model, variables and settings).
    func retimed(_ frames: [ObservedFrame]) -> Problem {
        var p = Problem(document: document, frames: frames, free: free, fixed: fixed, evaluation: evaluation, pinnedRate: pinnedRate)
        p.frameLimit = frameLimit
        p.lossThreads = lossThreads
        return p
    }

    /// Frames far off the fit (RMS residual over 5× the median and over 6°) are set aside and the
    /// fit refined without them, unless they are half the frames or more (then they are only
    /// marked: the fit has nothing better to stand on).
    mutating func setAsideOutliers(_ solution: inout (loss: Double, parameters: [Double])) {
        excluded = []
        let residuals = residuals(solution.parameters)
        let sorted = residuals.compactMap { $0 }.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let limit = max(6, 5 * median)
        excluded = Set(residuals.indices.filter { (residuals[$0] ?? 0) > limit })
        if !excluded.isEmpty && excluded.count < frames.count / 2 {
            solution = refine(from: solution.parameters)
        }
    }

    /// Per frame: the timing shift that best explains it, in recording seconds (positive: the
    /// picture lags), averaged over its layers; nil where the model is flat or the match poor.
    func recordingShifts(_ p: [Double], interval: Double) -> [Double?] {
        guard let model = model(p) else { return frames.map { _ in nil } }
        let r = rate(p)
        let steady = window(model)
        let precision = measurementPrecision(p, model: model)
        return frames.map { f in
            let t = steady?.wrapped(p[0] + r * f.time) ?? p[0] + r * f.time
            var shifts: [Double] = []
            for (j, o) in f.layers.enumerated() {
                guard let o, o.state != .unknown else { continue }
                let layer = model.layers[j]
                guard changes(layer, around: t, by: interval * r), !Residual.subPixelInk(o, layer.presentation(at: t)),
                      let match = timingError(o, layer: layer, at: t, window: max(4 * interval * r, 0.05), tolerance: 2 * precision[j]),
                      match.residual <= 2 else { continue }
                shifts.append(match.shift / r)
            }
            return shifts.isEmpty ? nil : shifts.reduce(0, +) / Double(shifts.count)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
