extension ArcMeasurer {
    /// Per bin, the ink colour to read the bin against when the stroke's ink changes colour
    /// along it (a gradient, hues cycling round the ring): the colour of the nearest stretch of
    /// solid ink. Nil when the frame's solid ink is of one hue (lighter or darker blends of it
    /// included), so that a stroke of one colour keeps the exact one-axis reading.
    ///
    /// Read against one colour, ink of another hue projects short on the axis from the
    /// background to that colour: an orange stretch of a cyan-to-orange gradient reads a little
    /// over half covered, and its anti-aliased end as a gap. A gradient changes slowly along the
    /// stroke, so the nearest solid ink is the colour a partly covered bin blends towards.
    func inkAlongStroke(_ samples: [SIMD4<Float>], background bg: SIMD4<Float>, ink: SIMD4<Float>, farthest dmax: Float) -> [SIMD4<Float>]? {
        let bins = sampler.bins, radial = sampler.radial, centre = sampler.centre
        let axis = ink - bg
        let length2 = (axis * axis).sum()
        guard length2 > 0 else { return nil }
        // One pass first: whether any far ink lies in another hue at all. A stroke of one colour
        // (nearly every frame measured) stops here, before the windowed pass below.
        var distance = [Float](repeating: 0, count: bins)
        var anotherHue = false
        for b in 0..<bins {
            let v = samples[b * radial + centre] - bg
            distance[b] = (v * v).sum().squareRoot()
            if !anotherHue, distance[b] >= Self.solidShare * dmax, Self.isAnotherHue(v, axis: axis, length2: length2) { anotherHue = true }
        }
        guard anotherHue else { return nil }
        // Solid ink: far from the background, and within 15 % of the farthest ink within half a
        // line width and two pixels either side (a bin an end covers only partly is a blend of
        // ink and background, not the ink's colour).
        let reach = max(1, Int(((ring.lineWidth / 2 + 2) / sampler.binLength).rounded(.up)))
        var solid = [Bool](repeating: false, count: bins)
        var solidCount = 0, otherHue = 0
        for b in 0..<bins where distance[b] >= Self.solidShare * dmax {
            var around: Float = 0
            for j in -reach...reach { around = max(around, distance[((b + j) % bins + bins) % bins]) }
            guard distance[b] >= 0.85 * around else { continue }
            solid[b] = true
            solidCount += 1
            if Self.isAnotherHue(samples[b * radial + centre] - bg, axis: axis, length2: length2) { otherHue += 1 }
        }
        guard solidCount >= 8, Double(otherHue) >= Self.gradientShare * Double(solidCount) else { return nil }
        // The nearest solid bin either way round the ring (ties: the clockwise one).
        var nearest = [Int](repeating: -1, count: bins), gap = [Int](repeating: Int.max, count: bins)
        var last = -1
        for i in 0..<(2 * bins) {
            let b = i % bins
            if solid[b] { last = i }
            if last >= 0, i - last < gap[b] { gap[b] = i - last; nearest[b] = last % bins }
        }
        last = -1
        for i in stride(from: 2 * bins - 1, through: 0, by: -1) {
            let b = i % bins
            if solid[b] { last = i }
            if last >= 0, last - i < gap[b] { gap[b] = last - i; nearest[b] = last % bins }
        }
        return (0..<bins).map { nearest[$0] >= 0 ? samples[nearest[$0] * radial + centre] : ink }
    }

    /// Ink per bin across the band, each bin read against its own ink colour (`inkAlongStroke`):
    /// the sum over the radial samples of their coverage, as `BandProjection` reads it for one
    /// colour (a sample whose background is already half way to the ink adds none).
    func inkAcrossStretches(_ samples: [SIMD4<Float>], colours: [SIMD4<Float>], background bg: SIMD4<Float>, profile: [SIMD4<Float>]?) -> [Double] {
        let bins = sampler.bins, radial = sampler.radial
        var raw = [Double](repeating: 0, count: bins)
        for b in 0..<bins {
            let ink = colours[b]
            let main = ink - bg
            let floor = max(Self.minimumContrast * Self.minimumContrast, 0.25 * (main * main).sum())
            var total: Float = 0
            for k in 0..<radial {
                let under = profile?[k] ?? bg
                let axis = ink - under
                let length2 = (axis * axis).sum()
                if profile != nil, length2 < floor { continue }
                guard length2 > 0 else { continue }
                total += min(max(((samples[b * radial + k] - under) * axis).sum() / length2, 0), 1)
            }
            raw[b] = Double(total) * sampler.radialStep
        }
        return raw
    }

    /// Whether `v` (a colour minus the background) lies off the line to the ink (`axis`, of
    /// squared length `length2`) by more than `otherHue` of its length: another hue, not a
    /// lighter or darker blend of the same ink.
    @inline(__always) static func isAnotherHue(_ v: SIMD4<Float>, axis: SIMD4<Float>, length2: Float) -> Bool {
        let across = v - (v * axis).sum() / length2 * axis
        return (across * across).sum() > otherHue * otherHue * length2
    }

    /// Solid ink lies at least this share of the farthest ink's distance from the background.
    static let solidShare: Float = 0.5
    /// Share of the solid ink in another hue from which each stretch is read against its own
    /// colour: a stroke of one colour has next to none (a few anti-aliased bins where something
    /// crosses it), a gradient a large part.
    static let gradientShare = 0.1
}
