extension RGBAImage {
    /// This picture composited over `backdrop` ("source over"), giving an opaque picture of the
    /// same size. Checkerboard squares start at the top-left pixel.
    public func composited(over backdrop: Backdrop) -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        out.composite(self, atX: 0, y: 0, over: backdrop)
        return out
    }

    /// Writes `source` composited over `backdrop` so that the source's top-left pixel lands at
    /// (`x`, `y`), in pixels. The written pixels are opaque and replace what was there (the
    /// backdrop, not this image, is what shows through). Parts outside this image are clipped;
    /// checkerboard squares are anchored at the source's top-left pixel wherever it lands.
    public mutating func composite(_ source: RGBAImage, atX x: Int, y: Int, over backdrop: Backdrop) {
        guard let target = clippedRect(x: x, y: y, width: source.width, height: source.height) else { return }
        let light: RGBA, dark: RGBA, square: Int
        switch backdrop {
        case .solid(let color):
            (light, dark, square) = (color, color, Int.max)
        case .checkerboard(let l, let d, let size):
            (light, dark, square) = (l, d, max(1, size))
        }
        let dstWidth = width, srcWidth = source.width
        // Offsets of the visible part inside the source; both are ≥ 0 and within the source.
        let sx0 = target.x - x, sy0 = target.y - y
        pixels.withUnsafeMutableBufferPointer { dst in
            source.pixels.withUnsafeBufferPointer { src in
                for row in 0..<target.height {
                    let sy = sy0 + row
                    let rowIsOdd = (sy / square) & 1
                    var d = ((target.y + row) * dstWidth + target.x) * 4
                    var s = (sy * srcWidth + sx0) * 4
                    for column in 0..<target.width {
                        let back = ((sx0 + column) / square) & 1 == rowIsOdd ? light : dark
                        let a = Int(src[s + 3])
                        let inverse = 255 - a
                        dst[d] = blend(src[s], back.r, a, inverse)
                        dst[d + 1] = blend(src[s + 1], back.g, a, inverse)
                        dst[d + 2] = blend(src[s + 2], back.b, a, inverse)
                        dst[d + 3] = 255
                        d += 4
                        s += 4
                    }
                }
            }
        }
    }
}

/// `(front·a + back·(255 − a)) / 255`, rounded to nearest.
@inline(__always)
private func blend(_ front: UInt8, _ back: UInt8, _ a: Int, _ inverse: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: (Int(front) * a + Int(back) * inverse + 127) / 255)
}
