extension RGBAImage {
    /// The size, in pixels, of a `width` × `height` picture shrunk to fit inside
    /// `maxWidth` × `maxHeight` with its aspect ratio kept (each side rounded to the nearest
    /// pixel, at least 1). A picture that already fits keeps its size: this never enlarges.
    /// Any size or limit of 0 or less gives (0, 0).
    public static func fittingSize(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0, maxWidth > 0, maxHeight > 0 else { return (0, 0) }
        if width <= maxWidth && height <= maxHeight { return (width, height) }
        // Compare maxWidth/width with maxHeight/height without division to pick the binding side.
        if maxWidth * height <= maxHeight * width {
            let h = (2 * height * maxWidth + width) / (2 * width)
            return (maxWidth, min(max(h, 1), maxHeight))
        } else {
            let w = (2 * width * maxHeight + height) / (2 * height)
            return (min(max(w, 1), maxWidth), maxHeight)
        }
    }

    /// This picture shrunk by area averaging so its larger side is at most `maxDimension`
    /// pixels; unchanged when it already fits. See `downscaled(toWidth:height:)`.
    public func downscaled(toFit maxDimension: Int) -> RGBAImage {
        let size = RGBAImage.fittingSize(width: width, height: height,
                                         maxWidth: maxDimension, maxHeight: maxDimension)
        guard size.width > 0, size.height > 0 else { return RGBAImage(width: 0, height: 0) }
        return downscaled(toWidth: size.width, height: size.height)
    }

    /// This picture shrunk to `newWidth` × `newHeight` pixels (each at least 1 and at most the
    /// current size) by area averaging: every output pixel is the coverage-weighted mean of
    /// the source pixels under it. Colours are averaged premultiplied by alpha, so transparent
    /// pixels, whatever RGB they hold, do not tint their opaque neighbours.
    public func downscaled(toWidth newWidth: Int, height newHeight: Int) -> RGBAImage {
        precondition(newWidth >= 1 && newWidth <= width && newHeight >= 1 && newHeight <= height,
                     "downscale size must be between 1 and the current size")
        if newWidth == width && newHeight == height { return self }
        let w = width, h = height, nw = newWidth, nh = newHeight

        // Work in units where a source column is `nw` long and an output column `w` long, so
        // every overlap is a whole number. As nw ≤ w, a source column touches at most two
        // output columns: `firstColumn` and the next one, which gets the rest of its `nw`.
        var firstColumn = [Int](repeating: 0, count: w)
        var firstWeight = [Int](repeating: 0, count: w)
        for sx in 0..<w {
            let start = sx * nw
            let ox = start / w
            firstColumn[sx] = ox
            firstWeight[sx] = min(start + nw, (ox + 1) * w) - start
        }

        // Per output pixel: Σ weight·alpha·R, ·G, ·B and Σ weight·alpha. The weights of one
        // output pixel sum to w·h, which bounds every sum well inside Int.
        var sums = [Int](repeating: 0, count: nw * 4)
        let total = w * h
        var out = RGBAImage(width: nw, height: nh)
        out.pixels.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                firstColumn.withUnsafeBufferPointer { firstColumn in
                    firstWeight.withUnsafeBufferPointer { firstWeight in
                        sums.withUnsafeMutableBufferPointer { acc in
                            for oy in 0..<nh {
                                for i in 0..<acc.count { acc[i] = 0 }
                                // Output row oy spans [oy·h, (oy+1)·h); source row sy spans [sy·nh, (sy+1)·nh).
                                let top = oy * h, bottom = top + h
                                for sy in (top / nh)...((bottom - 1) / nh) {
                                    let wy = min(bottom, (sy + 1) * nh) - max(top, sy * nh)
                                    var s = sy * w * 4
                                    for sx in 0..<w {
                                        let a = Int(src[s + 3])
                                        if a != 0 {
                                            let r = Int(src[s]) * a, g = Int(src[s + 1]) * a, b = Int(src[s + 2]) * a
                                            let o = firstColumn[sx] * 4
                                            let w0 = firstWeight[sx] * wy
                                            acc[o] += r * w0
                                            acc[o + 1] += g * w0
                                            acc[o + 2] += b * w0
                                            acc[o + 3] += a * w0
                                            let w1 = (nw - firstWeight[sx]) * wy
                                            if w1 != 0 {
                                                acc[o + 4] += r * w1
                                                acc[o + 5] += g * w1
                                                acc[o + 6] += b * w1
                                                acc[o + 7] += a * w1
                                            }
                                        }
                                        s += 4
                                    }
                                }
                                var d = oy * nw * 4
                                var o = 0
                                for _ in 0..<nw {
                                    let alphaSum = acc[o + 3]
                                    if alphaSum != 0 {
                                        let half = alphaSum / 2
                                        dst[d] = UInt8(truncatingIfNeeded: (acc[o] + half) / alphaSum)
                                        dst[d + 1] = UInt8(truncatingIfNeeded: (acc[o + 1] + half) / alphaSum)
                                        dst[d + 2] = UInt8(truncatingIfNeeded: (acc[o + 2] + half) / alphaSum)
                                        dst[d + 3] = UInt8(truncatingIfNeeded: (alphaSum + total / 2) / total)
                                    }
                                    d += 4
                                    o += 4
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
