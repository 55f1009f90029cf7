import Raster
import StrokeGeometry

extension ArcMeasurer {
    /// The neighbourhood of an end (`RingEndShape`) reaches this far along the arc past a cap.
    static let endNeighbourhood = 2.5
    /// 1-bit pixels whose centre lies this close to the band's edge (pixels) depend on the line
    /// width and radius, known only to a fraction of a pixel, as much as on the end: they count
    /// `binaryEdgeWeight` each in the end fits (the short-piece fits leave them out).
    static let binaryEdgeMargin = 0.3
    /// What a disagreeing 1-bit pixel near the band's edge counts for in the end fits: so little
    /// that all of them together never outweigh one pixel inside the band (a neighbourhood holds
    /// far fewer than a thousand), so they only choose among the positions that the pixels inside
    /// explain equally well. On a thin line most pixels lie near an edge; leaving them out let an
    /// end of a 2.5 px line (r 20 px) lie anywhere in 2.4° (0.85 px); with them it lies within 0.46°.
    static let binaryEdgeWeight = 1e-3
    /// Sub-points per pixel side for 1-bit pixels: a pixel is set where the stroke covers half
    /// of it (the renderer's coverage is exact area), which for a round cap's curved edge or a
    /// pixel across the band's edge is not where its centre is covered. Odd, so that a straight
    /// edge covers half of the sub-points exactly when it covers the pixel's centre, as it covers
    /// half of the area: with 8 × 8 an edge within 1/16 px of the centre covered exactly half of
    /// them either way, and a pixel 0.02 px outside a 2.5 px line's band read as set.
    static let binarySubdivisions = 9

    /// Fits the main piece's two ends with the exact butt and round end shapes.
    ///
    /// - Over a transparent background (GIF transparency is 1-bit, so there is no anti-aliasing
    ///   to place an end by area) the ends are placed by the fit, for both shapes: the butt ends
    ///   become the measurement's ends and the round ones `roundCapEnds`.
    /// - For the first few hundred ends, how well each shape explains the pixels is kept in
    ///   `capEvidence`, from which `CapInference` judges the caps when nothing says which.
    ///
    /// Only a single piece is fitted: its ends one by one when they are clear of each other,
    /// else together (`fitShortStretch`).
    mutating func fitEndShapes(_ m: ArcMeasurement, image: RGBAImage, background bg: SIMD4<Float>, ink: SIMD4<Float>) -> ArcMeasurement {
        guard m.state == .arc, m.segments.isEmpty, let start = m.startAngle, let end = m.endAngle,
              let measuredWidth = m.lineWidth, measuredWidth > 0 else { return m }
        let clockwise = convention.clockwise
        let low = clockwise ? start : end, high = clockwise ? end : start
        let binary = bg[3] < 0.5 && [high, low].allSatisfy { Self.onlyClearOrOpaque(image, around: $0, ring: self.ring, lineWidth: measuredWidth) }
        // The end shapes need the line's width. A frame with too little solid ink reads a round
        // piece's width from its caps' chords, short (a 0.1 px arc of a 6 px line reads 5.2 px),
        // and a cap that narrow must be drawn longer to cover the same pixels: on 1-bit pixels,
        // where the fits place the ends, such a frame takes the width of the last solid frame.
        // (Anti-aliased ends are placed by area with the frame's own width, as before.)
        var w = binary && !lastFrameSolid ? referenceWidth ?? measuredWidth : measuredWidth
        // 1-bit pixels near the band's edges are set or not by a tenth of a pixel: those fits need
        // the centre line. (Anti-aliased ends are placed by area and keep the ring as found.)
        var ring = binary ? self.ring.centreLine(lineWidth: w) : self.ring
        let axis = ink - bg
        let axisLength2 = (axis * axis).sum()
        guard axisLength2 > 0 else { return m }
        if binary {
            // Better still, the band's edges fitted to the 1-bit bodies measured so far: a thin
            // line's width read from its 1-bit ink is good to about a tenth of a pixel and varies
            // from frame to frame (`OneBitBandEdges`).
            addBodyPixels(image, low: low, high: high, lineWidth: w, background: bg, axis: axis)
            if let edges = bandEdges, edges.isSettled {
                w = edges.centreLine.width
                ring.circle = Circle(center: ring.circle.center, radius: edges.centreLine.radius)
            }
        }
        let R = ring.circle.radius
        let span = wrap(high - low) * Double.pi / 180 * R
        let clearance = 2 * (w / 2 + Self.endNeighbourhood + 1)
        guard span >= clearance, 2 * Double.pi * R - span >= clearance + w else {
            // A short stretch is fitted with the judged cap's shape alone once the caps are judged.
            if judgementDue { settleEvidence() }
            return fitShortStretch(m, ring: ring, low: low, high: high, image: image, background: bg, axis: axis, lineWidth: w,
                                   span: span, clearance: clearance, binary: binary)
        }
        let slack = 1.5 / R
        let roundShift = LineCap.round.extraLength(lineWidth: w) / R
        let buttRange = -slack...slack, roundRange = (-roundShift - slack)...(-roundShift + slack)
        guard binary else {
            // Anti-aliased ends keep their placement by area; the shapes only judge the caps.
            if evidenceRemaining > 0 {
                gatherEvidence(image, ends: [(high, true), (low, false)], lineWidth: w, background: bg, axis: axis,
                               buttRange: buttRange, roundRange: roundRange)
            }
            return m
        }
        // 1-bit pixels from here on: the ends are placed by the shapes.
        var fitted: [(butt: Double, round: Double)] = []
        var evidence: [CapEvidence] = []
        image.pixels.withUnsafeBufferPointer { px in
            let coverage = { Self.coverage(px, $0, background: bg, axis: axis, axisLength2: axisLength2, binary: true) }
            for (reference, beyondClockwise) in [(high, true), (low, false)] {
                guard let shape = RingEndShape(image: image, ring: ring, lineWidth: w, reference: reference,
                                               beyondClockwise: beyondClockwise, subdivisions: Self.binarySubdivisions, halfCoverage: true,
                                               edgeMargin: Self.binaryEdgeMargin, edgeWeight: Self.binaryEdgeWeight,
                                               buttRange: buttRange, roundRange: roundRange, coverage: coverage) else { return }
                let butt = shape.fit(.butt, within: buttRange)
                let round = shape.fit(.round, within: roundRange)
                let direction: Double = beyondClockwise ? 1 : -1
                fitted.append((wrap(reference + direction * butt.offset * 180 / Double.pi),
                               wrap(reference + direction * round.offset * 180 / Double.pi)))
                guard evidenceRemaining > 0 else { continue }
                // On 1-bit pixels the shapes' costs are judged by pixel centres, as
                // `CapInference` was tuned on; an end that fits both equally well (a thin line's,
                // mostly) gets its likelihoods, which differ a little and add up over many ends.
                guard let centres = RingEndShape(image: image, ring: ring, lineWidth: w, reference: reference,
                                                 beyondClockwise: beyondClockwise, subdivisions: 1, edgeMargin: Self.binaryEdgeMargin,
                                                 buttRange: buttRange, roundRange: roundRange, coverage: coverage) else { continue }
                let costs = (butt: centres.fit(.butt, within: buttRange).cost, round: centres.fit(.round, within: roundRange).cost)
                let oneBit = costs.butt == costs.round
                    ? OneBitCapEvidence(image: image, ring: ring, lineWidth: w, reference: reference, beyondClockwise: beyondClockwise,
                                        slack: slack, coverage: coverage) : nil
                evidence.append(CapEvidence(butt: costs.butt, round: costs.round, oneBit: oneBit,
                                            place: EndPlace(reference: reference, ring: ring, beyondClockwise: beyondClockwise)))
            }
        }
        guard fitted.count == 2 else { return m }
        var result = m
        if evidenceRemaining > 0 {
            settleEvidence()  // jobs still running come first
            record(evidence)
        }
        let (fittedHigh, fittedLow) = (fitted[0], fitted[1])
        result.startAngle = clockwise ? fittedLow.butt : fittedHigh.butt
        result.endAngle = clockwise ? fittedHigh.butt : fittedLow.butt
        result.roundCapEnds = clockwise ? (fittedLow.round, fittedHigh.round) : (fittedHigh.round, fittedLow.round)
        return result
    }

    /// Adds the 1-bit pixels along the body of the piece from `low` to `high` (clockwise) to
    /// `bandEdges`: those clear of both ends by a cap and an end neighbourhood. `axis` is the ink
    /// minus the background (not zero).
    mutating func addBodyPixels(_ image: RGBAImage, low: Double, high: Double, lineWidth w: Double,
                                background bg: SIMD4<Float>, axis: SIMD4<Float>) {
        if bandEdges == nil { bandEdges = OneBitBandEdges(radius: ring.circle.radius, lineWidth: ring.lineWidth) }
        guard bandEdges?.wantsMore == true else { return }
        let axisLength2 = (axis * axis).sum()
        let centre = ring.circle.center
        image.pixels.withUnsafeBufferPointer { px in
            bandEdges?.add(centre: centre.x, centre.y, from: low, to: high, endMargin: w / 2 + Self.endNeighbourhood,
                           width: image.width, height: image.height) { x, y in
                Self.coverage(px, (y * image.width + x) * 4, background: bg, axis: axis, axisLength2: axisLength2, binary: true) >= 0.5
            }
        }
    }

    /// A pixel's observed coverage (byte offset `offset`): its colour's projection from the
    /// background to the ink, 0...1, or on 1-bit pixels whether it reaches a half.
    @inline(__always)
    static func coverage(_ px: UnsafeBufferPointer<UInt8>, _ offset: Int, background bg: SIMD4<Float>, axis: SIMD4<Float>,
                         axisLength2: Float, binary: Bool) -> Double {
        let c = Double(((pixel(px, offset) - bg) * axis).sum() / axisLength2)
        return binary ? (c >= 0.5 ? 1 : 0) : min(max(c, 0), 1)
    }

    /// True when every pixel around the end near `angle` is fully transparent or fully opaque:
    /// GIF transparency, which leaves no anti-aliasing (a canvas with real alpha has some).
    static func onlyClearOrOpaque(_ image: RGBAImage, around angle: Double, ring: RingGeometry, lineWidth w: Double) -> Bool {
        let box = RingEndShape.neighbourhood(of: ring, lineWidth: w, reference: angle).intersection(image.bounds)
        guard !box.isEmpty else { return false }
        return image.pixels.withUnsafeBufferPointer { px in
            for y in box.y..<(box.y + box.height) {
                var o = (y * image.width + box.x) * 4 + 3
                for _ in 0..<box.width {
                    if px[o] != 0 && px[o] != 255 { return false }
                    o += 4
                }
            }
            return true
        }
    }

    /// A piece shorter than two end neighbourhoods has both ends fitted together
    /// (`RingPieceShape`), for both cap shapes: the pixels around each end also show the other.
    /// On 1-bit pixels a gap that short is fitted the same way; on anti-aliased ones a gap keeps
    /// its placement by area, which shares the gap's blurred ink between the two ends, and so
    /// does a piece under a pixel long.
    private func fitShortStretch(_ m: ArcMeasurement, ring: RingGeometry, low: Double, high: Double, image: RGBAImage, background bg: SIMD4<Float>,
                                 axis: SIMD4<Float>, lineWidth w: Double, span: Double, clearance: Double, binary: Bool) -> ArcMeasurement {
        let R = ring.circle.radius
        let clockwise = convention.clockwise
        let gapLength = 2 * Double.pi * R - span
        // Which stretch is short: the ink, or the gap between its ends (not both: a tiny ring).
        let isGap = span >= clearance
        guard isGap ? gapLength < clearance + w : gapLength >= clearance + w else { return m }
        // On anti-aliased pixels a gap, and a sliver under a pixel (its ink is too faint to
        // tell its length from its shade), keep their placement by area.
        guard binary || (!isGap && span >= 1) else { return m }
        let (from, to) = isGap ? (high, low) : (low, high)
        let halfSpan = wrap(to - from) / 2 * Double.pi / 180
        let middle = wrap(from + wrap(to - from) / 2)
        let slack = 1.5 / R
        let axisLength2 = (axis * axis).sum()
        let shape = image.pixels.withUnsafeBufferPointer { px in
            RingPieceShape(image: image, ring: ring, lineWidth: w, reference: middle,
                           halfExtent: halfSpan + slack + (w / 2 + Self.endNeighbourhood) / R, subdivisions: binary ? 1 : 4,
                           edgeMargin: binary ? Self.binaryEdgeMargin : 0) {
                Self.coverage(px, $0, background: bg, axis: axis, axisLength2: axisLength2, binary: binary)
            }
        }
        guard let shape else { return m }
        let step = 0.05 / R
        // A round cap reaches past each end: its ends lie inside the butt ones for a piece and
        // outside them for a gap.
        let shift = LineCap.round.extraLength(lineWidth: w) / R * (isGap ? -1 : 1)
        func ends(_ cap: LineCap, _ s: Double) -> (low: Double, high: Double, cost: Double) {
            // 1-bit pixels: every cell, for the middle of the best ones; coverage: coarse first.
            let f = shape.fit(low: (-halfSpan + s - slack)...(-halfSpan + s + slack), high: (halfSpan - s - slack)...(halfSpan - s + slack),
                              cap: cap, gap: isGap, step: step, coarse: binary ? 1 : 4)
            let a = wrap(middle + f.low * 180 / Double.pi), b = wrap(middle + f.high * 180 / Double.pi)
            // Back to the ink's own ends: a gap runs from the ink's high end to its low end.
            return isGap ? (b, a, f.cost) : (a, b, f.cost)
        }
        // With the cap known, or judged for good, only its shape is fitted (square ends are butt
        // ends moved out).
        let unfitted = (low: 0.0, high: 0.0, cost: Double.infinity)
        let cap = knownCap ?? judgedCap
        let butt = cap == .round ? unfitted : ends(.butt, 0)
        let round = cap == nil || cap == .round ? ends(.round, shift) : unfitted
        // A stretch that neither shape explains (ends that crossed over in the first estimate,
        // another stroke nearby) keeps its first placement.
        let tolerated = max(2, Double(shape.count) / 10)
        guard min(butt.cost, round.cost) <= tolerated else { return m }
        var result = m
        if butt.cost.isFinite {
            result.startAngle = clockwise ? butt.low : butt.high
            result.endAngle = clockwise ? butt.high : butt.low
        }
        // A piece shorter than its two round caps has no round reading here: the correction
        // then shrinks it to its middle (`correcting(for:)`).
        result.roundCapEnds = round.cost.isFinite ? (clockwise ? (round.low, round.high) : (round.high, round.low)) : nil
        return result
    }
}
