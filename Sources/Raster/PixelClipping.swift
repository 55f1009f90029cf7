/// Clipping that cannot trap: drawing entry points accept any position, including ones near
/// `Int.min`/`Int.max` where `PixelRect.maxX` would overflow, so they clip through here first.
extension RGBAImage {
    /// The part of the `width` × `height` rectangle at (`x`, `y`) that lies inside the image,
    /// or nil when nothing does. Sizes of zero or less give nil.
    func clippedRect(x: Int, y: Int, width: Int, height: Int) -> PixelRect? {
        guard width > 0, height > 0 else { return nil }
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(saturatingAdd(x, width), self.width)
        let y1 = min(saturatingAdd(y, height), self.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// `a + b`, pinned to `Int.min`/`Int.max` instead of trapping.
func saturatingAdd(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    guard overflow else { return sum }
    return b > 0 ? Int.max : Int.min
}

/// `a * b`, pinned to `Int.max`/`Int.min` instead of trapping.
func saturatingMultiply(_ a: Int, _ b: Int) -> Int {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    guard overflow else { return product }
    return (a < 0) == (b < 0) ? Int.max : Int.min
}
