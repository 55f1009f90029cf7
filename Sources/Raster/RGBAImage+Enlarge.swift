extension RGBAImage {
    /// This picture enlarged `factor` times in both directions, each pixel becoming a
    /// `factor` × `factor` block (nearest neighbour, so GIF pixels stay sharp). `factor` ≥ 1.
    public func enlarged(by factor: Int) -> RGBAImage {
        precondition(factor >= 1, "enlargement factor must be at least 1")
        if factor == 1 { return self }
        var out = RGBAImage(width: width * factor, height: height * factor)
        let rowBytes = width * 4, outRowBytes = width * factor * 4
        out.pixels.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    let outRow = y * factor * outRowBytes
                    for x in 0..<width {
                        let s = y * rowBytes + x * 4
                        for k in 0..<factor {
                            let d = outRow + (x * factor + k) * 4
                            dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = src[s + 3]
                        }
                    }
                    // The first output row of this source row is done: copy it down.
                    for k in 1..<factor {
                        let to = outRow + k * outRowBytes
                        for b in 0..<outRowBytes { dst[to + b] = dst[outRow + b] }
                    }
                }
            }
        }
        return out
    }

    /// This picture scaled to about `target` pixels on its larger side: shrunk by area averaging
    /// when larger, enlarged by a whole factor (at most 8) when it is at most half that size.
    public func resized(toAbout target: Int) -> RGBAImage {
        let larger = max(width, height)
        guard larger > 0 else { return self }
        if larger > target { return downscaled(toFit: target) }
        return enlarged(by: max(1, min(8, target / larger)))
    }
}
