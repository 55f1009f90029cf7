/// One panel: a vertical axis and the series drawn against it.
public struct PlotPanel: Sendable, Equatable {
    /// What the panel shows, e.g. `stroke fractions`.
    public var title: String
    /// The vertical axis' label, with its unit, e.g. `timing error (ms)`.
    public var yLabel: String
    /// A fixed vertical range (e.g. 0...1 for fractions); `nil` spans the data.
    public var yRange: ClosedRange<Double>?
    public var series: [PlotSeries]
    /// Horizontal reference lines (thresholds), drawn dashed.
    public var references: [PlotReference]
    /// Relative height; panels share the plot's height in proportion.
    public var weight: Double

    public init(title: String, yLabel: String, yRange: ClosedRange<Double>? = nil, series: [PlotSeries] = [],
                references: [PlotReference] = [], weight: Double = 1) {
        self.title = title
        self.yLabel = yLabel
        self.yRange = yRange
        self.series = series
        self.references = references
        self.weight = weight
    }
}
