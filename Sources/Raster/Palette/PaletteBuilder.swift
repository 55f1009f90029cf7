/// Chooses a GIF palette for one picture or a whole animation.
///
/// When the pictures use no more distinct opaque colours than fit (typical of anti-aliased
/// strokes over a flat background: ink, background and their blends), the palette is exactly
/// those colours. Otherwise Wu's variance-minimising quantiser cuts the histogram's
/// 64×64×64 cell grid into boxes, and a few k-means passes refine the box means: every point
/// (each exact colour, or each cell's mean colour once the histogram has too many colours to
/// count exactly) joins its nearest entry, and each entry moves to the rounded mean of its points.
///
/// Opaque entries come first, most pixels first (ties in ascending 0xRRGGBB order); the
/// reserved transparent entry, when asked for, is the last. Everything after Wu's cuts is
/// integer arithmetic and every tie is broken explicitly, so the same histogram gives the same
/// palette on every run and platform.
///
/// ```swift
/// var histogram = ColorHistogram()
/// for frame in frames { histogram.add(frame) }
/// let palette = PaletteBuilder(maxColors: 256, reserveTransparent: true).palette(for: histogram)
/// ```
public struct PaletteBuilder: Sendable, Hashable {
    /// The most entries the palette may have, the transparent one included: 2...256.
    public var maxColors: Int
    /// Add an entry for pixels with alpha below 128 (it takes one of the `maxColors`).
    public var reserveTransparent: Bool
    /// k-means passes after Wu's cuts (0 keeps the box means); stops early once nothing moves.
    public var refinementPasses: Int

    public init(maxColors: Int = 256, reserveTransparent: Bool = false, refinementPasses: Int = 4) {
        precondition((2...Palette.maxCount).contains(maxColors), "a GIF palette holds 2...256 colours")
        precondition(refinementPasses >= 0, "negative number of refinement passes")
        self.maxColors = maxColors
        self.reserveTransparent = reserveTransparent
        self.refinementPasses = refinementPasses
    }

    /// How many opaque entries the palette may have.
    public var opaqueCapacity: Int { maxColors - (reserveTransparent ? 1 : 0) }

    /// True when `histogram`'s opaque colours all fit, so the palette keeps them exactly.
    public func keepsColorsExactly(_ histogram: ColorHistogram) -> Bool {
        guard let n = histogram.distinctColorCount else { return false }
        return n <= opaqueCapacity
    }

    /// The palette of all of `images`.
    public func palette(for images: [RGBAImage]) -> Palette {
        palette(for: ColorHistogram(images: images))
    }

    /// The palette for the pixels counted in `histogram`. It always has at least one opaque
    /// entry: black when there are no opaque pixels at all. With `reserveTransparent`, its
    /// `transparentIndex` is `count - 1`.
    public func palette(for histogram: ColorHistogram) -> Palette {
        precondition((2...Palette.maxCount).contains(maxColors), "a GIF palette holds 2...256 colours")
        precondition(refinementPasses >= 0, "negative number of refinement passes")
        var entries: [ColorCount]
        if let exact = histogram.exactColors, exact.count <= opaqueCapacity {
            entries = exact
        } else {
            entries = quantize(histogram)
        }
        if entries.isEmpty { entries = [ColorCount(color: .black, count: 0)] }
        var colors = entries.map(\.color)
        guard reserveTransparent else { return Palette(colors: colors) }
        colors.append(.transparent)
        return Palette(colors: colors, transparentIndex: colors.count - 1)
    }

    // MARK: Quantising

    /// A colour to cluster: where it sits (rounded to whole channel values) and the pixels it stands for.
    private struct Point {
        var r: Int, g: Int, b: Int
        var weight: Int, sumR: Int, sumG: Int, sumB: Int
    }

    private func quantize(_ histogram: ColorHistogram) -> [ColorCount] {
        let capacity = opaqueCapacity
        let cells = histogram.cellMoments()
        let wu = WuQuantizer(cells: cells)
        var centroids: [RGBA] = wu.boxes(maxCount: capacity).map { box in
            let m = wu.moments(box)
            return Self.mean(m.r, m.g, m.b, weight: m.weight)
        }

        var points: [Point] = []
        if let exact = histogram.exactColors {
            for e in exact {
                let r = Int(e.color.r), g = Int(e.color.g), b = Int(e.color.b)
                points.append(Point(r: r, g: g, b: b, weight: e.count,
                                    sumR: r * e.count, sumG: g * e.count, sumB: b * e.count))
            }
        } else {
            cells.withUnsafeBufferPointer { cells in
                var i = -ColorHistogram.cellStride
                while true {
                    i += ColorHistogram.cellStride
                    if i >= cells.count { break }
                    let w = cells[i]
                    if w == 0 { continue }
                    let c = Self.mean(cells[i + 1], cells[i + 2], cells[i + 3], weight: w)
                    points.append(Point(r: Int(c.r), g: Int(c.g), b: Int(c.b), weight: w,
                                        sumR: cells[i + 1], sumG: cells[i + 2], sumB: cells[i + 3]))
                }
            }
        }

        // Lloyd iterations: assign, then move every non-empty cluster to its rounded mean.
        var assignment: [Int] = []
        var weights: [Int] = []
        var pass = 0
        while true {
            var search = NearestColorSearch(palette: Palette(colors: centroids))
            var next = [Int](repeating: 0, count: points.count)
            var sums = [Int](repeating: 0, count: centroids.count * 4)
            for (p, point) in points.enumerated() {
                let k = Int(search.lookup(point.r, point.g, point.b) & 0xFF)
                next[p] = k
                sums[4 * k] += point.weight
                sums[4 * k + 1] += point.sumR
                sums[4 * k + 2] += point.sumG
                sums[4 * k + 3] += point.sumB
            }
            let settled = next == assignment
            assignment = next
            weights = []
            for k in centroids.indices {
                let w = sums[4 * k]
                weights.append(w)
                if w > 0 { centroids[k] = Self.mean(sums[4 * k + 1], sums[4 * k + 2], sums[4 * k + 3], weight: w) }
            }
            if settled || pass >= refinementPasses { break }
            pass += 1
        }

        // Drop empty clusters, merge any that ended on the same colour, most pixels first.
        var merged: [(key: Int, count: Int)] = []
        for (k, c) in centroids.enumerated() where weights[k] > 0 {
            merged.append((Int(c.r) << 16 | Int(c.g) << 8 | Int(c.b), weights[k]))
        }
        merged.sort { $0.key < $1.key }
        var unique: [(key: Int, count: Int)] = []
        for m in merged {
            if let last = unique.last, last.key == m.key {
                unique[unique.count - 1].count += m.count
            } else {
                unique.append(m)
            }
        }
        unique.sort { $0.count != $1.count ? $0.count > $1.count : $0.key < $1.key }
        return unique.map { ColorCount(color: ColorHistogram.color(of: UInt32($0.key)), count: $0.count) }
    }

    /// Σ / weight for each channel, rounded half up.
    private static func mean(_ r: Int, _ g: Int, _ b: Int, weight: Int) -> RGBA {
        func channel(_ sum: Int) -> UInt8 { UInt8(clamping: (2 * sum + weight) / (2 * weight)) }
        return RGBA(channel(r), channel(g), channel(b))
    }
}
