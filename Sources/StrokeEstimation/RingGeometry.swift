import Raster
import StrokeGeometry

/// A stroked ring found in the frames: its circle and line width, in pixels.
public struct RingGeometry: Sendable, Equatable {
    public var circle: Circle
    /// Line width in pixels.
    public var lineWidth: Double
    /// How many animated pixels supported the fit.
    public var support: Int
    /// RMS distance of the supporting pixels from the fitted centre line, in pixels.
    public var residual: Double

    public init(circle: Circle, lineWidth: Double, support: Int = 0, residual: Double = 0) {
        self.circle = circle
        self.lineWidth = lineWidth
        self.support = support
        self.residual = residual
    }
}
