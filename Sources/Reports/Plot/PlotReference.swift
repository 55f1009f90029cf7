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
