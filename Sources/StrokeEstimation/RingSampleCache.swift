import Raster

/// A ring's samples kept from frame to frame, recomputed only where the picture changed.
///
/// Consecutive frames of a screen recording mostly repeat each other: a spinner's arc moves at
/// its two ends, the rest of the ring and its background stay the same. Sampling every bin of
/// every frame was the measuring pass's main cost; here each frame costs one word comparison
/// per pixel under the ring (the band, its bilinear neighbours and the background probes), and
/// only the bins reading a changed pixel are sampled again. A resampled bin gets exactly the
/// value a fresh sampling would give (same colours, same weights, same order of additions), so
/// the measurements do not depend on what was cached.
struct RingSampleCache: Sendable {
    let sampler: RingSampler
    /// Byte offsets of the distinct pixels any sample or probe reads, ascending.
    private let pixelOffsets: [Int]
    /// Per sample corner (bins × radial × 4, the sampler's order): index into `pixelOffsets`, or
    /// `pixelOffsets.count` (a transparent slot, weight 0) for a corner off the canvas.
    private let cornerPixels: [Int32]
    /// Per probe (bins × 2): index into `pixelOffsets`, or -1.
    private let probePixels: [Int32]
    /// Bins reading each distinct pixel, as ranges into `pixelBins` (compressed rows).
    private let pixelBinStarts: [Int32]
    private let pixelBins: [Int32]

    /// The last frame's straight RGBA words and premultiplied colours, per distinct pixel.
    private var words: [UInt32]
    private var colours: [SIMD4<Float>]
    /// The last frame's samples (bins × radial) and probes (bins × 2; nil off the canvas).
    private(set) var samples: [SIMD4<Float>]
    private(set) var probes: [SIMD4<Float>?]
    /// Bins whose samples or probes changed in the last update, in the order they were found.
    private(set) var changedBins: [Int] = []
    /// Whether any probe changed in the last update (the background may then differ).
    private(set) var probesChanged = true
    /// Distinct pixels that changed in the last update (a buffer kept between frames).
    private var changedPixels: [Int32] = []
    /// False until the first frame has been read.
    private var primed = false
    private var binMarked: [Bool]

    init(sampler: RingSampler) {
        self.sampler = sampler
        let bins = sampler.bins, radial = sampler.radial
        // Distinct pixels (ascending), then each corner's and probe's index among them, through
        // a table over the pixels between the first and the last one read.
        // (Two passes over the sampler's arrays rather than one list of every offset read:
        // that list was as large as the sampler itself and added to the measuring pass's peak.)
        var lowest = Int32.max, highest = Int32.min
        for o in sampler.offsets where o >= 0 { lowest = min(lowest, o); highest = max(highest, o) }
        for o in sampler.probes where o >= 0 { lowest = min(lowest, o); highest = max(highest, o) }
        let anyRead = lowest <= highest
        let first = anyRead ? Int(lowest) / 4 : 0, last = anyRead ? Int(highest) / 4 : 0
        var indexOf = [Int32](repeating: -1, count: anyRead ? last - first + 1 : 0)
        for o in sampler.offsets where o >= 0 { indexOf[Int(o) / 4 - first] = 0 }
        for o in sampler.probes where o >= 0 { indexOf[Int(o) / 4 - first] = 0 }
        var distinct: [Int] = []
        for i in indexOf.indices where indexOf[i] >= 0 {
            indexOf[i] = Int32(distinct.count)
            distinct.append((first + i) * 4)
        }
        // Corners off the canvas (weight 0) read an extra slot that stays transparent: adding
        // 0 × 0 leaves a sum unchanged, so the sampling loop needs no branch for them.
        let blank = Int32(distinct.count)
        let corners = sampler.offsets.map { $0 >= 0 ? indexOf[Int($0) / 4 - first] : blank }
        let probes = sampler.probes.map { $0 >= 0 ? indexOf[Int($0) / 4 - first] : -1 }
        // Which bins read each pixel, each bin once, in ascending order (compressed rows: count,
        // then place).
        var lastBin = [Int32](repeating: -1, count: distinct.count)
        var pairs: [(pixel: Int32, bin: Int32)] = []
        pairs.reserveCapacity(distinct.count * 6)
        for b in 0..<bins {
            func note(_ u: Int32) {
                guard u >= 0, u != blank, lastBin[Int(u)] != Int32(b) else { return }
                lastBin[Int(u)] = Int32(b)
                pairs.append((u, Int32(b)))
            }
            for c in (b * radial * 4)..<((b + 1) * radial * 4) { note(corners[c]) }
            note(probes[b * 2])
            note(probes[b * 2 + 1])
        }
        var starts = [Int32](repeating: 0, count: distinct.count + 1)
        for pair in pairs { starts[Int(pair.pixel) + 1] += 1 }
        for u in 0..<distinct.count { starts[u + 1] += starts[u] }
        var fill = starts
        var flat = [Int32](repeating: 0, count: pairs.count)
        for pair in pairs {
            flat[Int(fill[Int(pair.pixel)])] = pair.bin
            fill[Int(pair.pixel)] += 1
        }
        pixelOffsets = distinct
        cornerPixels = corners
        probePixels = probes
        pixelBinStarts = starts
        pixelBins = flat
        words = [UInt32](repeating: 0, count: distinct.count)
        colours = [SIMD4<Float>](repeating: .zero, count: distinct.count + 1)
        samples = [SIMD4<Float>](repeating: .zero, count: bins * radial)
        self.probes = [SIMD4<Float>?](repeating: nil, count: bins * 2)
        binMarked = [Bool](repeating: false, count: bins)
    }

    /// Reads `image` (the canvas size the sampler was made for): afterwards `samples` and
    /// `probes` hold its values and `changedBins` says which bins differ from the last frame.
    mutating func update(_ image: RGBAImage) {
        let radial = sampler.radial
        let first = !primed
        primed = true
        changedBins.removeAll(keepingCapacity: true)
        probesChanged = first
        changedPixels.removeAll(keepingCapacity: true)
        image.pixels.withUnsafeBufferPointer { px in
            let raw = UnsafeRawBufferPointer(px)
            pixelOffsets.withUnsafeBufferPointer { offsets in
                words.withUnsafeMutableBufferPointer { words in
                    colours.withUnsafeMutableBufferPointer { colours in
                        for u in 0..<offsets.count {
                            let o = offsets[u]
                            let word = raw.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                            if !first && word == words[u] { continue }
                            words[u] = word
                            colours[u] = pixel(px, o)
                            changedPixels.append(Int32(u))
                        }
                    }
                }
            }
        }
        if changedPixels.count * 2 > pixelOffsets.count {
            // Most of the ring changed (a gradient turning, a new scene): every bin, without
            // looking up which.
            changedBins.append(contentsOf: 0..<sampler.bins)
        } else {
            pixelBinStarts.withUnsafeBufferPointer { starts in
                pixelBins.withUnsafeBufferPointer { binList in
                    binMarked.withUnsafeMutableBufferPointer { marked in
                        for u in changedPixels {
                            for k in Int(starts[Int(u)])..<Int(starts[Int(u) + 1]) {
                                let b = Int(binList[k])
                                if !marked[b] {
                                    marked[b] = true
                                    changedBins.append(b)
                                }
                            }
                        }
                    }
                }
            }
        }
        guard !changedBins.isEmpty else { return }
        sampler.weights.withUnsafeBufferPointer { weights in
            cornerPixels.withUnsafeBufferPointer { corners in
                probePixels.withUnsafeBufferPointer { probeIndex in
                    colours.withUnsafeBufferPointer { colours in
                        samples.withUnsafeMutableBufferPointer { samples in
                            probes.withUnsafeMutableBufferPointer { probes in
                                binMarked.withUnsafeMutableBufferPointer { marked in
                                    for b in changedBins {
                                        marked[b] = false
                                        for s in (b * radial)..<((b + 1) * radial) {
                                            // The same sum, in the same order, as RingSampler.sample.
                                            var acc = SIMD4<Float>.zero
                                            acc += weights[s * 4] * colours[Int(corners[s * 4])]
                                            acc += weights[s * 4 + 1] * colours[Int(corners[s * 4 + 1])]
                                            acc += weights[s * 4 + 2] * colours[Int(corners[s * 4 + 2])]
                                            acc += weights[s * 4 + 3] * colours[Int(corners[s * 4 + 3])]
                                            samples[s] = acc
                                        }
                                        for j in (b * 2)..<(b * 2 + 2) {
                                            let u = Int(probeIndex[j])
                                            let value: SIMD4<Float>? = u >= 0 ? colours[u] : nil
                                            if value != probes[j] {
                                                probes[j] = value
                                                probesChanged = true
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
