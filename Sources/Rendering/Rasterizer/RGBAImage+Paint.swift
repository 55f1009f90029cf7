import Raster

extension RGBAImage {
    /// Paints `color` through `mask` ("source over", straight alpha, sRGB values blended as they
    /// are, as Core Animation composites): each pixel gets a source of `color` with alpha
    /// `coverage · color.a / 255`. Parts of the mask outside the image are ignored.
    ///
    /// With source alpha `s` and destination alpha `d` (both in [0, 1]) the result is
    /// `α = s + d·(1 − s)` and `C = (Cs·s + Cd·d·(1 − s)) / α`, so painting over a transparent pixel
    /// gives `color`'s own channels with alpha `coverage · color.a`. The arithmetic is exact
    /// integer arithmetic on the coverage in units of 2⁻²⁴ (exact for every Float in [0.5, 1]),
    /// each channel rounded to nearest with halves up, so results are identical on every platform.
    /// Pixels whose coverage rounds to 0, or whose result alpha still rounds to 0, are left
    /// untouched.
    public mutating func paint(_ mask: CoverageMask, color: RGBA) {
        guard color.a > 0, !mask.isEmpty else { return }
        let target = mask.rect.intersection(bounds)
        guard !target.isEmpty else { return }
        let imageWidth = width
        let maskWidth = mask.width
        // Coverage in units of 2⁻²⁴ (exact for every Float in [0.5, 1], within 3e-8 below), and
        // the source alpha in units of 1/full.
        let coverageScale = 16_777_216.0
        let full = 255 * Int64(coverageScale)
        let sourceAlpha8 = Int64(color.a)
        let sr = Int64(color.r), sg = Int64(color.g), sb = Int64(color.b)
        pixels.withUnsafeMutableBufferPointer { pixels in
            mask.values.withUnsafeBufferPointer { values in
                for row in target.y..<target.maxY {
                    var m = (row - mask.y) * maskWidth + (target.x - mask.x)
                    var p = (row * imageWidth + target.x) * 4
                    for _ in 0..<target.width {
                        defer {
                            m += 1
                            p += 4
                        }
                        // `> 0` also turns away NaN; values above 1 count as 1.
                        let value = values[m]
                        guard value > 0 else { continue }
                        let coverage = Int64((Double(min(value, 1)) * coverageScale).rounded())
                        let source = coverage * sourceAlpha8
                        guard source > 0 else { continue }
                        let backAlpha = Int64(pixels[p + 3])
                        // α = s + d·(1 − s) with s = source/full, d = backAlpha/255, held as
                        // α·255·full; the background's weight d·(1 − s) likewise.
                        let backWeight = backAlpha * (full - source)
                        let alpha = 255 * source + backWeight
                        // α·255 rounded; a result that is still fully transparent keeps the pixel as
                        // it was (no colour smuggled into invisible pixels).
                        let alpha8 = (2 * alpha + full) / (2 * full)
                        guard alpha8 > 0 else { continue }
                        @inline(__always) func channel(_ front: Int64, _ back: UInt8) -> UInt8 {
                            let numerator = front * 255 * source + Int64(back) * backWeight
                            return UInt8(truncatingIfNeeded: (2 * numerator + alpha) / (2 * alpha))
                        }
                        pixels[p] = channel(sr, pixels[p])
                        pixels[p + 1] = channel(sg, pixels[p + 1])
                        pixels[p + 2] = channel(sb, pixels[p + 2])
                        pixels[p + 3] = UInt8(truncatingIfNeeded: alpha8)
                    }
                }
            }
        }
    }
}
