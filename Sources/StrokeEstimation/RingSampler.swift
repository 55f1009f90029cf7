#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster
import StrokeGeometry

/// Bilinear sampling positions around a ring, computed once and reused for every frame:
/// `bins` angular bins (clockwise from 12 o'clock) × `radial` samples across the band.
///
/// A sample reads the 2 × 2 pixels from its top-left corner: kept as that corner's byte offset
/// alone (the others follow from the row stride) and four weights — 20 bytes a sample, where
/// four offsets and four weights were 32 (the samplers of a 200 px ring hold 200 000 samples).
/// The few samples with a corner off the canvas keep their four offsets in a side table.
struct RingSampler: Sendable {
    let ring: RingGeometry
    let bins: Int
    let radial: Int
    /// Arc length of one bin at the ring's radius, pixels.
    let binLength: Double
    /// Radial distance between samples, pixels.
    let radialStep: Double
    /// Per sample (bins × radial): the byte offset of its top-left pixel when all four pixels lie
    /// on the canvas, else −1 − e for the four offsets at `edgeOffsets[4e ..< 4e + 4]`.
    private(set) var corners: [Int32]
    /// Per sample with a pixel off the canvas: its four pixels' byte offsets (−1 off the canvas),
    /// in the order top-left, top-right, bottom-left, bottom-right.
    private(set) var edgeOffsets: [Int32]
    /// Bytes per canvas row: a sample's lower pixels lie this far after its upper ones.
    let rowBytes: Int
    /// Per sample: the weights of its four pixels (same order; 0 for a pixel off the canvas).
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
        rowBytes = width * 4
        var corners = [Int32](repeating: 0, count: bins * radial)
        var edgeOffsets: [Int32] = []
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
                let s = b * radial + k
                let w = SIMD4<Double>((1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy)
                if x0 >= 0, y0 >= 0, x0 + 1 < width, y0 + 1 < height {
                    corners[s] = Int32((y0 * width + x0) * 4)
                    for c in 0..<4 { weights[s * 4 + c] = Float(w[c]) }
                } else {
                    corners[s] = Int32(-1 - edgeOffsets.count / 4)
                    for c in 0..<4 {
                        let x = x0 + c % 2, y = y0 + c / 2
                        let inside = x >= 0 && y >= 0 && x < width && y < height
                        edgeOffsets.append(inside ? Int32((y * width + x) * 4) : -1)
                        weights[s * 4 + c] = inside ? Float(w[c]) : 0
                    }
                }
            }
            for (j, rr) in [r - halfBand - 1, r + halfBand + 1].enumerated() {
                let x = Int((cx + rr * sx).rounded(.down)), y = Int((cy + rr * sy).rounded(.down))
                if x >= 0, y >= 0, x < width, y < height { probes[b * 2 + j] = Int32((y * width + x) * 4) }
            }
        }
        self.corners = corners
        self.edgeOffsets = edgeOffsets
        self.weights = weights
        self.probes = probes
    }

    /// The byte offsets of sample `s`'s four pixels (top-left, top-right, bottom-left,
    /// bottom-right; −1 for one off the canvas).
    @inline(__always)
    func offsets(ofSample s: Int) -> SIMD4<Int32> {
        let c = corners[s]
        if c >= 0 {
            let row = Int32(rowBytes)
            return SIMD4(c, c + 4, c + row, c + row + 4)
        }
        let e = Int(-1 - c) * 4
        return SIMD4(edgeOffsets[e], edgeOffsets[e + 1], edgeOffsets[e + 2], edgeOffsets[e + 3])
    }

    /// Drops the samples' pixel offsets, once a `RingSampleCache` has indexed them: the copy
    /// left can no longer `sample` or give `offsets(ofSample:)`.
    mutating func releaseOffsets() {
        corners = []
        edgeOffsets = []
    }

    /// Angle (degrees clockwise from 12 o'clock) at the centre of bin `b` (may be fractional).
    func angle(ofBin b: Double) -> Double { (b + 0.5) / Double(bins) * 360 }

    /// Samples one frame: the premultiplied colours of all samples, and of the probes. (The
    /// measuring pass uses `RingSampleCache`, which gives the same values frame after frame.)
    func sample(_ image: RGBAImage) -> (samples: [SIMD4<Float>], probes: [SIMD4<Float>?]) {
        precondition(corners.count == bins * radial, "RingSampler.sample after releaseOffsets()")
        var samples = [SIMD4<Float>](repeating: .zero, count: bins * radial)
        var probeColours = [SIMD4<Float>?](repeating: nil, count: bins * 2)
        image.pixels.withUnsafeBufferPointer { px in
            weights.withUnsafeBufferPointer { wts in
                for s in 0..<(bins * radial) {
                    let off = offsets(ofSample: s)
                    var acc = SIMD4<Float>.zero
                    for c in 0..<4 {
                        let o = Int(off[c])
                        guard o >= 0 else { continue }
                        acc += wts[s * 4 + c] * pixel(px, o)
                    }
                    samples[s] = acc
                }
            }
            for (i, o) in probes.enumerated() where o >= 0 {
                probeColours[i] = pixel(px, Int(o))
            }
        }
        return (samples, probeColours)
    }
}

/// Float(a) / 255 for every alpha byte: the same values as the division, looked up (a division
/// per pixel was a visible part of resampling a ring whose every pixel changes each frame).
let alphaFractions: [Float] = (0...255).map { Float($0) / 255 }

/// The premultiplied colour at byte offset `o` (0...255 per channel, alpha 0...255).
@inline(__always)
func pixel(_ px: UnsafeBufferPointer<UInt8>, _ o: Int) -> SIMD4<Float> {
    let a: Float = alphaFractions[Int(px[o + 3])]
    let r: Float = Float(px[o]) * a
    let g: Float = Float(px[o + 1]) * a
    let b: Float = Float(px[o + 2]) * a
    return SIMD4<Float>(r, g, b, Float(px[o + 3]))
}
