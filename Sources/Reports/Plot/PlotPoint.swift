/// One point of a series.
public struct PlotPoint: Sendable, Equatable {
    /// How a measured point is marked beyond its dot.
    public enum Mark: String, Sendable, Equatable {
        case none
        /// The frame carries a flag (late, early, dropped, ...): an amber ring.
        case flagged
        /// The frame exceeds a threshold: a red ring.
        case failing
    }

    public var x: Double
    public var y: Double
    /// The frame the point was measured on (dots only).
    public var frame: Int?
    public var mark: Mark
    /// Lines only: start a new piece here instead of joining the previous point (a model curve
    /// that jumps, or an angle wrapping from 360° to 0°).
    public var breakBefore: Bool
    /// The value as written in `data-value` (the tables' rounding); defaults to `y`.
    public var valueText: String?

    public init(x: Double, y: Double, frame: Int? = nil, mark: Mark = .none, breakBefore: Bool = false, valueText: String? = nil) {
        self.x = x
        self.y = y
        self.frame = frame
        self.mark = mark
        self.breakBefore = breakBefore
        self.valueText = valueText
    }
}
