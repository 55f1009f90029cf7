extension ArcMeasurer {
    /// Whether the ink on the band crosses it rather than running along it: a tick, a line or
    /// an icon drawn across the ring (once the ring has gone, or over its empty band). Around
    /// the inked bins (widened by the band's half width and the probes' distance either way,
    /// as a line crossing at a slant meets the probes to one side of where it crosses the
    /// centre line) the probes just inside and just outside the band both show ink, and beside
    /// the other bins next to none does: a stroke stays within its band, a track beside it
    /// shows all round, not only where the ink is, and a ring's glow or a second stroke beside
    /// it lies on one side only.
    func inkCrossesBand(coverage: [Double], background bg: SIMD4<Float>, ink: SIMD4<Float>) -> Bool {
        let probes = cache.probes, bins = sampler.bins
        let contrast = PremultipliedColour.distance(ink, bg)
        guard contrast >= Self.minimumContrast else { return false }
        func inky(_ p: SIMD4<Float>?) -> Bool { p.map { PremultipliedColour.distance($0, bg) >= 0.5 * contrast } ?? false }
        let inked = (0..<bins).filter { coverage[$0] >= 0.5 }
        guard inked.count >= 3, 2 * inked.count < bins else { return false }
        let reach = Int(((ring.lineWidth / 2 + 2.5) / sampler.binLength).rounded(.up))
        var near = [Bool](repeating: false, count: bins)
        for b in inked { for j in -reach...reach { near[((b + j) % bins + bins) % bins] = true } }
        var inside = 0, outside = 0, other = 0, otherInky = 0
        for b in 0..<bins {
            let i = inky(probes[b * 2]), o = inky(probes[b * 2 + 1])
            if near[b] {
                if i { inside += 1 }
                if o { outside += 1 }
            } else {
                other += 1
                if i || o { otherInky += 1 }
            }
        }
        return 10 * inside >= 6 * inked.count && 10 * outside >= 6 * inked.count && 5 * otherInky <= other
    }

    /// The note of a frame whose only ink on the band crosses it (`inkCrossesBand`): the
    /// stroke's own ink is nowhere on the band, so the frame reads `empty`.
    public static let crossingNote = "the only ink on the ring crosses its band rather than running along it: other content (a tick, a line) drawn across the ring, not the stroke"
}
