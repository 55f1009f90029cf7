import Raster
import StrokeGeometry

/// How well a butt end and a round end, each at its best position, explain the pixels around one
/// end of a stroke: sums of squared coverage differences (pixels).
public struct CapEvidence: Sendable, Equatable {
    var butt: Double
    var round: Double
    /// On 1-bit pixels: how likely the pixels are under each shape at a few line widths
    /// (`OneBitCapEvidence`); nil for anti-aliased ends.
    var oneBit: OneBitCapEvidence?
    /// Where the end lay; nil when unknown (the end then counts as distinct from every other).
    var place: EndPlace? = nil
}
