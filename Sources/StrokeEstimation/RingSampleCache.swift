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
    /// The sampler's layout and weights (its pixel offsets are dropped once indexed here).
    let sampler: RingSampler
    /// Byte offsets of the distinct pixels any sample or probe reads, ascending.
    private let pixelOffsets: [Int32]
    /// Per sample (the sampler's order), two indices into `pixelOffsets`: its top-left and
    /// bottom-left pixels; the pixel right of each is the next index, as the offsets ascend and
    /// both are read. A sample with a pixel off the canvas has −1 − e first, and its four
    /// pixels at `edgePixels[4e ..< 4e + 4]` (`pixelOffsets.count` for one off the canvas: a
    /// transparent slot, weight 0). 8 bytes a sample, where four indices were 16.
    private let samplePixels: [Int32]
    private let edgePixels: [Int32]
    /// Where each canvas row's pixels start in `pixelOffsets`, from the row of the first one
    /// (`firstRow`) to one past the last one's: a frame that says where it changed is compared
    /// only there.
    private let rowStarts: [Int32]
    private let firstRow: Int
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
    /// Bins whose samples or probes changed in the last update, in ascending order.
    private(set) var changedBins: [Int] = []
    /// Whether any probe changed in the last update (the background may then differ).
    private(set) var probesChanged = true
    /// Distinct pixels that changed in the last update, at the front (a buffer of one entry per
    /// distinct pixel, kept between frames).
    private var changedPixels: [Int32]
    /// False until the first frame has been read.
    private var primed = false
    private var binMarked: [Bool]

    init(sampler: RingSampler) {
        let bins = sampler.bins, radial = sampler.radial, samples = bins * radial
        // Distinct pixels (ascending), then each corner's and probe's index among them, through
        // a table over the pixels between the first and the last one read.
        // (Passes over the sampler's compact offsets rather than one list of every offset read:
        // that list was as large as the sampler itself and added to the measuring pass's peak.)
        var lowest = Int32.max, highest = Int32.min
        func extend(_ o: Int32) { if o >= 0 { lowest = min(lowest, o); highest = max(highest, o) } }
        for s in 0..<samples {
            let o = sampler.offsets(ofSample: s)
            for c in 0..<4 { extend(o[c]) }
        }
        for o in sampler.probes { extend(o) }
        let anyRead = lowest <= highest
        let first = anyRead ? Int(lowest) / 4 : 0, last = anyRead ? Int(highest) / 4 : 0
        var indexOf = [Int32](repeating: -1, count: anyRead ? last - first + 1 : 0)
        for s in 0..<samples {
            let o = sampler.offsets(ofSample: s)
            for c in 0..<4 where o[c] >= 0 { indexOf[Int(o[c]) / 4 - first] = 0 }
        }
        for o in sampler.probes where o >= 0 { indexOf[Int(o) / 4 - first] = 0 }
        var distinct: [Int32] = []
        for i in indexOf.indices where indexOf[i] >= 0 {
            indexOf[i] = Int32(distinct.count)
            distinct.append(Int32((first + i) * 4))
        }
        // Corners off the canvas (weight 0) read an extra slot that stays transparent: adding
        // 0 × 0 leaves a sum unchanged, so the sampling loop needs no branch for them.
        let blank = Int32(distinct.count)
        func index(_ o: Int32) -> Int32 { o >= 0 ? indexOf[Int(o) / 4 - first] : blank }
        var pairsOfRows = [Int32](repeating: 0, count: samples * 2)
        var edges: [Int32] = []
        for s in 0..<samples {
            let o = sampler.offsets(ofSample: s)
            if sampler.corners[s] >= 0 {
                pairsOfRows[s * 2] = index(o[0])
                pairsOfRows[s * 2 + 1] = index(o[2])
            } else {
                pairsOfRows[s * 2] = Int32(-1 - edges.count / 4)
                for c in 0..<4 { edges.append(index(o[c])) }
            }
        }
        let probes = sampler.probes.map { $0 >= 0 ? indexOf[Int($0) / 4 - first] : -1 }
        indexOf = []
        // Which bins read each pixel, each bin once, in ascending order (compressed rows: count,
        // then place). Two passes over the bins, counting then placing, rather than one list of
        // every (pixel, bin) pair: that list was the largest thing alive while the samplers are
        // built, the measuring pass's memory peak (1 MB for a 100 px ring).
        var lastBin = [Int32](repeating: -1, count: distinct.count)
        func forEachPixelOfEachBin(_ body: (_ pixel: Int, _ bin: Int32) -> Void) {
            for b in 0..<bins {
                func note(_ u: Int32) {
                    guard u >= 0, u != blank, lastBin[Int(u)] != Int32(b) else { return }
                    lastBin[Int(u)] = Int32(b)
                    body(Int(u), Int32(b))
                }
                for s in (b * radial)..<((b + 1) * radial) {
                    let top = pairsOfRows[s * 2]
                    if top >= 0 {
                        let bottom = pairsOfRows[s * 2 + 1]
                        note(top)
                        note(top + 1)
                        note(bottom)
                        note(bottom + 1)
                    } else {
                        let e = Int(-1 - top) * 4
                        for c in 0..<4 { note(edges[e + c]) }
                    }
                }
                note(probes[b * 2])
                note(probes[b * 2 + 1])
            }
        }
        var starts = [Int32](repeating: 0, count: distinct.count + 1)
        forEachPixelOfEachBin { pixel, _ in starts[pixel + 1] += 1 }
        for u in 0..<distinct.count { starts[u + 1] += starts[u] }
        var fill = starts
        var flat = [Int32](repeating: 0, count: Int(starts[distinct.count]))
        for u in lastBin.indices { lastBin[u] = -1 }
        forEachPixelOfEachBin { pixel, bin in
            flat[Int(fill[pixel])] = bin
            fill[pixel] += 1
        }
        // Each row's first pixel: the offsets ascend, so rows follow one another.
        let rowBytes = max(1, sampler.rowBytes)
        let rowsFrom = distinct.first.map { Int($0) / rowBytes } ?? 0
        let rowsTo = distinct.last.map { Int($0) / rowBytes + 1 } ?? 0
        var rowStarts = [Int32](repeating: Int32(distinct.count), count: rowsTo - rowsFrom + 1)
        var nextRow = rowsFrom
        for (u, o) in distinct.enumerated() {
            let row = Int(o) / rowBytes
            while nextRow <= row { rowStarts[nextRow - rowsFrom] = Int32(u); nextRow += 1 }
        }
        self.rowStarts = rowStarts
        firstRow = rowsFrom
        var layout = sampler
        layout.releaseOffsets()
        self.sampler = layout
        pixelOffsets = distinct
        samplePixels = pairsOfRows
        edgePixels = edges
        probePixels = probes
        pixelBinStarts = starts
        pixelBins = flat
        words = [UInt32](repeating: 0, count: distinct.count)
        changedPixels = [Int32](repeating: 0, count: distinct.count)
        colours = [SIMD4<Float>](repeating: .zero, count: distinct.count + 1)
        self.samples = [SIMD4<Float>](repeating: .zero, count: samples)
        self.probes = [SIMD4<Float>?](repeating: nil, count: bins * 2)
        binMarked = [Bool](repeating: false, count: bins)
    }

    /// Reads `image` (the canvas size the sampler was made for): afterwards `samples` and
    /// `probes` hold its values and `changedBins` says which bins differ from the last frame.
    /// `changed`, when given, bounds where `image` can differ from the frame last read (a GIF
    /// frame's rectangle and its predecessor's disposal): pixels outside it are not compared.
    mutating func update(_ image: RGBAImage, changed: PixelRect? = nil) {
        let radial = sampler.radial
        let first = !primed
        primed = true
        changedBins.removeAll(keepingCapacity: true)
        probesChanged = first
        // Which pixels changed: every word is compared and stored, and the index written
        // whether or not it counts, so the loop has no branch to mispredict where ink and
        // background alternate; only the changed pixels' colours are then converted.
        var count = 0
        image.pixels.withUnsafeBufferPointer { px in
            let raw = UnsafeRawBufferPointer(px)
            pixelOffsets.withUnsafeBufferPointer { offsets in
                words.withUnsafeMutableBufferPointer { words in
                    changedPixels.withUnsafeMutableBufferPointer { changedList in
                        @inline(__always) func compare(_ range: Range<Int>) {
                            for u in range {
                                let word = raw.loadUnaligned(fromByteOffset: Int(offsets[u]), as: UInt32.self)
                                let differs = first || word != words[u]
                                words[u] = word
                                changedList[count] = Int32(u)
                                count += differs ? 1 : 0
                            }
                        }
                        guard !first, let area = changed else { return compare(0..<offsets.count) }
                        // Only the rows and columns the frame can have touched, each row's part
                        // found by bisection among its offsets.
                        let canvasWidth = sampler.rowBytes / 4
                        let x0 = max(0, area.x), x1 = min(canvasWidth, area.maxX)
                        let y0 = max(area.y, firstRow), y1 = min(area.maxY, firstRow + rowStarts.count - 1)
                        guard x0 < x1, y0 < y1 else { return }
                        @inline(__always) func lowerBound(_ offset: Int, _ low: Int, _ high: Int) -> Int {
                            var (lo, hi) = (low, high)
                            while lo < hi {
                                let mid = (lo + hi) / 2
                                if Int(offsets[mid]) < offset { lo = mid + 1 } else { hi = mid }
                            }
                            return lo
                        }
                        for y in y0..<y1 {
                            let rowStart = Int(rowStarts[y - firstRow]), rowEnd = Int(rowStarts[y - firstRow + 1])
                            guard rowStart < rowEnd else { continue }
                            let from = lowerBound((y * canvasWidth + x0) * 4, rowStart, rowEnd)
                            compare(from..<lowerBound((y * canvasWidth + x1) * 4, from, rowEnd))
                        }
                    }
                    colours.withUnsafeMutableBufferPointer { colours in
                        for u in changedPixels[0..<count] { colours[Int(u)] = pixel(px, Int(offsets[Int(u)])) }
                    }
                }
            }
        }
        if count * 2 > pixelOffsets.count {
            // Most of the ring changed (a gradient turning, a new scene): every bin, without
            // looking up which.
            changedBins.append(contentsOf: 0..<sampler.bins)
        } else {
            // Mark, then list the marked bins in order: one store per entry, where testing each
            // mark first mispredicted at about every other entry. The order does not matter to
            // the callers (each bin is computed on its own).
            pixelBinStarts.withUnsafeBufferPointer { starts in
                pixelBins.withUnsafeBufferPointer { binList in
                    binMarked.withUnsafeMutableBufferPointer { marked in
                        for u in changedPixels[0..<count] {
                            for k in Int(starts[Int(u)])..<Int(starts[Int(u) + 1]) { marked[Int(binList[k])] = true }
                        }
                        if count > 0 { for b in 0..<marked.count where marked[b] { changedBins.append(b) } }
                    }
                }
            }
        }
        guard !changedBins.isEmpty else { return }
        sampler.weights.withUnsafeBufferPointer { weights in
            samplePixels.withUnsafeBufferPointer { corners in
              edgePixels.withUnsafeBufferPointer { edges in
                probePixels.withUnsafeBufferPointer { probeIndex in
                    colours.withUnsafeBufferPointer { colours in
                        samples.withUnsafeMutableBufferPointer { samples in
                            probes.withUnsafeMutableBufferPointer { probes in
                                binMarked.withUnsafeMutableBufferPointer { marked in
                                    for b in changedBins {
                                        marked[b] = false
                                        for s in (b * radial)..<((b + 1) * radial) {
                                            // The same sum, in the same order, as RingSampler.sample.
                                            let top = Int(corners[s * 2])
                                            var acc = SIMD4<Float>.zero
                                            if top >= 0 {
                                                let bottom = Int(corners[s * 2 + 1])
                                                acc += weights[s * 4] * colours[top]
                                                acc += weights[s * 4 + 1] * colours[top + 1]
                                                acc += weights[s * 4 + 2] * colours[bottom]
                                                acc += weights[s * 4 + 3] * colours[bottom + 1]
                                            } else {
                                                let e = (-1 - top) * 4
                                                acc += weights[s * 4] * colours[Int(edges[e])]
                                                acc += weights[s * 4 + 1] * colours[Int(edges[e + 1])]
                                                acc += weights[s * 4 + 2] * colours[Int(edges[e + 2])]
                                                acc += weights[s * 4 + 3] * colours[Int(edges[e + 3])]
                                            }
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
}
