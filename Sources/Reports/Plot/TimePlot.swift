/// A plot of values over time in stacked panels that share the time axis: measured values as
/// points, model curves as lines, thresholds as dashed horizontal lines. Rendered as SVG by
/// ``svgText(width:)``.
public struct TimePlot: Sendable, Equatable {
    /// The heading drawn above the first panel.
    public var title: String
    /// The shared horizontal axis' label, with its unit, e.g. `time (s)`.
    public var xLabel: String
    /// The horizontal range; `nil` spans every point.
    public var xRange: ClosedRange<Double>?
    /// The panels, top to bottom.
    public var panels: [PlotPanel]

    public init(title: String, xLabel: String, xRange: ClosedRange<Double>? = nil, panels: [PlotPanel] = []) {
        self.title = title
        self.xLabel = xLabel
        self.xRange = xRange
        self.panels = panels
    }
}
