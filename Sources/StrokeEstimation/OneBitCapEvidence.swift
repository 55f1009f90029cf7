import StrokeGeometry
import Raster

/// What one end on 1-bit pixels (GIF transparency) says about its cap: the log-likelihood of its
/// pixels under a butt and under a round end, at each of a few line widths around the measured
/// one (`widthFactors`), with the end's position integrated out (`RingEndShape.Fit.logLikelihood`).
///
/// A 2 px line's end shows its cap only in a pixel or two, and each end alone fits both shapes
/// at some position; but the shapes cover the pixels differently as the end sweeps across them,
/// so each shape makes some pixel patterns more likely than the other does. Summed over many
/// ends (a spinner's ends pass through every sub-pixel phase and angle) that tells them apart.
/// The pixels along the band's edges carry most of it, and whether they are set depends on the
/// line width as much as on the cap: the width is fitted too, the best one for each shape.
struct OneBitCapEvidence: Sendable, Equatable, Hashable {
    /// Multiples of the measured line width at which the shapes are compared: a thin line's
    /// width measured from 1-bit pixels reads up to about a quarter too wide (1.5 px lines read
    /// 1.6–1.9 px), and the likelihoods peak sharply at the right width, so the steps are fine.
    static let widthFactors = stride(from: 0.7, through: 1.201, by: 0.05).map { $0 }
    /// Sub-points per pixel side for the area coverage that a 1-bit pixel is thresholded from
    /// (odd: see `ArcMeasurer.binarySubdivisions`).
    static let subdivisions = 9

    /// Per width factor: log-likelihood of the pixels under a butt end and under a round end.
    var butt: [Double]
    var round: [Double]

    /// The end near `reference` (degrees) whose ink lies before it in the drawing direction
    /// (`beyondClockwise`), with the end searched within `slack` radians of `reference` (butt)
    /// or of where a round end's path end would lie. `coverage` gives a pixel's observed 1-bit
    /// coverage from its byte offset in `image`. Nil when the image's edge cuts the end.
    init?(image: RGBAImage, ring: RingGeometry, lineWidth w: Double, reference: Double, beyondClockwise: Bool,
          slack: Double, coverage: (Int) -> Double) {
        let R = ring.circle.radius
        var butt: [Double] = [], round: [Double] = []
        for factor in Self.widthFactors {
            let width = w * factor
            let shift = LineCap.round.extraLength(lineWidth: width) / R
            let buttRange = -slack...slack, roundRange = (-shift - slack)...(-shift + slack)
            // Every pixel counts, the band's edges included: that is where the caps differ.
            guard let shape = RingEndShape(image: image, ring: ring, lineWidth: width, reference: reference,
                                           beyondClockwise: beyondClockwise, subdivisions: Self.subdivisions,
                                           halfCoverage: true, buttRange: buttRange, roundRange: roundRange,
                                           coverage: coverage) else { return nil }
            butt.append(shape.fit(.butt, within: buttRange).logLikelihood)
            round.append(shape.fit(.round, within: roundRange).logLikelihood)
        }
        self.butt = butt
        self.round = round
    }

    /// The caps that many ends' evidence favours: the log-likelihood ratio of round to butt,
    /// each shape at its best line width, summed over the distinct ends (a static end repeated
    /// in every frame counts once: its pixels, hence its numbers, are the same). Nil when it is
    /// under `decisive` either way: e¹⁰ ≈ 22 000 to 1, far above what the geometry's small
    /// errors add up to over a few hundred ends (on the accuracy suite the wrong cap never got a
    /// ratio above 1 in its favour; thin lines with enough moving ends reach 15–20).
    static func judge(_ evidence: [OneBitCapEvidence], decisive: Double = 10) -> LineCap? {
        var seen = Set<OneBitCapEvidence>()
        var butt = [Double](repeating: 0, count: widthFactors.count), round = butt
        for e in evidence where e.butt.count == widthFactors.count && e.round.count == widthFactors.count
            && (e.butt + e.round).allSatisfy(\.isFinite) {
            guard seen.insert(e).inserted else { continue }
            for k in widthFactors.indices {
                butt[k] += e.butt[k]
                round[k] += e.round[k]
            }
        }
        guard seen.count >= 6, let b = butt.max(), let r = round.max() else { return nil }
        if r - b >= decisive { return .round }
        if b - r >= decisive { return .butt }
        return nil
    }
}
