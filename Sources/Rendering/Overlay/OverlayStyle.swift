#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster
import StrokeGeometry

/// Colours and widths of an overlay, in output pixels.
public struct OverlayStyle: Sendable, Equatable {
    /// The model's stroke: magenta, which no common spinner palette uses and which shows on
    /// white, black and grey backgrounds alike.
    public var modelColor = RGBA(230, 0, 200)
    /// Measured start: blue.
    public var startColor = RGBA(0, 140, 255)
    /// Measured end: orange.
    public var endColor = RGBA(255, 140, 0)
    public var modelLineWidth = 1.5
    public var barWidth = 2.0
    /// How far a bar reaches past the stroke on each side.
    public var barOverhang = 3.0

    public init() {}

    /// The legend as CSS colours and their meaning.
    public var legend: [(color: String, text: String)] {
        [(modelColor.hex, "model stroke at the fitted time"), (startColor.hex, "measured start"), (endColor.hex, "measured end")]
    }
}
