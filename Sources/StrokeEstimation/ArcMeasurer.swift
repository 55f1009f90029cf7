import StrokeGeometry
import Raster

/// Measures a ring's stroke in each frame from its anti-aliased pixels.
///
/// Per frame: the background is read just outside the band, the ink is the colour farthest from
/// it on the centre line, and every sample's coverage is its colour's projection from background
/// to ink. Summed across the band that gives, per angular bin, how much of the line width is
/// inked. The ends are then placed by area: the ink integrated over a window around an end,
/// minus what a cap adds, is the arc length up to the end — exact for exact-coverage pixels and
/// insensitive to how the anti-aliasing is shaped.
public struct ArcMeasurer: Sendable {
    public let ring: RingGeometry
    public var convention: StrokeConvention
    var sampler: RingSampler { cache.sampler }
    /// The samples of the last frame measured, updated where the next frame differs.
    var cache: RingSampleCache
    /// Ink colour and line width learned from frames with a long stretch of ink; used where a
    /// frame shows too little ink to tell them itself (a stroke about to vanish is faint and
    /// short, and normalising by its own faint colour would make it look long).
    private(set) var referenceInk: SIMD4<Float>?
    private(set) var referenceWidth: Double?
    /// Whether the last frame measured showed enough solid ink to read its own line width. A
    /// shorter piece's width reads short (the median ink across the band of a round cap's chords,
    /// not of the line), so the 1-bit end fits take `referenceWidth` then (`fitEndShapes`).
    private(set) var lastFrameSolid = false
    /// The band's edges fitted to the 1-bit pixels of the bodies measured so far (nil until
    /// a 1-bit frame is measured): the geometry of the 1-bit end fits once settled.
    var bandEdges: OneBitBandEdges?
    /// Ends still to be fitted with both cap shapes for `capEvidence`: 200 ends judge the caps
    /// steadily (fewer let a 2 px line's verdict flip with the frames sampled). Set it to 0 when
    /// the cap is known, to skip that work.
    public var evidenceRemaining = 200
    /// The cap, when a model or `--cap` says it: short pieces are then fitted with that shape
    /// only, and no ends are fitted to judge it.
    public var knownCap: LineCap? {
        didSet { if knownCap != nil { evidenceRemaining = 0 } }
    }
    /// Per end fitted with both shapes so far: how well a butt and a round end explain its
    /// pixels. Once the budget is spent no more is added, so the caps are judged for good then:
    /// later short pieces are fitted with that shape only (`judgedCap`).
    var capEvidence: [CapEvidence] = []
    /// The caps the ends measured so far show (`CapInference`); nil when they cannot tell, and
    /// the caller assumes butt and says so.
    public var inferredCap: LineCap? { CapInference.infer(evidence: capEvidence) }
    /// The cap judged from the gathered evidence once the budget is spent (butt when it cannot
    /// tell, as the caller assumes then); nil before.
    var judgedCap: LineCap?
    /// Where anti-aliased ends are fitted for `capEvidence`: nil, at once; else the runner may
    /// fit them on another thread while later frames are measured. Call `settleEvidence()`
    /// before reading `capEvidence` or `inferredCap`.
    public var evidenceRunner: (any CapEvidenceRunner)?
    /// Jobs submitted to `evidenceRunner` and not yet collected.
    var evidencePending = false
    /// The budget ran out while jobs were pending: the caps are judged once they are collected.
    var judgementDue = false
    /// What the last frame gave, reused where the next frame repeats it (see `measure`).
    private var last: LastFrame?
    /// Frames still to read `widthVariation` on: a layer's confidence takes the median of its
    /// frames', and 64 frames settle it without a second pass across the band on every frame.
    var widthVariationsRemaining = 64
    /// Whether a frame whose stroke left the band is measured again where its ink lies (not
    /// by the measurer that does that, which would chase the ink further).
    var remeasuresOffBand = true
    /// The ring's ink and what lies under it, told from what changes (`RingInk`): when set, a
    /// frame's background is read from the band's samples nearest what lies under the stroke
    /// (a track beside the band is not taken for it), and only samples nearer the ink than
    /// that count as ink. Nil: the background is probed beside the band.
    public var inkHint: RingInk? {
        didSet { last = nil }
    }
    /// Whether what lies under the stroke is read sample by sample across the band, from the
    /// frames whose band shows no ink (with `inkHint`, which is then used even where the band
    /// lies on a plain background). For a ring whose `inkHint` was read from every frame it is
    /// drawn in, and that is not drawn in every frame (a ring found late, which the first
    /// frames did not show): static content touching its band (a grey divider beside a red
    /// hairline) is then what lies under the stroke there, not partial ink — read from the
    /// background beside the band, its distance alone made it a confident arc in every frame
    /// before the ring was drawn, and a gap-bridging piece once it was.
    public var readsUnderPerSample = false {
        didSet { last = nil }
    }
    /// Per sample across the band (bin by bin), what it showed in the last frame with no ink on
    /// the band, where that was what lies under the stroke (`readsUnderPerSample`; empty
    /// before the first such frame).
    var sampleUnder: [SIMD4<Float>] = []
    var sampleUnderSeen: [Bool] = []

    /// The last frame's result and the intermediate values that a repeating ring can reuse.
    private struct LastFrame: Sendable {
        var result: ArcMeasurement
        /// The background read from the probes (nil: none inside the canvas).
        var background: SIMD4<Float>?
        /// Ink per bin and the background and ink it was computed with (nil: not computed).
        var raw: [Double] = []
        var rawBackground: SIMD4<Float>?
        var rawInk: SIMD4<Float>?
        /// The per-sample background across the band `raw` was computed with (nil: `rawBackground` throughout).
        var rawProfile: [SIMD4<Float>]?
        /// The projection `raw` was computed with (for `rawBackground`, `rawInk`, `rawProfile`).
        var projection: BandProjection?
        /// What lies under the stroke across the band, last read from the bins it did not cover.
        var underProfile: [SIMD4<Float>]?
        /// The background read from those bins' centre samples; nil: read it again (the
        /// probes beside the band changed, so the screen around the ring may have).
        var underBackground: SIMD4<Float>?
    }

    public init(ring: RingGeometry, canvasWidth: Int, canvasHeight: Int, convention: StrokeConvention = StrokeConvention()) {
        self.ring = ring
        self.convention = convention
        cache = RingSampleCache(sampler: RingSampler(ring: ring, width: canvasWidth, height: canvasHeight))
    }

    /// A frame's solid ink narrower than this share of the band's width has left the band.
    static let offBandShare = 0.6
    /// The `unknown` reason of a frame whose stroke left the band.
    public static let offBandReason = "the stroke left the ring's band (its radius or line width changes)"

    /// Distance of colours below which a frame's band counts as background only.
    static let minimumContrast: Float = 28

    /// Measures one frame. Frames are usually measured in order: work is then limited to what
    /// changed under the ring since the previous call, and the result is the same as measuring
    /// the frame afresh after the same sequence of frames. A frame that repeats the last one
    /// under the ring gets the last result: measuring it again would read the same samples, and
    /// the reference ink and width are as they were (only a solid frame sets them, and a solid
    /// frame's result does not depend on them). A bin's ink is only reused when its samples,
    /// the background and the ink colour are all unchanged.
    /// `changed`, when given, bounds where `image` can differ from the frame measured before it
    /// (a GIF frame's rectangle and its predecessor's disposal); nil: anywhere.
    public mutating func measure(_ image: RGBAImage, changed: PixelRect? = nil) -> ArcMeasurement {
        cache.update(image, changed: changed)
        if let last, cache.changedBins.isEmpty { return last.result }
        let first = last == nil
        var memory = last ?? LastFrame(result: ArcMeasurement(state: .unknown, segments: []))
        last = nil  // so the kept buffers are not shared (and copied) while they are updated
        if first || cache.probesChanged {
            memory.background = Self.background(cache.probes, bins: sampler.bins)
            memory.underBackground = nil
        }
        var result = measureSamples(&memory)
        if let bg = memory.rawBackground, let ink = memory.rawInk { result = fitEndShapes(result, image: image, background: bg, ink: ink) }
        if remeasuresOffBand, let moved = result.offBand, let again = remeasure(image, at: moved) { result = again }
        memory.result = result
        last = memory
        return result
    }

    /// A frame whose stroke left the band, measured again on the circle where its ink lies
    /// (radius and width from this frame): nil when that reading is no better (off its band
    /// again, or nothing there), so the frame stays `unknown`.
    private func remeasure(_ image: RGBAImage, at moved: (radius: Double, lineWidth: Double)) -> ArcMeasurement? {
        guard moved.radius > 2, moved.lineWidth > 0.3, abs(moved.radius - ring.circle.radius) < ring.circle.radius else { return nil }
        let moving = RingGeometry(circle: Circle(center: ring.circle.center, radius: moved.radius), lineWidth: moved.lineWidth)
        var again = ArcMeasurer(ring: moving, canvasWidth: image.width, canvasHeight: image.height, convention: convention)
        again.inkHint = inkHint
        again.remeasuresOffBand = false
        again.knownCap = knownCap ?? judgedCap ?? .butt
        let m = again.measure(image)
        guard m.state == .arc || m.state == .full, m.offBand == nil else { return nil }
        var result = m
        // The ends are placed; the cap correction later uses the ring's radius, close enough
        // for a band a few pixels wide, and the reading says where it was measured.
        result.note = "measured at radius \((moved.radius * 100).rounded() / 100) px: the stroke left the ring's band"
        return result
    }

    /// The median of the probes just outside (else inside) the band.
    private static func background(_ probes: [SIMD4<Float>?], bins: Int) -> SIMD4<Float>? {
        var outside = (0..<bins).compactMap { probes[$0 * 2 + 1] }
        if outside.count < bins / 4 { outside = (0..<bins).compactMap { probes[$0 * 2] } }
        return outside.isEmpty ? nil : median(outside)
    }

    private mutating func measureSamples(_ memory: inout LastFrame) -> ArcMeasurement {
        let samples = cache.samples
        let bins = sampler.bins, radial = sampler.radial
        // The kept ink per bin stays valid only if this frame computes it again: an early
        // return leaves it behind the samples.
        let rawBackground = memory.rawBackground, rawInk = memory.rawInk, rawProfile = memory.rawProfile
        memory.rawBackground = nil
        memory.rawInk = nil
        memory.rawProfile = nil
        guard var bg = memory.background else { return ArcMeasurement(state: .unknown, segments: [], note: "the ring lies outside the frame") }
        // Where the probes beside the band read what lies under the stroke, and that is the
        // surroundings (a stroke on a plain background, with no track), they are exact and
        // cheaper: the hint is only needed where a track lies under or beside the stroke.
        let hint = inkHint.flatMap { hint -> RingInk? in
            let plain = !readsUnderPerSample && !hint.trackAtEdges && PremultipliedColour.distance(bg, hint.under) < Self.minimumContrast / 2
                && hint.surroundings.map { PremultipliedColour.distance($0, hint.under) < Self.minimumContrast } ?? false
            return plain ? nil : hint
        }
        // Which centre-line samples may be ink: with a hint, those that are not what lies under
        // the stroke; the background is then the median of the others (the hint's own colour
        // where the stroke covers nearly the whole band).
        var candidate = [Bool](repeating: true, count: hint == nil ? 0 : bins)
        // Across the band, what lies under the stroke at each radial sample: a track beside
        // the stroke is in the band's outer samples in every bin, and counted as ink it would
        // make every frame `full`.
        var profile: [SIMD4<Float>]?
        if let hint {
            var under: [Int] = []
            for b in 0..<bins {
                let s = samples[b * radial + sampler.centre]
                if hint.isUnder(s) { under.append(b); candidate[b] = false }
            }
            if let known = memory.underBackground {
                // What lies under the stroke is static while the screen around does not change.
                bg = known
            } else if under.count >= max(3, bins / 50) {
                // Medians of at most 64 bins spread along the ring: more move them by less than
                // a sample's noise.
                let step = max(1, under.count / 64)
                let picked = stride(from: 0, to: under.count, by: step).map { under[$0] }
                bg = Self.median(picked.map { samples[$0 * radial + sampler.centre] })
                memory.underProfile = (0..<radial).map { k in Self.median(picked.map { samples[$0 * radial + k] }) }
                memory.underBackground = bg
            } else {
                bg = hint.under
            }
            // Only where it differs from the background (a track): elsewhere one colour is exact.
            if let p = memory.underProfile, p.contains(where: { PremultipliedColour.distance($0, bg) >= Self.minimumContrast / 2 }) { profile = p }
        }
        // What lies under the stroke, sample by sample (`readsUnderPerSample`): a frame whose
        // band shows no ink anywhere (no centre-line sample left as candidate ink) keeps each
        // sample that shows what lies under the stroke as that sample's background (static
        // content touching the band is then background there, not partial ink; a cursor
        // passing over the band, farther from it, is not kept).
        let perSample = readsUnderPerSample && hint != nil
        if perSample, let hint {
            if sampleUnder.count != bins * radial {
                sampleUnder = [SIMD4<Float>](repeating: .zero, count: bins * radial)
                sampleUnderSeen = [Bool](repeating: false, count: bins * radial)
            }
            if !candidate.contains(true) {
                for i in 0..<(bins * radial) where hint.isUnder(samples[i]) {
                    sampleUnder[i] = samples[i]
                    sampleUnderSeen[i] = true
                }
            }
        }
        // Ink: the centre-line samples farthest from the background.
        var dmax: Float = 0
        for b in 0..<bins where candidate.isEmpty || candidate[b] {
            let d = PremultipliedColour.distance(samples[b * radial + sampler.centre], bg)
            if d > dmax { dmax = d }
        }
        guard dmax >= Self.minimumContrast else {
            // Nothing on the centre line, but ink elsewhere across the band: the stroke has
            // moved off it (to a smaller or larger radius), which is not `empty`.
            if let off = inkOffCentre(samples, background: bg, profile: profile) {
                var m = ArcMeasurement(state: .unknown, segments: [], note: Self.offBandReason)
                m.offBand = (ring.circle.radius + off.offset, off.width)
                return m
            }
            return ArcMeasurement(state: .empty, segments: [])
        }
        var inkSum = SIMD4<Float>.zero, inkCount: Float = 0
        for b in 0..<bins where candidate.isEmpty || candidate[b] {
            let s = samples[b * radial + sampler.centre]
            if PremultipliedColour.distance(s, bg) >= 0.85 * dmax { inkSum += s; inkCount += 1 }
        }
        // Enough solid ink to trust this frame's own colour and width: a stretch of at least
        // two line widths (and 2 px) of arc.
        let solid = Double(inkCount) * sampler.binLength >= max(2, 2 * ring.lineWidth)
        var ink = inkSum / inkCount
        // A faint frame (a stroke about to vanish covers no pixel fully) takes the colour and
        // width of the frames where the ink was solid.
        var faint = false
        if !solid, let reference = referenceInk, PremultipliedColour.distance(ink, bg) < 0.85 * PremultipliedColour.distance(reference, bg) {
            ink = reference
            faint = true
        }
        // Ink that changes colour along the stroke (a gradient): each stretch is read against
        // its own colour. A frame with too little solid ink to tell keeps the one colour.
        let colours = solid && !faint ? inkAlongStroke(samples, background: bg, ink: ink, farthest: dmax) : nil
        // Ink per bin, in pixels of line width: only the changed bins when the background and
        // the ink are those the last frame's bins were computed with (and so its projection).
        let kept = colours == nil && !perSample && rawBackground == bg && rawInk == ink && rawProfile == profile ? memory.projection : nil
        let reuse = kept != nil && memory.raw.count == bins
        let projection = kept ?? BandProjection(radial: radial, background: bg, profile: profile, ink: ink, minimumContrast: Self.minimumContrast)
        memory.projection = projection
        if !reuse { memory.raw = [Double](repeating: 0, count: bins) }
        if let colours {
            memory.raw = inkAcrossStretches(samples, colours: colours, background: bg, profile: profile)
        } else if perSample {
            memory.raw = inkAcrossSampleUnder(samples, ink: ink, background: bg, profile: profile)
        }
        let radialStep = sampler.radialStep
        // Each bin's clamped coverages, four samples a slot (see `inkAcross`).
        var scratch = [SIMD4<Float>](repeating: .zero, count: radial / 4 + 1)
        samples.withUnsafeBufferPointer { samples in
          scratch.withUnsafeMutableBufferPointer { clamped in
            memory.raw.withUnsafeMutableBufferPointer { raw in
                // Per channel, the background and the axis, for four samples at a time.
                let bgR = projection.bgR, bgG = projection.bgG, bgB = projection.bgB, bgA = projection.bgA
                let axR = projection.axR, axG = projection.axG, axB = projection.axB, axA = projection.axA
                let len2 = projection.len2
                func inkAcross(_ b: Int) {
                    // Σ_k clamp(((sample − bg) · axis) / |axis|², 0, 1), added in k order, bit
                    // for bit a sample at a time's: four samples per lane group, transposed so
                    // each lane does one sample's arithmetic in the order of
                    // `((s − bg) * axis).sum()` (channel by channel from red). The clamped
                    // values go through `clamped` before they are added: adding the lanes
                    // straight away made the compiler split the clamp into a branch per lane,
                    // which mispredicts at every edge of the ink.
                    let row = samples.baseAddress! + b * radial
                    var k = 0, slots = 0
                    while k + 4 <= radial {
                        let s0 = row[k], s1 = row[k + 1], s2 = row[k + 2], s3 = row[k + 3]
                        let r = (SIMD4(s0[0], s1[0], s2[0], s3[0]) - bgR[slots]) * axR[slots]
                        let g = (SIMD4(s0[1], s1[1], s2[1], s3[1]) - bgG[slots]) * axG[slots]
                        let bl = (SIMD4(s0[2], s1[2], s2[2], s3[2]) - bgB[slots]) * axB[slots]
                        let a = (SIMD4(s0[3], s1[3], s2[3], s3[3]) - bgA[slots]) * axA[slots]
                        clamped[slots] = Self.clamp01((((r + g) + bl) + a) / len2[slots])
                        slots += 1
                        k += 4
                    }
                    var total: Float = 0
                    for i in 0..<slots {
                        let v = clamped[i]
                        total += v[0]
                        total += v[1]
                        total += v[2]
                        total += v[3]
                    }
                    while k < radial {
                        total += projection.coverage(row[k], at: k)
                        k += 1
                    }
                    raw[b] = Double(total) * radialStep
                }
                if colours != nil || perSample {
                    // Read above, bin by bin against each stretch's own colour or each
                    // sample's own background.
                } else if reuse {
                    for b in cache.changedBins { inkAcross(b) }
                } else {
                    for b in 0..<bins { inkAcross(b) }
                }
            }
          }
        }
        memory.rawBackground = bg
        // Bins read against their own colours are not kept for the next frame, nor are the
        // ends fitted again against one colour (`fitEndShapes`).
        memory.rawInk = colours == nil && !perSample ? ink : nil
        memory.rawProfile = profile
        let raw = memory.raw
        let peak = raw.max() ?? 0
        let interior = raw.filter { $0 >= 0.6 * peak }
        var width = interior.isEmpty ? 0 : Self.element(interior.count / 2, ofSorted: interior)
        lastFrameSolid = solid
        if solid {
            referenceInk = ink
            referenceWidth = width
        } else if faint, let reference = referenceWidth {
            width = reference
        }
        guard peak >= 0.3 * width, width >= 0.3 else { return ArcMeasurement(state: .empty, segments: []) }
        // A solid stroke much thinner than the band that changes over the recording has left
        // the band's centre line for this frame (a scale pulse, a line width that changes):
        // its ends on this circle would be wrong, and a piece of it out of the band reads as a gap.
        // A thinner stroke still on the centre line is a line width that changes: measured.
        if solid, !faint, ring.lineWidth >= 3, width < Self.offBandShare * ring.lineWidth, ring.lineWidth - width >= 1.5,
           case let offset = radialOffset(samples, raw: raw, width: width, projection: projection),
           abs(offset) > max(1, 0.2 * ring.lineWidth) {
            var m = ArcMeasurement(state: .unknown, segments: [], note: Self.offBandReason)
            m.offBand = (ring.circle.radius + offset, width)
            return m
        }
        let coverage = raw.map { $0 / width }
        var result = extract(coverage, lineWidth: width)
        if result.state == .arc, inkCrossesBand(coverage: coverage, background: bg, ink: ink) {
            return ArcMeasurement(state: .empty, segments: [], note: Self.crossingNote)
        }
        if result.state == .arc, widthVariationsRemaining > 0 {
            result.widthVariation = widthVariation(samples, coverage: coverage, lineWidth: width, backgrounds: projection.backgrounds)
            result.hueSpread = hueSpread(samples, background: bg, ink: ink)
            if result.widthVariation != nil { widthVariationsRemaining -= 1 }
        }
        result.inkColor = PremultipliedColour.straight(ink)
        result.lineWidth = width
        result.inkReadAlongStroke = colours != nil
        return result
    }

    /// Whether the band shows ink away from its centre line along a stretch of at least two
    /// line widths (and 2 px): samples farther from the background there (from the track's
    /// colour where `profile` has one) than the contrast that tells ink.
    private func inkOffCentre(_ samples: [SIMD4<Float>], background bg: SIMD4<Float>, profile: [SIMD4<Float>]?) -> (offset: Double, width: Double)? {
        let bins = sampler.bins, radial = sampler.radial
        let threshold = max(Self.minimumContrast, 0.5 * (inkHint.map { PremultipliedColour.distance($0.ink, $0.under) } ?? 0))
        var inked = 0, moment = 0.0, count = 0.0
        var widths: [Double] = []
        for b in 0..<bins {
            var n = 0
            for k in 0..<radial where PremultipliedColour.distance(samples[b * radial + k], profile?[k] ?? bg) >= threshold {
                n += 1
                moment += Double(k - sampler.centre) * sampler.radialStep
            }
            guard n > 0 else { continue }
            inked += 1
            count += Double(n)
            widths.append(Double(n) * sampler.radialStep)
        }
        guard Double(inked) * sampler.binLength >= max(2, 2 * (referenceWidth ?? ring.lineWidth)) else { return nil }
        return (moment / count, Self.select(widths.count / 2, in: &widths))
    }

    /// How much the stroke's width varies along its inked bins away from the ends (see
    /// `ArcMeasurement.widthVariation`). Each bin's width is read against its own centre
    /// sample's colour, so ink that changes colour along the stroke (a gradient, a fading
    /// tail) keeps its width; a filled crescent's or a dot's does not. Every fourth bin whose
    /// neighbours a line width and two pixels either side are inked too; nil under 8 of them.
    private func widthVariation(_ samples: [SIMD4<Float>], coverage: [Double], lineWidth w: Double, backgrounds: [SIMD4<Float>]) -> Double? {
        let bins = sampler.bins, radial = sampler.radial
        let reach = max(2, Int(((w + 2) / sampler.binLength).rounded(.up)))
        guard bins > 2 * reach else { return nil }
        var widths: [Double] = []
        for b in stride(from: 0, to: bins, by: 4) {
            guard coverage[b] >= 0.5, coverage[(b + reach) % bins] >= 0.5, coverage[(b - reach + bins) % bins] >= 0.5 else { continue }
            let axis = samples[b * radial + sampler.centre] - backgrounds[sampler.centre]
            let length2 = (axis * axis).sum()
            guard length2 >= Self.minimumContrast * Self.minimumContrast else { continue }
            var total: Float = 0
            for k in 0..<radial { total += min(max(((samples[b * radial + k] - backgrounds[k]) * axis).sum() / length2, 0), 1) }
            widths.append(Double(total) * sampler.radialStep)
        }
        guard widths.count >= 8 else { return nil }
        let median = Self.select(widths.count / 2, in: &widths)
        let high = Self.select(widths.count * 9 / 10, in: &widths), low = Self.select(widths.count / 10, in: &widths)
        return median > 0 ? (high - low) / median : nil
    }

    /// See `ArcMeasurement.hueSpread`: over the bins whose centre is at least 0.7 of the ink's
    /// distance from the background.
    private func hueSpread(_ samples: [SIMD4<Float>], background: SIMD4<Float>, ink: SIMD4<Float>) -> Double? {
        let axis = ink - background
        let length2 = (axis * axis).sum()
        guard length2 >= Self.minimumContrast * Self.minimumContrast else { return nil }
        // Solid ink by its distance from the background, whatever its hue: the coverage is
        // read along the one axis, and ink of another hue projects short on it.
        var solid = 0, off = 0
        for b in 0..<sampler.bins {
            let v = samples[b * sampler.radial + sampler.centre] - background
            guard (v * v).sum() >= 0.5 * length2 else { continue }
            solid += 1
            if Self.isAnotherHue(v, axis: axis, length2: length2) { off += 1 }
        }
        return solid >= 8 ? Double(off) / Double(solid) : nil
    }

    /// Ink per bin across the band, each sample read from what it showed when the band had no
    /// ink (`sampleUnder`; the band's profile where it never showed what lies under the stroke):
    /// a sample whose background is already half way to the ink adds none, as `BandProjection`
    /// reads it.
    private func inkAcrossSampleUnder(_ samples: [SIMD4<Float>], ink: SIMD4<Float>, background bg: SIMD4<Float>, profile: [SIMD4<Float>]?) -> [Double] {
        let bins = sampler.bins, radial = sampler.radial
        let main = ink - bg
        let floor = max(Self.minimumContrast * Self.minimumContrast, 0.25 * (main * main).sum())
        var raw = [Double](repeating: 0, count: bins)
        for b in 0..<bins {
            var total: Float = 0
            for k in 0..<radial {
                let under = sampleUnderSeen[b * radial + k] ? sampleUnder[b * radial + k] : profile?[k] ?? bg
                let axis = ink - under
                let length2 = (axis * axis).sum()
                if length2 < floor { continue }
                total += min(max(((samples[b * radial + k] - under) * axis).sum() / length2, 0), 1)
            }
            raw[b] = Double(total) * sampler.radialStep
        }
        return raw
    }

    /// Off the background-to-ink line by more than this share of its length: another hue.
    static let otherHue: Float = 1.0 / 3

    /// How far (pixels, outward positive) the ink of the inked bins lies from the band's
    /// centre line: the coverage-weighted mean radial position of their samples.
    private func radialOffset(_ samples: [SIMD4<Float>], raw: [Double], width: Double, projection: BandProjection) -> Double {
        let radial = sampler.radial
        var moment = 0.0, total = 0.0
        for b in raw.indices where raw[b] >= 0.5 * width {
            for k in 0..<radial {
                let c = Double(projection.coverage(samples[b * radial + k], at: k))
                moment += c * Double(k - sampler.centre) * sampler.radialStep
                total += c
            }
        }
        return total > 0 ? moment / total : 0
    }

    /// The value at `index` of `values` sorted ascending (a selection: no full sort per frame).
    static func element(_ index: Int, ofSorted values: [Double]) -> Double {
        var v = values
        return select(index, in: &v)
    }

    /// The element that would stand at `index` if `v` were sorted (three-way quickselect);
    /// reorders `v`.
    static func select<T: Comparable>(_ index: Int, in v: inout [T]) -> T {
        var lo = 0, hi = v.count - 1
        while lo < hi {
            // Three-way partition around the middle element's value.
            let pivot = v[(lo + hi) / 2]
            var lt = lo, i = lo, gt = hi
            while i <= gt {
                if v[i] < pivot { v.swapAt(lt, i); lt += 1; i += 1 } else if v[i] > pivot { v.swapAt(i, gt); gt -= 1 } else { i += 1 }
            }
            if index < lt { hi = lt - 1 } else if index > gt { lo = gt + 1 } else { return pivot }
        }
        return v[index]
    }

    /// Runs of inked bins → state and ends.
    func extract(_ a: [Double], lineWidth w: Double) -> ArcMeasurement {
        let n = a.count
        let inked = a.map { $0 >= 0.5 }
        if inked.allSatisfy({ $0 }) { return ArcMeasurement(state: .full, segments: []) }
        guard let gap = inked.firstIndex(of: false) else { return ArcMeasurement(state: .full, segments: []) }
        // Runs, walking once around from a gap.
        var runs: [(first: Int, count: Int)] = []
        var i = 0
        while i < n {
            let b = (gap + i) % n
            if inked[b] {
                var c = 0
                while c < n && inked[(b + c) % n] { c += 1 }
                runs.append((b, c))
                i += c
            } else {
                i += 1
            }
        }
        let L = sampler.binLength
        let R = ring.circle.radius
        let degreesPerBin = 360 / Double(n)
        let window = max(2, Int(((w / 2 + 2) / L).rounded(.up)))
        let capExtra = convention.cap.extraLength(lineWidth: w)
        func at(_ k: Int) -> Double { a[((k % n) + n) % n] }
        func integral(_ from: Int, _ to: Int) -> Double {
            guard to >= from else { return 0 }
            return (from...to).reduce(0) { $0 + min(at($1), 1.5) } * L
        }
        // Each run's ends (clockwise order: lower end, upper end), in degrees.
        var pieces: [(low: Double, high: Double, weight: Double)] = []
        for (r, run) in runs.enumerated() {
            let last = run.first + run.count - 1
            let weight = integral(run.first, last)
            guard weight >= 0.3 else { continue }
            // The windows around the ends stop half-way into the gap to the neighbouring run, so a
            // narrow gap's blurred ink is shared, not counted twice.
            let next = runs[(r + 1) % runs.count], previous = runs[(r + runs.count - 1) % runs.count]
            let gapAfter = ((next.first - last - 1) % n + n) % n, gapBefore = ((run.first - (previous.first + previous.count - 1) - 1) % n + n) % n
            let after = runs.count == 1 && gapAfter == 0 ? window : min(window, (gapAfter + 1) / 2)
            let before = runs.count == 1 && gapBefore == 0 ? window : min(window, (gapBefore + 1) / 2)
            if run.count >= 2 * window + 2 {
                // Upper (clockwise) end: window starts inside the ink.
                let p = last - window
                let upperArea = integral(p, last + after)
                let high = Double(p) * degreesPerBin + (upperArea - capExtra) / R * 180 / Double.pi
                // Lower end.
                let q = run.first + window
                let lowerArea = integral(run.first - before, q)
                let low = Double(q + 1) * degreesPerBin - (lowerArea - capExtra) / R * 180 / Double.pi
                pieces.append((low, high, weight))
            } else {
                // A short piece: its length from the total ink, placed at the ink's centroid.
                let from = run.first - before, to = last + after
                var total = 0.0, moment = 0.0
                for k in from...to {
                    let v = min(at(k), 1.5)
                    total += v
                    moment += v * (Double(k) + 0.5)
                }
                let centre = moment / max(total, 1e-9) * degreesPerBin
                let length = max(0, total * L - 2 * capExtra) / R * 180 / Double.pi
                pieces.append((centre - length / 2, centre + length / 2, weight))
            }
        }
        guard !pieces.isEmpty else { return ArcMeasurement(state: .empty, segments: []) }
        if pieces.count > 4 {
            var m = ArcMeasurement(state: .unknown, segments: [], note: "\(pieces.count) separate pieces of ink")
            m.pieceCount = pieces.count
            return m
        }
        pieces.sort { $0.weight > $1.weight }
        func oriented(_ p: (low: Double, high: Double, weight: Double)) -> (start: Double, end: Double) {
            convention.clockwise ? (wrap(p.low), wrap(p.high)) : (wrap(p.high), wrap(p.low))
        }
        let main = oriented(pieces[0])
        return ArcMeasurement(state: .arc, startAngle: main.start, endAngle: main.end,
                              segments: pieces.dropFirst().map(oriented))
    }

    /// The fractional bin position where coverage falls through 0.5 after bin `k` (inked) —
    /// scanning clockwise; for the lower end pass the bin before the run and read it mirrored.
    private func crossing(at: (Int) -> Double, from k: Int) -> Double {
        let a0 = at(k), a1 = at(k + 1)
        guard a0 != a1 else { return Double(k) + 1 }
        let f = (a0 - 0.5) / (a0 - a1)
        return Double(k) + 0.5 + min(max(f, 0), 1)
    }

    /// `c` with lanes below 0 set to 0 and above 1 set to 1, as `replace(with:where:)` twice
    /// would (−0 and NaN kept), on the lanes' bits: that call compiles to a branch per lane,
    /// and at the edges of the ink those branches mispredict.
    @inline(__always) static func clamp01(_ c: SIMD4<Float>) -> SIMD4<Float> {
        let below = unsafeBitCast(c .< 0, to: SIMD4<UInt32>.self)
        let above = unsafeBitCast(c .> 1, to: SIMD4<UInt32>.self)
        let one = SIMD4<UInt32>(repeating: (1 as Float).bitPattern)
        let bits = unsafeBitCast(c, to: SIMD4<UInt32>.self) & ~below
        return unsafeBitCast((bits & ~above) | (one & above), to: SIMD4<Float>.self)
    }

    /// Per channel, the upper median (element count / 2 in ascending order), found by
    /// selection rather than a sort: the same value, and the background is read this way on
    /// every frame whose probes changed.
    static func median(_ colours: [SIMD4<Float>]) -> SIMD4<Float> {
        var out = SIMD4<Float>.zero
        var v = [Float](repeating: 0, count: colours.count)
        for c in 0..<4 {
            for i in colours.indices { v[i] = colours[i][c] }
            out[c] = select(colours.count / 2, in: &v)
        }
        return out
    }

}

@inline(__always) func wrap(_ degrees: Double) -> Double {
    let r = degrees.truncatingRemainder(dividingBy: 360)
    let v = r < 0 ? r + 360 : r
    return v >= 360 ? 0 : v
}
