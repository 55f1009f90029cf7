import StrokeGeometry

/// How the ring looks in the GIF, in pixels.
public struct RingAppearance: Sendable, Equatable {
    public var centerX: Double
    public var centerY: Double
    public var radius: Double
    public var lineWidth: Double
    /// `#RRGGBB`, or nil when no colour could be told.
    public var strokeColor: String?
    /// `butt`, `round` or `square`.
    public var lineCap: LineCap

    public init(centerX: Double, centerY: Double, radius: Double, lineWidth: Double, strokeColor: String?, lineCap: LineCap) {
        self.centerX = centerX
        self.centerY = centerY
        self.radius = radius
        self.lineWidth = lineWidth
        self.strokeColor = strokeColor
        self.lineCap = lineCap
    }
}
