import AnimationModel
import Raster
import StrokeGeometry

/// The exact state of one layer in one rendered frame: what `render --truth` records, in the
/// shape `inspect` reports (pixels for geometry, degrees for angles).
public struct LayerTruth: Sendable, Equatable {
    public var presentation: LayerPresentation
    /// Circle centre and radius in pixels, for layers on a circle.
    public var centerPixels: Point?
    public var radiusPixels: Double?
    /// Line width in pixels.
    public var lineWidthPixels: Double
}
