extension RingFinder {
    /// A changing shape without the pixels that changed once for good, in one frame together
    /// with a large share of it: a track, a HUD's ring or a label that comes or goes with the
    /// whole indicator (the track beside progresshud's progress ring vanishes with it in one
    /// frame), where a stroke's band changes bit by bit as the stroke moves, and a moving
    /// stroke's pixels change back and forth. Nil when no frame holds `atOnceShare` of the
    /// shape, when most of the rest first changed after that frame, or too little is left.
    static func withoutChangedAtOnce(_ component: [Int], stats: PixelStatistics) -> [Int]? {
        var counts: [UInt16: Int] = [:]
        for i in component where stats.toggles[i] == 1 { counts[stats.firstChange[i], default: 0] += 1 }
        guard let (frame, count) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
              frame > 0, Double(count) >= atOnceShare * Double(component.count) else { return nil }
        let rest = component.filter { stats.firstChange[$0] != frame || stats.toggles[$0] != 1 }
        // Only what goes (or comes) once most of the rest has been drawn: a ring that appears
        // at once when its HUD pops up and then turns (a full ring turning changes no pixel) is
        // the stroke itself, and is kept.
        let before = rest.filter { stats.firstChange[$0] < frame }.count
        guard 2 * before >= rest.count else { return nil }
        return rest.count >= 60 ? rest : nil
    }

    /// Share of a shape's pixels first changing in one frame from which they are taken for
    /// something that came or went at once rather than a stroke drawn over time.
    static let atOnceShare = 0.15
}
