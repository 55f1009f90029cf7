import Foundation
import Testing
import Raster
import StrokeGeometry
@testable import StrokeEstimation

/// The compact ring sampler (one offset per sample) and the end-shape fits prepared for their
/// ranges only must give exactly what the full forms gave.
@Suite("Compact ring sampling and range-limited end fits: same values with less kept")
struct CompactSamplingTests {
    /// Per sample, the four byte offsets (−1 off the canvas) and weights as the sampler computed
    /// them before it kept one offset per sample.
    static func fullSamples(_ ring: RingGeometry, width: Int, height: Int) -> (offsets: [Int32], weights: [Float]) {
        let r = ring.circle.radius
        let bins = max(32, Int((2 * Double.pi * r / 0.5).rounded(.up)))
        let halfBand = ring.lineWidth / 2 + 1.5
        let radial = Int((2 * halfBand / 0.5).rounded(.up)) + 1
        var offsets: [Int32] = [], weights: [Float] = []
        for b in 0..<bins {
            let theta = (Double(b) + 0.5) / Double(bins) * 2 * Double.pi
            let sx = sin(theta), sy = -cos(theta)
            for k in 0..<radial {
                let rr = r - halfBand + Double(k) * 0.5
                let px = ring.circle.center.x + rr * sx - 0.5, py = ring.circle.center.y + rr * sy - 0.5
                let x0 = Int(px.rounded(.down)), y0 = Int(py.rounded(.down))
                let fx = px - Double(x0), fy = py - Double(y0)
                for (x, y, w) in [(x0, y0, (1 - fx) * (1 - fy)), (x0 + 1, y0, fx * (1 - fy)), (x0, y0 + 1, (1 - fx) * fy), (x0 + 1, y0 + 1, fx * fy)] {
                    let inside = x >= 0 && y >= 0 && x < width && y < height
                    offsets.append(inside ? Int32((y * width + x) * 4) : -1)
                    weights.append(inside ? Float(w) : 0)
                }
            }
        }
        return (offsets, weights)
    }

    /// Rings inside a 120×90 canvas, across its left edge, over its bottom-right corner, and
    /// wholly off it.
    static let rings = [
        RingGeometry(circle: Circle(center: Point(x: 60.3, y: 44.8), radius: 30.2), lineWidth: 6.5),
        RingGeometry(circle: Circle(center: Point(x: 8.5, y: 45), radius: 25), lineWidth: 4),
        RingGeometry(circle: Circle(center: Point(x: 112.7, y: 83.1), radius: 20.4), lineWidth: 9),
        RingGeometry(circle: Circle(center: Point(x: -60, y: 45), radius: 20), lineWidth: 4),
    ]

    @Test("one offset per sample gives every sample's four offsets and weights as before", arguments: rings.indices)
    func compactOffsets(ring: Int) {
        let (width, height) = (120, 90)
        let sampler = RingSampler(ring: Self.rings[ring], width: width, height: height)
        let full = Self.fullSamples(Self.rings[ring], width: width, height: height)
        #expect(sampler.weights == full.weights)
        var compact: [Int32] = []
        for s in 0..<(sampler.bins * sampler.radial) {
            let o = sampler.offsets(ofSample: s)
            compact += [o[0], o[1], o[2], o[3]]
        }
        #expect(compact == full.offsets)
        // Inside the canvas every sample is kept as one offset; at an edge some take the side table.
        #expect(sampler.edgeOffsets.isEmpty == (ring == 0))
    }

    /// Frames of pseudo-random colours (some transparent) that change a different patch each time.
    static func frames(width: Int, height: Int) -> [RGBAImage] {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var image = RGBAImage(width: width, height: height)
        for i in image.pixels.indices { image.pixels[i] = next() }
        var out = [image]
        for k in 0..<5 {
            for y in (k * 15)..<(k * 15 + 20) {
                for x in (k * 20)..<(k * 20 + 25) {
                    for c in 0..<4 { image.pixels[(y * width + x) * 4 + c] = next() }
                }
            }
            out.append(image)
        }
        return out
    }

    @Test("the cache's two pixel indices per sample give fresh sampling's values, at the canvas's edges too", arguments: rings.indices)
    func cacheAtEdges(ring: Int) {
        let (width, height) = (120, 90)
        let sampler = RingSampler(ring: Self.rings[ring], width: width, height: height)
        var cache = RingSampleCache(sampler: sampler)
        for (i, image) in Self.frames(width: width, height: height).enumerated() {
            cache.update(image)
            let fresh = sampler.sample(image)
            #expect(cache.samples == fresh.samples, "frame \(i)")
            #expect(cache.probes == fresh.probes, "frame \(i)")
        }
    }

    @Test("end fits prepared for their ranges equal fits over every sub-point's threshold",
          arguments: [(6, 2.0, true), (6, 4.5, false), (1, 3.0, true), (6, 12.0, true), (1, 8.0, false)])
    func rangeLimitedEndFits(subdivisions: Int, lineWidth w: Double, beyondClockwise: Bool) throws {
        let image = RGBAImage(width: 140, height: 140, fill: .white)
        let R = 40.0
        let ring = RingGeometry(circle: Circle(center: Point(x: 70.2, y: 69.7), radius: R), lineWidth: w)
        // Any observed coverage will do (the fits only compare it with the shapes): a fixed
        // pseudo-random value per pixel, a quarter of them exactly 0 or 1.
        let coverage = { (o: Int) -> Double in
            let h = UInt64(o) &* 0x9E37_79B9_7F4A_7C15
            let v = Double(h >> 40) / Double(1 << 24)
            return v < 0.125 ? 0 : v > 0.875 ? 1 : v
        }
        let slack = 1.5 / R, roundShift = LineCap.round.extraLength(lineWidth: w) / R
        let buttRange = -slack...slack, roundRange = (-roundShift - slack)...(-roundShift + slack)
        for reference in [17.3, 95.0, 181.4, 268.8, 359.6] {
            let all = try #require(RingEndShape(image: image, ring: ring, lineWidth: w, reference: reference, beyondClockwise: beyondClockwise,
                                                subdivisions: subdivisions, coverage: coverage))
            let limited = try #require(RingEndShape(image: image, ring: ring, lineWidth: w, reference: reference, beyondClockwise: beyondClockwise,
                                                    subdivisions: subdivisions, buttRange: buttRange, roundRange: roundRange, coverage: coverage))
            #expect(limited.fit(.butt, within: buttRange) == all.fit(.butt, within: buttRange), "butt at \(reference)°")
            #expect(limited.fit(.round, within: roundRange) == all.fit(.round, within: roundRange), "round at \(reference)°")
            // A narrower range inside the prepared one is answered as well.
            let inner = (-slack / 2)...(slack / 3)
            #expect(limited.fit(.butt, within: inner) == all.fit(.butt, within: inner), "inner butt at \(reference)°")
        }
    }
}
