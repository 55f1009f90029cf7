/// How a ring's samples across its band project from background to ink: per radial sample the
/// background, the axis to the ink and its squared length, and the same as lane groups of four
/// samples for the measurer's SIMD sum. Built once per background, ink and track profile, and
/// kept while they stay the same (most frames of a recording).
struct BandProjection: Sendable {
    let backgrounds: [SIMD4<Float>]
    let axes: [SIMD4<Float>]
    let lengths2: [Float]
    /// Lane group g holds samples 4g ..< 4g + 4, one array per channel.
    let bgR: [SIMD4<Float>], bgG: [SIMD4<Float>], bgB: [SIMD4<Float>], bgA: [SIMD4<Float>]
    let axR: [SIMD4<Float>], axG: [SIMD4<Float>], axB: [SIMD4<Float>], axA: [SIMD4<Float>]
    let len2: [SIMD4<Float>]

    /// `profile`: the background per radial sample where a track lies in the band (nil: `background`
    /// throughout). A sample whose background is already half way to the ink (a track's
    /// anti-aliased edge) has a short axis, and its quantisation noise would read as ink: its
    /// axis is zero and it adds none.
    init(radial: Int, background: SIMD4<Float>, profile: [SIMD4<Float>]?, ink: SIMD4<Float>, minimumContrast: Float) {
        let backgrounds = profile ?? [SIMD4<Float>](repeating: background, count: radial)
        var axes = backgrounds.map { ink - $0 }
        var lengths2 = axes.map { ($0 * $0).sum() }
        if profile != nil {
            let main = ink - background, floor = max(minimumContrast * minimumContrast, 0.25 * (main * main).sum())
            for k in 0..<radial where lengths2[k] < floor { axes[k] = .zero; lengths2[k] = 1 }
        }
        self.backgrounds = backgrounds
        self.axes = axes
        self.lengths2 = lengths2
        let groups = radial / 4
        func lanes(_ v: [SIMD4<Float>], _ c: Int) -> [SIMD4<Float>] {
            (0..<groups).map { g in SIMD4(v[4 * g][c], v[4 * g + 1][c], v[4 * g + 2][c], v[4 * g + 3][c]) }
        }
        bgR = lanes(backgrounds, 0); bgG = lanes(backgrounds, 1); bgB = lanes(backgrounds, 2); bgA = lanes(backgrounds, 3)
        axR = lanes(axes, 0); axG = lanes(axes, 1); axB = lanes(axes, 2); axA = lanes(axes, 3)
        len2 = (0..<groups).map { g in SIMD4(lengths2[4 * g], lengths2[4 * g + 1], lengths2[4 * g + 2], lengths2[4 * g + 3]) }
    }

    /// Sample k's coverage (0...1) when it shows `colour`.
    @inline(__always) func coverage(_ colour: SIMD4<Float>, at k: Int) -> Float {
        min(max(((colour - backgrounds[k]) * axes[k]).sum() / lengths2[k], 0), 1)
    }
}
