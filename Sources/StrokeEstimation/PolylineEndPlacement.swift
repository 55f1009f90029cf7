extension PolylineMeasurer {
    /// Where the fit puts the stroke's end.
    enum EndReading: Equatable {
        /// Drawn up to this distance along the path (pixels).
        case drawn(Double)
        /// The picture is the same for ends far apart; the note says where.
        case unknown(String)
    }

    /// Places the stroke's end by fitting the stroked prefix's predicted coverage to the pixels
    /// (`StrokeEndFit`) over a range around `estimate` (pixels; nil: no ink run at the start, so
    /// look from the start for a stub too short to show as a run). Nil when the best fit is
    /// nothing drawn.
    func fitEnd(estimate: Double?, binary: Bool, observed: (Int) -> Double) -> EndReading? {
        // The area estimate is good to a fraction of a pixel on straight parts and off by up to
        // about a line width near a corner (or more where the run of ink looks broken); search
        // well beyond that, and further when the best fit lies at the range's edge or the
        // pixels just outside the range contradict it.
        let radius = 1.5 * lineWidth + 4
        var range = estimate.map { max(0, $0 - radius)...min(length, $0 + radius) } ?? 0...min(length, lineWidth + 4)
        var fit: StrokeEndFit.Result?
        for _ in 0..<8 {
            guard let r = StrokeEndFit.sweep(coverage, range: range, binary: binary, observed: observed) else { break }
            fit = r
            let best = r.best
            var lower = range.lowerBound, upper = range.upperBound
            if lower > 0 {
                if best.first!.lower <= lower + 1e-3 { lower -= 2 * radius }
                if let bare = missingInk(below: range.lowerBound, observed) { lower = min(lower, bare - radius) }
                lower = max(0, lower)
            }
            if upper < length {
                if best.last!.upper >= upper - 1e-3 { upper += 2 * radius }
                // (Without a run of ink from the start, ink further on is not this stroke's.)
                if estimate != nil, let ink = extraInk(above: range.upperBound, observed) { upper = max(upper, ink + radius) }
                upper = min(length, upper)
            }
            guard lower < range.lowerBound || upper > range.upperBound else { break }
            range = lower...upper
        }
        // Nothing modelled changes here (a path off the canvas): keep the area estimate.
        guard let fit else { return estimate.map { .drawn($0) } }
        let best = fit.best
        let low = best.first!.lower, high = best.last!.upper
        // How far apart ends that explain the picture about as well lie: for 1-bit pixels the
        // equally good ones; for anti-aliased ones those within the noise: four times the best
        // fit's mean squared residual per pixel (at least 0.01), dithering and rounding included.
        let noise = max(fit.minimum / Double(max(fit.pixels, 1)), 0.01)
        let span = binary ? low...high : fit.span(within: 4 * noise)
        // Best with nothing drawn (the range starts at 0 and its first stretch predicts no ink).
        if low <= 0 { return nil }
        // Best with the whole path drawn, or nearly (within half a pixel) while the whole path
        // explains the picture about as well — to within one pixel for 1-bit pixels: a placement
        // of the path that is off by a fraction of a pixel leaves one pixel at the end unexplained.
        // (The sweep works in single precision: "at the end" is within a thousandth of a pixel.)
        let end = length - 1e-3
        if high >= end { return .drawn(length) }
        let whole = fit.intervals.last!
        if whole.upper >= end && length - high <= 0.5 && whole.cost <= fit.minimum + (binary ? 1 : 4 * noise) {
            return .drawn(length)
        }
        // Ends far apart give the same picture where the stroke runs under ink already drawn
        // (a sharp corner): say so rather than pick one.
        if span.upperBound - span.lowerBound > max(2, lineWidth / 2) {
            func fraction(_ d: Double) -> String { String(Double(Int((d / length * 1000).rounded())) / 1000) }
            return .unknown("the picture is the same for stroke ends anywhere from \(fraction(span.lowerBound)) to \(fraction(span.upperBound)) of the path: that part of the stroke lies under ink already drawn")
        }
        let middle: Double
        if best.count == 1 || high - low <= 1 {
            middle = (low + high) / 2
        } else {
            // Several separate best stretches: the longest one's middle.
            let longest = best.max { $0.upper - $0.lower < $1.upper - $1.lower }!
            middle = (longest.lower + longest.upper) / 2
        }
        return .drawn(middle)
    }

    /// Where ink lies that a stroke ending at `length` cannot explain: the furthest threshold of
    /// the pixels it has not reached yet that are inked (nil unless there are at least two).
    func extraInk(above length: Double, _ observed: (Int) -> Double) -> Double? {
        let lo = Float(length)
        var count = 0, furthest: Float = lo
        for i in 0..<coverage.pixelCount where coverage.firstThreshold[i] > lo && observed(i) >= 0.5 {
            count += 1
            furthest = max(furthest, coverage.firstThreshold[i])
        }
        return count >= 2 ? Double(furthest) : nil
    }

    /// Where ink is missing that a stroke ending at `length` would have drawn: the earliest
    /// threshold of the pixels it has finished covering (at least half) that are bare (nil unless
    /// there are at least two).
    func missingInk(below length: Double, _ observed: (Int) -> Double) -> Double? {
        let hi = Float(length)
        var count = 0, earliest: Float = hi
        for i in 0..<coverage.pixelCount where coverage.lastThreshold[i] < hi
            && coverage.count(i, at: hi) >= PrefixCoverage.halfCount && observed(i) < 0.5 {
            count += 1
            earliest = min(earliest, coverage.thresholds[i * PrefixCoverage.samples + PrefixCoverage.halfCount - 1])
        }
        return count >= 2 ? Double(earliest) : nil
    }
}
