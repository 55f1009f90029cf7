import Raster

/// How much of each pixel of a rectangle a shape covers: the exact area fraction in [0, 1]
/// (to within 1/512; see `StrokeRasterizer`), row-major from the top row down.
public struct CoverageMask: Sendable, Hashable {
    /// The pixels the mask describes, in image pixels; pixel (i, j) covers [i, i+1) × [j, j+1).
    public let rect: PixelRect
    /// `rect.width · rect.height` coverage fractions in [0, 1], row-major; 0 = untouched,
    /// 1 = fully covered (exactly 0 and 1 for pixels wholly outside or inside the shape).
    public let values: [Float]

    /// A mask over `rect` (pixels) with `values` (row-major, `rect.width · rect.height` of them).
    public init(rect: PixelRect, values: [Float]) {
        precondition(rect.width >= 0 && rect.height >= 0, "negative mask size")
        precondition(values.count == rect.width * rect.height, "coverage values do not match the mask size")
        self.rect = rect
        self.values = values
    }

    /// A mask that covers nothing, anchored at (`x`, `y`) pixels.
    public static func empty(x: Int = 0, y: Int = 0) -> CoverageMask {
        CoverageMask(rect: PixelRect(x: x, y: y, width: 0, height: 0), values: [])
    }

    /// Left column of the mask, in image pixels.
    public var x: Int { rect.x }
    /// Top row of the mask, in image pixels.
    public var y: Int { rect.y }
    /// Columns in the mask.
    public var width: Int { rect.width }
    /// Rows in the mask.
    public var height: Int { rect.height }
    /// Whether the mask has no pixels.
    public var isEmpty: Bool { rect.isEmpty }

    /// Coverage of image pixel (`x`, `y`): the stored value inside `rect`, 0 anywhere else.
    public subscript(x x: Int, y y: Int) -> Float {
        let column = x - rect.x
        let row = y - rect.y
        guard column >= 0, column < rect.width, row >= 0, row < rect.height else { return 0 }
        return values[row * rect.width + column]
    }

    /// Total covered area, in pixels² (the sum of all values, added in Double precision).
    public var sum: Double {
        var total = 0.0
        for v in values { total += Double(v) }
        return total
    }

    /// The largest coverage value (0 for an empty mask).
    public var maximum: Float { values.max() ?? 0 }
}
