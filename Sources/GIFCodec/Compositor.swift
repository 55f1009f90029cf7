import Raster

/// The canvas as Chrome and Firefox build it, one frame after another: it starts transparent;
/// disposal 0 and 1 keep a frame, 2 clears its rectangle to transparent, 3 restores what was
/// under it. Disposal takes effect when the next frame begins.
///
/// All rectangles handed in are already clipped to the screen, so the row loops run unchecked.
struct Compositor {
    private(set) var canvas: RGBAImage
    /// The previous frame's disposal and its clipped rectangle, applied when the next one begins.
    private var pending: (disposal: GIFDisposal, rect: PixelRect)?
    /// The region under a disposal-3 frame, saved before it was drawn (only that rectangle
    /// can change, so only it is kept).
    private var saved: [UInt8] = []

    init(width: Int, height: Int) {
        canvas = RGBAImage(width: width, height: height)
    }

    /// Applies the previous frame's disposal, then prepares to draw a frame into `rect`
    /// (clipped to the screen, possibly empty).
    mutating func beginFrame(rect: PixelRect, disposal: GIFDisposal) {
        if let pending {
            switch pending.disposal {
            case .background: canvas.fill(pending.rect, with: .transparent)
            case .previous: restore(pending.rect)
            case .unspecified, .keep: break
            }
        }
        if disposal == .previous { save(rect) }
        pending = (disposal, rect)
    }

    private mutating func save(_ rect: PixelRect) {
        let rowBytes = rect.width * 4
        saved.removeAll(keepingCapacity: true)
        guard !rect.isEmpty else { return }
        saved.reserveCapacity(rowBytes * rect.height)
        for y in rect.y..<rect.maxY {
            let start = (y * canvas.width + rect.x) * 4
            saved.append(contentsOf: canvas.pixels[start..<start + rowBytes])
        }
    }

    private mutating func restore(_ rect: PixelRect) {
        guard !rect.isEmpty, saved.count == rect.width * rect.height * 4 else { return }
        let rowBytes = rect.width * 4, width = canvas.width
        canvas.pixels.withUnsafeMutableBufferPointer { dst in
            saved.withUnsafeBufferPointer { src in
                for row in 0..<rect.height {
                    let d = ((rect.y + row) * width + rect.x) * 4
                    (dst.baseAddress! + d).update(from: src.baseAddress! + row * rowBytes, count: rowBytes)
                }
            }
        }
    }

    /// Draws one decoded row of palette indices at canvas row `y`.
    ///
    /// - Parameters:
    ///   - indices: the frame's whole row (frame width entries).
    ///   - sourceOffset: index in `indices` of the first pixel inside the screen.
    ///   - x: canvas column of that pixel; `count` pixels are drawn.
    ///   - lut: 256 colours as little-endian RGBA words; 0 marks the transparent index.
    ///   - paletteSize: when below 256, indices at or past it are counted (they are drawn opaque
    ///     black through the lut); pass 256 to skip the count.
    /// - Returns: how many drawn pixels used an index past the palette.
    mutating func drawRow(_ indices: UnsafeBufferPointer<UInt8>, sourceOffset: Int, x: Int, y: Int,
                          count: Int, lut: UnsafeBufferPointer<UInt32>, paletteSize: Int) -> Int {
        precondition(sourceOffset >= 0 && sourceOffset + count <= indices.count
                     && x >= 0 && x + count <= canvas.width && y >= 0 && y < canvas.height,
                     "row outside the checked frame rectangle")
        let rowStart = (y * canvas.width + x) * 4
        var pastPalette = 0
        canvas.pixels.withUnsafeMutableBytes { raw in
            let dst = raw.baseAddress! + rowStart
            let src = indices.baseAddress! + sourceOffset
            let table = lut.baseAddress!
            if paletteSize >= 256 {
                for i in 0..<count {
                    let color = table[Int(src[i])]
                    if color != 0 { dst.storeBytes(of: color, toByteOffset: i &* 4, as: UInt32.self) }
                }
            } else {
                for i in 0..<count {
                    let index = Int(src[i])
                    if index >= paletteSize { pastPalette &+= 1 }
                    let color = table[index]
                    if color != 0 { dst.storeBytes(of: color, toByteOffset: i &* 4, as: UInt32.self) }
                }
            }
        }
        return pastPalette
    }
}

/// A 256-entry lookup from palette index to the RGBA bytes written on the canvas, as a
/// little-endian 32-bit word. Entries past the palette are opaque black (what Chrome draws);
/// the transparent index maps to 0, which the row loop skips (no palette colour is 0, since
/// palette colours are opaque).
struct ColorLookup {
    private(set) var words = [UInt32](repeating: 0xFF00_0000, count: 256)

    init(palette: [RGBA], transparentIndex: Int?) {
        for (i, c) in palette.prefix(256).enumerated() {
            words[i] = UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | 0xFF00_0000
        }
        // The word is stored with the host's byte order; RGBA bytes need little-endian.
        if UInt32(1).bigEndian == 1 { words = words.map { $0.byteSwapped } }
        if let t = transparentIndex, t >= 0, t < 256 { words[t] = 0 }
    }
}
