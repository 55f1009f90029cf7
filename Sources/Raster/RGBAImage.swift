/// An 8-bit RGBA picture with straight alpha, stored row-major from the top row down,
/// four bytes per pixel with no padding between rows.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    public var pixels: [UInt8]

    /// A picture filled with one colour (transparent by default).
    public init(width: Int, height: Int, fill: RGBA = .transparent) {
        precondition(width >= 0 && height >= 0, "negative image size")
        self.width = width
        self.height = height
        if fill == .transparent {
            pixels = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                var i = 0
                while i < width * height * 4 {
                    buffer[i] = fill.r
                    buffer[i + 1] = fill.g
                    buffer[i + 2] = fill.b
                    buffer[i + 3] = fill.a
                    i += 4
                }
                count = width * height * 4
            }
        }
    }

    /// Wraps existing RGBA bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "pixel buffer does not match the image size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The pixel at column `x`, row `y` (both must be inside the image).
    public subscript(x x: Int, y y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
            let i = (y * width + x) * 4
            return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// Sets every pixel of `rect ∩ bounds` to `color`.
    public mutating func fill(_ rect: PixelRect, with color: RGBA) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { buf in
            for y in r.y..<r.maxY {
                var i = (y * w + r.x) * 4
                for _ in 0..<r.width {
                    buf[i] = color.r
                    buf[i + 1] = color.g
                    buf[i + 2] = color.b
                    buf[i + 3] = color.a
                    i += 4
                }
            }
        }
    }

    /// Copies `source` so that its top-left pixel lands at (`x`, `y`); parts outside are clipped.
    /// Pixels are replaced, not blended.
    public mutating func copy(_ source: RGBAImage, toX x: Int, y: Int) {
        let target = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(bounds)
        guard !target.isEmpty else { return }
        let w = width, sw = source.width
        pixels.withUnsafeMutableBufferPointer { dst in
            source.pixels.withUnsafeBufferPointer { src in
                let rowBytes = target.width * 4
                for row in target.y..<target.maxY {
                    let d = (row * w + target.x) * 4
                    let s = ((row - y) * sw + (target.x - x)) * 4
                    (dst.baseAddress! + d).update(from: src.baseAddress! + s, count: rowBytes)
                }
            }
        }
    }

    /// Copies the pixels of `rect ∩ bounds` from `source`, an image of the same size, to the
    /// same place here.
    public mutating func copyRegion(_ rect: PixelRect, from source: RGBAImage) {
        precondition(source.width == width && source.height == height, "copyRegion needs images of one size")
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { dst in
            source.pixels.withUnsafeBufferPointer { src in
                let rowBytes = r.width * 4
                for row in r.y..<r.maxY {
                    let o = (row * w + r.x) * 4
                    (dst.baseAddress! + o).update(from: src.baseAddress! + o, count: rowBytes)
                }
            }
        }
    }

    /// A copy of `rect ∩ bounds`.
    public func cropped(to rect: PixelRect) -> RGBAImage {
        let r = rect.intersection(bounds)
        var out = RGBAImage(width: max(r.width, 0), height: max(r.height, 0))
        guard !r.isEmpty else { return out }
        out.copy(self, toX: -r.x, y: -r.y)
        return out
    }
}
