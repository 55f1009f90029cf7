/// A fixed-width bitmap font for labels in generated pictures: 5 × 7 pixel glyphs in a
/// 6 × 9 pixel cell (one blank column to the right, two rows under the baseline for
/// descenders), magnified by a whole-number `scale`.
///
/// Covers ASCII letters (with real lower case), digits, space and `. , : ; - + / \ ( ) [ ] % #
/// = _ ' " × ! ? < > * |`; any other character draws as a small hollow box. `\n` starts a new
/// line. Text is measured and drawn per `Character`, so "×" is one cell.
public struct BitmapFont: Sendable {
    /// The only font: hand-drawn, so output is identical on every machine.
    public static let standard = BitmapFont()

    /// Width of one character cell at scale 1, in pixels (glyph plus spacing).
    public let cellWidth = 6
    /// Height of one line at scale 1, in pixels (cap height 7 plus 2 descender rows).
    public let cellHeight = 9

    private init() {}

    /// The largest accepted `scale`; bigger labels than this are not a use we have.
    public static let maximumScale = 64

    /// Size in pixels of `text` drawn at `scale` (1…`maximumScale`): the widest line's
    /// characters times the cell width, minus the trailing spacing column, by the number of
    /// lines times the cell height. An empty line is 0 wide and still one line high.
    public func measure(_ text: String, scale: Int = 1) -> (width: Int, height: Int) {
        checkScale(scale)
        var widest = 0, current = 0, lines = 1
        for c in text {
            if c == "\n" {
                lines += 1
                current = 0
            } else {
                current += 1
                widest = max(widest, current)
            }
        }
        let width = widest == 0 ? 0 : (widest * cellWidth - 1) * scale
        return (width, lines * cellHeight * scale)
    }

    /// Size in pixels of `text` as `drawLabel` draws it: `measure` plus `padding` pixels on
    /// every side.
    public func measureLabel(_ text: String, padding: Int = 2, scale: Int = 1) -> (width: Int, height: Int) {
        let size = measure(text, scale: scale)
        let pad = max(padding, 0)
        return (size.width + 2 * pad, size.height + 2 * pad)
    }

    /// Draws `text` with the top-left corner of its first cell at (`x`, `y`), in pixels, setting
    /// glyph pixels to `color` (replaced, not blended) and leaving the rest untouched. Anything
    /// outside the image is clipped, so every position is safe.
    public func draw(_ text: String, into image: inout RGBAImage, x: Int, y: Int, color: RGBA, scale: Int = 1) {
        let size = measure(text, scale: scale)
        // Past this check the text overlaps the image, so every glyph offset below is small
        // enough not to overflow even for positions near Int.min or Int.max.
        guard image.clippedRect(x: x, y: y, width: size.width, height: size.height) != nil else { return }
        let imageWidth = image.width, imageHeight = image.height
        let advance = cellWidth * scale
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            var penX = x, penY = y
            for c in text {
                if c == "\n" {
                    penX = x
                    penY += cellHeight * scale
                    continue
                }
                let rows = BitmapFontGlyphs.table[c] ?? BitmapFontGlyphs.unknown
                let x0 = max(penX, 0), x1 = min(penX + 5 * scale, imageWidth)
                let y0 = max(penY, 0), y1 = min(penY + rows.count * scale, imageHeight)
                if x0 < x1 && y0 < y1 {
                    for py in y0..<y1 {
                        let bits = rows[(py - penY) / scale]
                        if bits == 0 { continue }
                        var i = (py * imageWidth + x0) * 4
                        for px in x0..<x1 {
                            if bits & (0b10000 >> ((px - penX) / scale)) != 0 {
                                buffer[i] = color.r
                                buffer[i + 1] = color.g
                                buffer[i + 2] = color.b
                                buffer[i + 3] = color.a
                            }
                            i += 4
                        }
                    }
                }
                penX += advance
            }
        }
    }

    /// Draws `text` on a filled box: the box's top-left corner is at (`x`, `y`), in pixels, it
    /// is `measureLabel` in size and filled with `background`, and the text sits `padding`
    /// pixels in from its edges. Clipped like `draw`. Returns the box (before clipping).
    @discardableResult
    public func drawLabel(_ text: String, into image: inout RGBAImage, x: Int, y: Int,
                          color: RGBA, background: RGBA, padding: Int = 2, scale: Int = 1) -> PixelRect {
        let size = measureLabel(text, padding: padding, scale: scale)
        let box = PixelRect(x: x, y: y, width: size.width, height: size.height)
        guard let visible = image.clippedRect(x: x, y: y, width: size.width, height: size.height) else {
            return box
        }
        image.fill(visible, with: background)
        let pad = max(padding, 0)
        // x and y overlap the image here, so adding the (small) padding cannot overflow.
        draw(text, into: &image, x: x + pad, y: y + pad, color: color, scale: scale)
        return box
    }

    private func checkScale(_ scale: Int) {
        precondition(scale >= 1 && scale <= BitmapFont.maximumScale,
                     "font scale must be between 1 and \(BitmapFont.maximumScale)")
    }
}
