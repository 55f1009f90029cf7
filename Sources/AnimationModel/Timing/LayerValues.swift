import StrokeGeometry

/// The animated values of one layer at one instant.
public struct LayerValues: Sendable, Equatable {
    public var name: String
    /// Whether the layer is on screen (between its `addedAt` and `removedAt`).
    public var present: Bool
    /// As produced by the animations, before the renderer clamps them to [0, 1].
    public var rawStrokeStart: Double
    public var rawStrokeEnd: Double
    /// `transform.rotation.z` in radians, unwrapped; positive = clockwise on screen.
    public var rotation: Double

    /// `strokeStart` as drawn: `max(rawStrokeStart, 0)`, at most 1.
    public var strokeStart: Double { min(max(rawStrokeStart, 0), 1) }
    /// `strokeEnd` as drawn: `min(rawStrokeEnd, 1)`, at least 0.
    public var strokeEnd: Double { min(max(rawStrokeEnd, 0), 1) }
    /// Rotation in degrees (clockwise on screen, not wrapped).
    public var rotationDegrees: Double { rotation * 180 / .pi }
}
