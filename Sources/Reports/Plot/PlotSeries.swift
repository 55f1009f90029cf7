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
