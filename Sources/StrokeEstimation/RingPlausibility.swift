import StrokeGeometry

/// Whether what changes on a found ring looks like a stroke running along a circle, from the
/// pixels that change over the recording: a stroke changes its band and little beside it, and
/// leaves the disc it encloses alone. Filled discs and pie wedges change inside; a dot is as
/// wide as it is round; a tick or a label fitted by a circle changes pixels off the band; a
/// pointer passing by leaves a trace a few pixels across.
public struct RingPlausibility: Sendable, Equatable {
    /// Share of the pixels enclosed by the band (inside its inner edge) that change.
    public var interiorChange: Double
    /// Share of the band's inner pixels that change, in the 10° sectors where any does.
    public var bandFill: Double
    /// Changing pixels just beside the band (within a line width of its edges), per changing
    /// pixel in the band, in the median 10° sector where the band changes: a label, a tick or
    /// a pointer touching the ring on one side leaves most sectors clean; a shape that is not
    /// a ring, or ink that spreads (glow, a fill), changes beside the band all round.
    public var besideChange: Double
    /// The same for the rim just inside the band only: a filled disc or wedge changes there
    /// wherever the band changes; a label or an icon inside the ring keeps clear of it.
    public var innerRimChange: Double

    /// Whether the disc inside changes as a filled shape does: much of it, right up to the band.
    /// What changes inside but keeps clear of the band (a label, an icon) is other content.
    public var interiorLooksFilled: Bool {
        interiorChange > Self.maximumInteriorChange && innerRimChange > Self.maximumBesideChange
    }

    /// Rings smaller than this (pixels) are not taken for strokes: their ends cannot be told
    /// from their blur, and pointers, bullets and dots are this size.
    public static let minimumRadius = 5.0
    /// More of the enclosed disc than this changing: perhaps filled or growing (a tick drawn
    /// inside a small payment ring changes up to about 0.3 of it; a HUD fading in, half).
    public static let maximumInteriorChange = 0.35
    /// What a tick or a cross drawn inside can change of the disc it is drawn in: a line across
    /// it covers well under a third, anti-aliasing included (0.30 for a 6 px tick in a 24 px ring).
    public static let explainedInteriorChange = 0.4
    /// More of the enclosed disc than this changing: filled, not a stroke.
    public static let filledInteriorChange = 0.5
    /// More changing pixels beside the band than this (per pixel in it): not one circle.
    public static let maximumBesideChange = 0.1
    /// Less of the band than this changing where it changes at all: not one stroke.
    public static let minimumBandFill = 0.8
    /// A line width over this share of the radius: more likely a filled shape.
    public static let maximumWidthShare = 0.5
    /// A line width over this share of the radius: as wide as it is round, a dot or a disc.
    public static let filledWidthShare = 0.6

    /// Whether `ring` with these features looks like a stroke on a circle by every measure
    /// above: the rings a model may be anchored on.
    /// `interiorExplained`: something known to be drawn inside (a model's tick) accounts for
    /// what changes there, up to `explainedInteriorChange`.
    public func looksLikeStroke(_ ring: RingGeometry, interiorExplained: Bool = false) -> Bool {
        ring.circle.radius >= Self.minimumRadius && ring.lineWidth <= Self.maximumWidthShare * ring.circle.radius
            && (interiorChange <= (interiorExplained ? Self.explainedInteriorChange : Self.maximumInteriorChange)
                || (innerRimChange <= Self.maximumBesideChange && interiorChange <= Self.explainedInteriorChange))
            && besideChange <= Self.maximumBesideChange && bandFill >= Self.minimumBandFill
    }

    /// A pixel counts as changing, here, when it changes by at least this share of the band's
    /// median change (and by the ring search's threshold).
    static let likeTheBand = 0.35

    /// Reads the features of `ring` from `stats`. What changes on the bands of `others` (the
    /// other rings found: a second ring just beside this one) is theirs, not beside this one.
    public static func read(_ ring: RingGeometry, stats: PixelStatistics, others: [RingGeometry] = []) -> RingPlausibility {
        let neighbours = others.filter { $0 != ring }.map { (c: $0.circle.center, r: $0.circle.radius, reach: $0.lineWidth / 2 + 1.5) }
        let w = stats.width, h = stats.height
        let c = ring.circle.center, r = ring.circle.radius, lw = ring.lineWidth
        let inner = max(0.75, lw / 2 - 1)
        let edge = lw / 2 + 1.5, beside = lw / 2 + 1.5 + max(3, lw)
        let hole = r - lw / 2 - 2
        let x0 = max(0, Int(saturating: (c.x - r - beside).rounded(.down))), x1 = min(w - 1, Int(saturating: (c.x + r + beside).rounded(.up)))
        let y0 = max(0, Int(saturating: (c.y - r - beside).rounded(.down))), y1 = min(h - 1, Int(saturating: (c.y + r + beside).rounded(.up)))
        // What changes as the stroke does: a dithered or recompressed background flickers by
        // a little everywhere, and only changes of a good part of the band's own count.
        var bandDeviations: [UInt16] = []
        // The frame by which the band had first changed (all but its last 2 %, so that a
        // compressed movie's odd late-flickering pixel does not stand for the band): what first
        // changes only after the stroke has swept its whole band (a tick drawn once the ring is
        // complete, a track or a HUD going away with it) is later content, not part of the
        // stroke's shape. A filled disc or wedge changes inside as its edge sweeps, and stays
        // counted.
        var bandFirstChanges: [UInt16] = []
        if x0 <= x1 && y0 <= y1 {
            for y in y0...y1 {
                let dy = Double(y) + 0.5 - c.y
                for x in x0...x1 {
                    let dx = Double(x) + 0.5 - c.x
                    let v = stats.maxDeviation[y * w + x]
                    if v >= RingFinder.changeThreshold, abs((dx * dx + dy * dy).squareRoot() - r) <= inner {
                        bandDeviations.append(v)
                        bandFirstChanges.append(stats.firstChange[y * w + x])
                    }
                }
            }
        }
        bandFirstChanges.sort()
        var bandLast = bandFirstChanges.isEmpty ? 0 : bandFirstChanges[(bandFirstChanges.count - 1) * 98 / 100]
        if bandLast == 0 { bandLast = .max }
        bandDeviations.sort()
        let typical = bandDeviations.isEmpty ? 0 : Double(bandDeviations[bandDeviations.count / 2])
        let threshold = max(RingFinder.changeThreshold, UInt16(min(510, Self.likeTheBand * typical)))
        var interior = 0, interiorChanged = 0
        var bandBySector = [Int](repeating: 0, count: 36), changedBySector = [Int](repeating: 0, count: 36)
        var innerBySector = [Int](repeating: 0, count: 36), outerBySector = [Int](repeating: 0, count: 36)
        if x0 <= x1 && y0 <= y1 {
            for y in y0...y1 {
                let dy = Double(y) + 0.5 - c.y
                for x in x0...x1 {
                    let dx = Double(x) + 0.5 - c.x
                    let rho = (dx * dx + dy * dy).squareRoot()
                    let d = abs(rho - r)
                    let changed = stats.maxDeviation[y * w + x] >= threshold && stats.firstChange[y * w + x] <= bandLast
                    if d <= inner || (d >= edge && d <= beside && changed
                                      && !neighbours.contains { abs(Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: $0.c) - $0.r) <= $0.reach }) {
                        let s = Int(onScreenAngle(of: Point(x: Double(x) + 0.5, y: Double(y) + 0.5), around: c) / 10) % 36
                        if d <= inner {
                            bandBySector[s] += 1
                            if changed { changedBySector[s] += 1 }
                        } else if rho < r {
                            innerBySector[s] += 1
                        } else {
                            outerBySector[s] += 1
                        }
                    }
                    if rho < hole {
                        interior += 1
                        if changed { interiorChanged += 1 }
                    }
                }
            }
        }
        let live = (0..<36).filter { changedBySector[$0] > 0 }
        let bandChanged = live.reduce(0) { $0 + changedBySector[$1] }
        let bandLive = live.reduce(0) { $0 + bandBySector[$1] }
        func median(_ counts: [Int]) -> Double {
            guard !live.isEmpty else { return .infinity }
            let shares = live.map { Double(counts[$0]) / Double(changedBySector[$0]) }.sorted()
            return shares[shares.count / 2]
        }
        let both = (0..<36).map { innerBySector[$0] + outerBySector[$0] }
        return RingPlausibility(interiorChange: interior == 0 ? 0 : Double(interiorChanged) / Double(interior),
                                bandFill: bandLive == 0 ? 0 : Double(bandChanged) / Double(bandLive),
                                besideChange: median(both), innerRimChange: median(innerBySector))
    }
}
