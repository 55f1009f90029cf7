import AnimationModel
import Raster
import StrokeEstimation
import StrokeGeometry

/// A layer placed on the screen, with the measurer that reads it frame after frame: what the
/// pipeline works with between finding the rings and finishing the readings.
struct PlacedLayer {
    var name: String
    var kind: Kind
    /// The model's cap for a ring layer (nil without a model).
    var modelCap: LineCap?
    /// A found ring's look from what changes on it (nil for paths and placed predictions).
    var plausibility: RingPlausibility?
    /// An open stroke found with no model: its evidence (nil for a model's layers and rings).
    var found: FoundStroke?

    /// The model's layer it is placed from (nil for a ring found without a model).
    var modelLayer: ResolvedLayer? {
        switch kind {
        case .ring(_, _, let layer): layer
        case .path(_, _, _, let layer): layer
        }
    }

    enum Kind {
        /// The measurer is nil only while `FrameMeasuring` holds it.
        case ring(RingGeometry, ArcMeasurer?, modelLayer: ResolvedLayer?)
        case path(PolylineMeasurer, ink: RGBA?, lineWidth: Double, modelLayer: ResolvedLayer)
    }
}
