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

/// A named set of points, drawn as dots (measurements) or as a line (a model curve).
public struct PlotSeries: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
        /// One dot per point; each carries its frame number and value as `data-` attributes.
        case points
        /// A line through the points, broken where a point has `breakBefore`.
        case line
    }

    /// The legend text, e.g. `ring strokeEnd (measured)`.
    public var name: String
    /// Identifies the series in the SVG (`data-series`), e.g. `ring.strokeEnd`.
    public var key: String
    /// A CSS colour, e.g. `#1f77b4`.
    public var color: String
    public var style: Style
    public var points: [PlotPoint]

    public init(name: String, key: String, color: String, style: Style, points: [PlotPoint] = []) {
        self.name = name
        self.key = key
        self.color = color
        self.style = style
        self.points = points
    }
}

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

/// A horizontal line at a fixed value, e.g. `+20 ms` for a timing threshold.
public struct PlotReference: Sendable, Equatable {
    public var label: String
    public var y: Double
    public var color: String

    public init(label: String, y: Double, color: String = "#d62728") {
        self.label = label
        self.y = y
        self.color = color
    }
}
