import JSON
import StrokeEstimation
import StrokeGeometry

/// How sure an inspection is that a layer is an animated stroke with the geometry reported,
/// in [0, 1], and why it is less than sure. Under `tentative` a script should not rely on the
/// layer: the reasons say what it looks like instead (a filled shape, a dot, a passing pointer).
public struct LayerConfidence: Sendable, Equatable {
    /// 1 when nothing speaks against the layer.
    public var value: Double
    /// Why `value` is below 1, one sentence each (the lowest first).
    public var reasons: [String]

    /// Layers under this are tentative.
    public static let tentative = 0.5

    public init(value: Double = 1, reasons: [String] = []) {
        self.value = value
        self.reasons = reasons
    }

    public var isTentative: Bool { value < Self.tentative }

    /// Adds one finding: the value is the lowest finding's, and the reasons stay lowest first.
    mutating func add(_ finding: Double, _ reason: String) {
        let at = reasons.isEmpty || finding < value ? 0 : reasons.count
        reasons.insert(reason, at: at)
        value = min(value, finding)
    }

    /// The finding of a model layer that no animation ever changes, beside layers that are
    /// animated: a static ring (a progress ring's track), read as it shows but not an animated
    /// stroke, which is what `confidence` is about.
    static let staticModelLayer = (0.3, "the model animates nothing on this layer: a static ring (a track), read as it shows, not an animated stroke")

    /// Judges a ring from its readings, and a ring found without a model (`found`) also from
    /// its shape and from what changes on it (`plausibility`): a model's layer is placed where
    /// the model says, and only its readings can speak against it.
    static func judge(ring: RingGeometry, plausibility p: RingPlausibility?, readings: [LayerReading], found: Bool) -> LayerConfidence {
        var findings: [(Double, String)] = []
        if found {
            findings += shapeFindings(ring, p)
            findings += readingFindings(ring, readings)
        }
        let unknown = readings.filter { $0.state == .unknown }
        if unknown.count * 2 > readings.count {
            let why = unknown.compactMap(\.note).first.map { ": \($0)" } ?? ""
            findings.append((0.4, "\(unknown.count) of \(readings.count) frames cannot be read\(why)"))
        }
        findings.sort { $0.0 < $1.0 }
        return LayerConfidence(value: findings.first?.0 ?? 1, reasons: findings.map(\.1))
    }

    /// What the ring's size and what changes in and beside it say.
    private static func shapeFindings(_ ring: RingGeometry, _ p: RingPlausibility?) -> [(Double, String)] {
        var findings: [(Double, String)] = []
        let r = ring.circle.radius, w = ring.lineWidth
        if r < RingPlausibility.minimumRadius {
            findings.append((0.2, "too small to be measured as a stroked ring (radius \(tenths(r)) px, under \(tenths(RingPlausibility.minimumRadius)) px): a dot or a pointer's trace"))
        }
        if w > RingPlausibility.filledWidthShare * r {
            findings.append((0.2, "filled shape, not a stroke: as wide as it is round (a dot or a disc)"))
        } else if w > RingPlausibility.maximumWidthShare * r {
            findings.append((0.4, "very wide for its radius (\(tenths(w)) px on a radius of \(tenths(r)) px): more likely a filled shape than a stroke"))
        }
        guard let p else { return findings }
        if p.interiorLooksFilled, p.interiorChange > RingPlausibility.filledInteriorChange {
            findings.append((0.2, "filled shape, not a stroke: the disc inside the ring changes too (\(percent(p.interiorChange)) of it, up to the band)"))
        } else if p.interiorLooksFilled {
            findings.append((0.4, "much inside the ring changes as well (\(percent(p.interiorChange)) of the disc, up to the band): perhaps a filled or growing shape"))
        } else if p.interiorChange > RingPlausibility.explainedInteriorChange {
            findings.append((0.45, "much inside the ring changes as well (\(percent(p.interiorChange)) of the disc, clear of the band): more than a label or an icon changes"))
        } else if p.interiorChange > RingPlausibility.maximumInteriorChange {
            // Clear of the band and no more than a label, a tick or an icon covers: the
            // stroke's readings ignore it.
            findings.append((0.8, "something inside the ring changes too (\(percent(p.interiorChange)) of the disc, clear of the band): a label or an icon, not measured"))
        }
        if p.besideChange > RingPlausibility.maximumBesideChange {
            findings.append((0.3, "what changes does not follow one circle (\(percent(min(p.besideChange, 9.99))) as many pixels beside the band as in it, in the median sector): a tick, a label or another shape, not a ring"))
        }
        if p.bandFill < RingPlausibility.minimumBandFill {
            findings.append((0.4, "only \(percent(p.bandFill)) of the band changes where it changes at all: not one stroke along the circle"))
        }
        return findings
    }

    /// What the frames' readings say of a found ring: how often it is drawn, whether its ends
    /// move, how long and how many its pieces are, whether its width holds along it.
    private static func readingFindings(_ ring: RingGeometry, _ readings: [LayerReading]) -> [(Double, String)] {
        var findings: [(Double, String)] = []
        let n = readings.count
        guard n > 0 else { return findings }
        let r = ring.circle.radius
        let drawn = readings.filter { $0.state == .arc || $0.state == .full }.count
        let arcs = readings.filter { $0.state == .arc }.count
        if drawn < max(2, n / 20) {
            findings.append((0.3, "drawn in only \(drawn) of \(n) frames: something passing by, not an animated stroke"))
        } else if arcs <= 1 {
            // One frame with ends among many full or empty ones is a ring caught fading or
            // a gap of noise (a re-quantised palette), not ends that move.
            let seen = arcs == 0 ? "never shows two ends (full or empty in every frame)" : "shows two ends in only 1 frame (full or empty in the others)"
            findings.append((0.45, "\(seen): a ring that appears or fades, not a stroke whose ends move"))
        }
        // A stroke is found by its ends moving. The same piece in (nearly) every frame that
        // shows ends (within two pixels of arc, or 3°; a frame in twenty, or one, may differ:
        // the frame a label changes in) is an icon, a glyph or a label's part that comes and
        // goes or changes elsewhere: a status bar's signal wedge, a letter's curve.
        if let still = Self.stillPieces(readings, radius: r) {
            let what = still.pieces.map { "\(tenths($0.start))° to \(tenths($0.end))°" }.joined(separator: " or ")
            findings.append((0.45, "its ends do not move (the same piece\(still.pieces.count == 1 ? "" : "s"), \(what), in \(still.count) of the \(still.of) frames that show ends): a shape that comes and goes, not a stroke whose ends move"))
        }
        // A ring that comes and goes whole, again and again, showing ends only on the way
        // between (a pulsing ball's edge, a blinking ring), is not a stroke drawn along it.
        var fullRuns = 0, previous: StrokeState?
        for reading in readings where reading.state != .unknown {
            if reading.state == .full && previous != .full { fullRuns += 1 }
            previous = reading.state
        }
        if fullRuns >= 3, arcs * 10 < drawn {
            findings.append((0.45, "appears and goes whole \(fullRuns) times, with ends in only \(arcs) of the \(drawn) frames it is drawn in: a shape that pulses or blinks, not a stroke whose ends move"))
        }
        // Dots chasing round a circle change a band like a stroke's, but no frame shows a
        // piece much longer than it is wide.
        let longest = readings.compactMap { reading -> Double? in
            if reading.state == .full { return 360 }
            guard reading.state == .arc, let s = reading.startAngle, let e = reading.endAngle else { return nil }
            return ([(s, e)] + reading.segments.map { ($0.start, $0.end) }).map { wrapDegrees($0.1 - $0.0) }.max()
        }.max()
        if arcs > 0, let longest, longest * Double.pi / 180 * r < 2.5 * ring.lineWidth {
            findings.append((0.3, "no frame shows a piece of stroke longer than \(tenths(longest))° (\(tenths(longest * Double.pi / 180 * r)) px, \(tenths(ring.lineWidth)) px wide): dots moving round a circle, not a stroke"))
        }
        // One stroke shows one piece (two where something crosses it); dots or dashes chasing
        // round a circle show several in many frames.
        let tooMany = readings.filter { $0.arc?.pieceCount != nil }.count
        let split = readings.filter { $0.state == .arc && !$0.segments.isEmpty }.count + tooMany
        let readable = arcs + tooMany
        if readable >= 10, Double(split) > maximumSplitShare * Double(readable) {
            findings.append((0.4, "the ink comes in several separate pieces in \(split) of \(readable) frames: dots or dashes moving round a circle, not one stroke"))
        }
        let variations = readings.compactMap { $0.arc?.widthVariation }.sorted()
        // A hairline's measured width moves by a fraction of a pixel with its anti-aliasing
        // alone: a shape's width varies by more than a pixel too.
        if variations.count >= 3, variations[variations.count / 2] > maximumWidthVariation,
           variations[variations.count / 2] * ring.lineWidth > minimumWidthSpread {
            findings.append((0.3, "the ink's width varies along its length (by \(percent(variations[variations.count / 2])) of it in the median frame): a filled shape (a crescent, a wedge, dots), not a stroke of one width"))
        }
        let hues = readings.compactMap { $0.arc?.hueSpread }.sorted()
        // Ink read stretch by stretch against its own colour in most frames that show it
        // (`ArcMeasurement.inkReadAlongStroke`): the ends are placed against the colour there.
        let alongStroke = readings.filter { $0.arc?.inkReadAlongStroke == true }.count
        if hues.count >= 3, hues[hues.count / 2] > maximumHueSpread, 2 * alongStroke >= hues.count {
            findings.append((0.85, "the ink changes colour along the stroke (\(percent(hues[hues.count / 2])) of it in another hue in the median frame): each stretch is read against its own colour"))
        } else if hues.count >= 3, hues[hues.count / 2] > maximumHueSpread {
            findings.append((0.45, "the ink changes colour along the stroke (\(percent(hues[hues.count / 2])) of it in another hue in the median frame): its ends are read against one colour and may be short where the colour departs from it"))
        }
        return findings
    }

    /// The one or two pieces (start and end angles) that nearly every frame showing ends shows
    /// (all but a twentieth, at least one frame allowed to differ), each within two pixels of
    /// arc or 3°, with how many of how many frames show them; nil when the ends move. An icon
    /// toggling between two states shows two pieces; a stroke's moving ends show many.
    static func stillPieces(_ readings: [LayerReading], radius r: Double) -> (pieces: [(start: Double, end: Double)], count: Int, of: Int)? {
        let all = readings.compactMap { reading -> (Double, Double)? in
            guard reading.state == .arc, let s = reading.startAngle, let e = reading.endAngle else { return nil }
            return (s, e)
        }
        guard all.count >= 2 else { return nil }
        // At most 400 pieces, spread over the recording: the count below is quadratic.
        let stride = (all.count + 399) / 400
        let pieces = Swift.stride(from: 0, to: all.count, by: stride).map { all[$0] }
        let tolerance = max(3, 2 / r * 180 / Double.pi)
        func near(_ a: (Double, Double), _ b: (Double, Double)) -> Bool {
            degreesApart(a.0, b.0) <= tolerance && degreesApart(a.1, b.1) <= tolerance
        }
        let allowed = max(1, pieces.count / 20)
        var left = pieces, found: [(start: Double, end: Double)] = [], covered = 0
        for _ in 0..<2 {
            guard !left.isEmpty else { break }
            let counts = left.map { p in left.filter { near($0, p) }.count }
            guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] >= 2 else { break }
            let piece = left[best]
            found.append((piece.0, piece.1))
            covered += counts[best]
            left.removeAll { near($0, piece) }
            if covered >= pieces.count - allowed { return (found, covered, pieces.count) }
        }
        return nil
    }

    /// Share of a stroke's solid ink in another hue than its main colour above which it is a
    /// gradient (see `ArcMeasurement.hueSpread`).
    static let maximumHueSpread = 0.25

    /// A stroke's inked width along its body varies by less than this share of it (its
    /// anti-aliasing and a recorder's dithering); a filled crescent's by far more.
    static let maximumWidthVariation = 0.35
    /// ... and by more than this many pixels.
    static let minimumWidthSpread = 1.0

    /// Frames with several pieces of ink, as a share of those read, above which the ink is dots
    /// or dashes rather than one stroke (whose ink is one piece but where something crosses it).
    static let maximumSplitShare = 0.2

    private static func tenths(_ x: Double) -> String { DecimalText.short((x * 10).rounded() / 10) }

    private static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded())) %" }
}
