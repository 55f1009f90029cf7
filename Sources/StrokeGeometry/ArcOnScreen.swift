/// A stroke on a circle as it appears on screen (CLI-CONTRACT.md conventions).
public struct ArcOnScreen: Sendable, Hashable {
    /// What is drawn.
    public var state: StrokeState
    /// Centre of the circle on screen, in points (superlayer space).
    public var center: Point
    /// Radius of the circle, in points.
    public var radius: Double
    /// Whether the path runs clockwise on screen (rotation keeps the sense).
    public var clockwise: Bool
    /// On-screen angle where the visible stroke begins (at `strokeStart`), in degrees clockwise
    /// from 12 o'clock in [0, 360); `nil` when the drawn part has no ends (empty, or a whole circle).
    public var startAngle: Double?
    /// On-screen angle where the visible stroke ends (at `strokeEnd`), in degrees clockwise from
    /// 12 o'clock in [0, 360); `nil` when the drawn part has no ends.
    public var endAngle: Double?

    /// An on-screen arc from its parts (see the properties for units).
    public init(
        state: StrokeState, center: Point, radius: Double, clockwise: Bool,
        startAngle: Double?, endAngle: Double?
    ) {
        self.state = state
        self.center = center
        self.radius = radius
        self.clockwise = clockwise
        self.startAngle = startAngle
        self.endAngle = endAngle
    }
}
