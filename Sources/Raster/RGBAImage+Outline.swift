extension RGBAImage {
    /// Draws the 1-pixel-wide border of `rect` (the pixels on its first and last rows and
    /// columns) in `color`, replacing what was there. Edges outside the image are skipped, so
    /// any rectangle is safe; an empty rectangle draws nothing.
    public mutating func outline(_ rect: PixelRect, with color: RGBA) {
        guard let visible = clippedRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height) else {
            return
        }
        // An edge is drawn only when it is itself inside the image, not merely the clipped area.
        let endX = saturatingAdd(rect.x, rect.width), endY = saturatingAdd(rect.y, rect.height)
        if rect.y >= 0 {
            fill(PixelRect(x: visible.x, y: rect.y, width: visible.width, height: 1), with: color)
        }
        if endY <= height {
            fill(PixelRect(x: visible.x, y: endY - 1, width: visible.width, height: 1), with: color)
        }
        if rect.x >= 0 {
            fill(PixelRect(x: rect.x, y: visible.y, width: 1, height: visible.height), with: color)
        }
        if endX <= width {
            fill(PixelRect(x: endX - 1, y: visible.y, width: 1, height: visible.height), with: color)
        }
    }
}
