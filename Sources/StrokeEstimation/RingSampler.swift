#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster
import StrokeGeometry

/// Bilinear sampling positions around a ring, computed once and reused for every frame:
/// `bins` angular bins (clockwise from 12 o'clock) × `radial` samples across the band.
struct RingSampler: Sendable {
    let ring: RingGeometry
    let bins: Int
    let radial: Int
    /// Arc length of one bin at the ring's radius, pixels.
    let binLength: Double
    /// Radial distance between samples, pixels.
    let radialStep: Double
    /// Per sample: 4 pixel offsets (RGBA byte offsets) and 4 weights; bins × radial entries.
    let offsets: [Int32]
    let weights: [Float]
    /// Per bin: the background probes just inside and outside the band (byte offsets, nearest pixel).
    let probes: [Int32]
    /// Index of the radial sample at the centre line.
    let centre: Int

    init(ring: RingGeometry, width: Int, height: Int) {
        self.ring = ring
        let r = ring.circle.radius
        binLength = 0.5
        bins = max(32, Int((2 * Double.pi * r / binLength).rounded(.up)))
        let halfBand = ring.lineWidth / 2 + 1.5
        // Half a pixel across the band: the area sum stays accurate with bilinear samples, and
        // sampling is the measuring pass's main cost.
        radialStep = 0.5
        radial = Int((2 * halfBand / radialStep).rounded(.up)) + 1
        centre = radial / 2
        var offsets = [Int32](repeating: 0, count: bins * radial * 4)
        var weights = [Float](repeating: 0, count: bins * radial * 4)
        var probes = [Int32](repeating: -1, count: bins * 2)
        let cx = ring.circle.center.x, cy = ring.circle.center.y
        for b in 0..<bins {
            let theta = (Double(b) + 0.5) / Double(bins) * 2 * Double.pi
            let sx = sin(theta), sy = -cos(theta)
            for k in 0..<radial {
                let rr = r - halfBand + Double(k) * radialStep
                // Pixel centres are at +0.5: shift to sample in pixel-index space.
                let px = cx + rr * sx - 0.5, py = cy + rr * sy - 0.5
                let x0 = Int(px.rounded(.down)), y0 = Int(py.rounded(.down))
                let fx = px - Double(x0), fy = py - Double(y0)
                let base = (b * radial + k) * 4
                let corners = [(x0, y0, (1 - fx) * (1 - fy)), (x0 + 1, y0, fx * (1 - fy)),
                               (x0, y0 + 1, (1 - fx) * fy), (x0 + 1, y0 + 1, fx * fy)]
                for (c, (x, y, wgt)) in corners.enumerated() {
                    let inside = x >= 0 && y >= 0 && x < width && y < height
                    offsets[base + c] = inside ? Int32((y * width + x) * 4) : -1
                    weights[base + c] = inside ? Float(wgt) : 0
                }
            }
            for (j, rr) in [r - halfBand - 1, r + halfBand + 1].enumerated() {
                let x = Int((cx + rr * sx).rounded(.down)), y = Int((cy + rr * sy).rounded(.down))
                if x >= 0, y >= 0, x < width, y < height { probes[b * 2 + j] = Int32((y * width + x) * 4) }
            }
        }
        self.offsets = offsets
        self.weights = weights
        self.probes = probes
    }

    /// Angle (degrees clockwise from 12 o'clock) at the centre of bin `b` (may be fractional).
    func angle(ofBin b: Double) -> Double { (b + 0.5) / Double(bins) * 360 }

    /// Samples one frame: the premultiplied colours of all samples, and of the probes. (The
    /// measuring pass uses `RingSampleCache`, which gives the same values frame after frame.)
    func sample(_ image: RGBAImage) -> (samples: [SIMD4<Float>], probes: [SIMD4<Float>?]) {
        var samples = [SIMD4<Float>](repeating: .zero, count: bins * radial)
        var probeColours = [SIMD4<Float>?](repeating: nil, count: bins * 2)
        image.pixels.withUnsafeBufferPointer { px in
            offsets.withUnsafeBufferPointer { off in
                weights.withUnsafeBufferPointer { wts in
                    for s in 0..<(bins * radial) {
                        var acc = SIMD4<Float>.zero
                        for c in 0..<4 {
                            let o = Int(off[s * 4 + c])
                            guard o >= 0 else { continue }
                            acc += wts[s * 4 + c] * pixel(px, o)
                        }
                        samples[s] = acc
                    }
                }
            }
            for (i, o) in probes.enumerated() where o >= 0 {
                probeColours[i] = pixel(px, Int(o))
            }
        }
        return (samples, probeColours)
    }
}

/// The premultiplied colour at byte offset `o` (0...255 per channel, alpha 0...255).
@inline(__always)
func pixel(_ px: UnsafeBufferPointer<UInt8>, _ o: Int) -> SIMD4<Float> {
    let a: Float = Float(px[o + 3]) / 255
    let r: Float = Float(px[o]) * a
    let g: Float = Float(px[o + 1]) * a
    let b: Float = Float(px[o + 2]) * a
    return SIMD4<Float>(r, g, b, Float(px[o + 3]))
}
