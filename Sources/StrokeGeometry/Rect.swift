/// An axis-aligned rectangle, as a `CGRect`: origin and size in points, y down.
public struct Rect: Sendable, Hashable {
    /// Left edge when `width` ≥ 0, in points.
    public var x: Double
    /// Top edge when `height` ≥ 0, in points.
    public var y: Double
    /// Width in points (may be negative, as in a `CGRect`; see `standardized`).
    public var width: Double
    /// Height in points (may be negative, as in a `CGRect`; see `standardized`).
    public var height: Double

    /// A rectangle with origin (`x`, `y`) and size `width` × `height`, all in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The same rectangle with a non-negative width and height (as `CGRect.standardized`).
    public var standardized: Rect {
        Rect(
            x: width < 0 ? x + width : x, y: height < 0 ? y + height : y,
            width: abs(width), height: abs(height))
    }

    /// Smallest x, in points.
    public var minX: Double { standardized.x }
    /// Largest x, in points.
    public var maxX: Double { standardized.x + abs(width) }
    /// Smallest y (top), in points.
    public var minY: Double { standardized.y }
    /// Largest y (bottom), in points.
    public var maxY: Double { standardized.y + abs(height) }
    /// Horizontal centre, in points.
    public var midX: Double { x + width / 2 }
    /// Vertical centre, in points.
    public var midY: Double { y + height / 2 }
    /// The centre, in points.
    public var center: Point { Point(midX, midY) }
}
