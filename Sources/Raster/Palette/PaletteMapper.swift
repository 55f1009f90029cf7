/// Maps pictures to the indices of one palette, keeping its lookup caches from call to call:
/// make one per palette and reuse it for every frame of an animation.
///
/// Answers are exactly those of `Palette.nearestIndex(to:)` (squared RGB distance, ties to the
/// lower index), with dithering applied as `Dithering` describes.
///
/// ```swift
/// var mapper = PaletteMapper(palette: palette)
/// let indices = mapper.indices(for: frame, dithering: .floydSteinberg)
/// ```
public struct PaletteMapper: Sendable {
    public let palette: Palette
    /// The span, in 8-bit channel units, of the offsets ordered dithering adds: the median over
    /// the opaque entries of the distance to the closest other opaque entry, measured as the
    /// largest difference in any one channel (0 when there are fewer than two distinct opaque
    /// entries, which turns ordered dithering off).
    public let orderedAmplitude: Int

    private var search: NearestColorSearch

    public init(palette: Palette) {
        self.palette = palette
        self.search = NearestColorSearch(palette: palette)
        self.orderedAmplitude = Self.spacing(of: palette)
    }

    /// The entry `color` maps to without dithering; the same as `palette.nearestIndex(to:)`.
    public mutating func nearestIndex(to color: RGBA) -> Int {
        if let t = palette.transparentIndex, color.a < 128 { return t }
        return Int(search.lookup(Int(color.r), Int(color.g), Int(color.b)) & 0xFF)
    }

    /// Palette indices for `image` (or its sub-rectangle `rect`, which must lie inside the
    /// image), row-major from the top row: `rect.width * rect.height` bytes.
    public mutating func indices(for image: RGBAImage, in rect: PixelRect? = nil,
                                 dithering: Dithering = .none) -> [UInt8] {
        let r = rect ?? image.bounds
        precondition(r.width >= 0 && r.height >= 0 && (r.isEmpty || image.bounds.contains(r)),
                     "rectangle outside the image")
        let count = r.isEmpty ? 0 : r.width * r.height
        guard count > 0 else { return [] }
        let table = search.uniqueTable()
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            image.pixels.withUnsafeBufferPointer { src in
                switch dithering {
                case .none: mapPlain(src, imageWidth: image.width, rect: r, table: table, into: out)
                case .ordered: mapOrdered(src, imageWidth: image.width, rect: r, table: table, into: out)
                case .floydSteinberg: mapFloydSteinberg(src, imageWidth: image.width, rect: r, table: table, into: out)
                }
            }
            initialized = count
        }
    }

    // MARK: Mapping

    /// The transparent entry, and the alpha below which a pixel takes it (0 without one).
    private var transparency: (index: UInt8, alphaLimit: UInt8) {
        if let t = palette.transparentIndex { return (UInt8(t), 128) }
        return (0, 0)
    }

    private func mapPlain(_ src: UnsafeBufferPointer<UInt8>, imageWidth: Int, rect: PixelRect,
                          table: NearestColorTable, into out: UnsafeMutableBufferPointer<UInt8>) {
        let (tIndex, alphaLimit) = transparency
        var o = 0
        // Runs of one colour (flat backgrounds) reuse the previous answer.
        var previous: UInt32 = .max
        var previousIndex: UInt8 = 0
        for y in rect.y..<rect.maxY {
            var s = (y * imageWidth + rect.x) * 4
            for _ in 0..<rect.width {
                let a = src[s + 3]
                if a < alphaLimit {
                    out[o] = tIndex
                } else {
                    let key = UInt32(src[s]) << 16 | UInt32(src[s + 1]) << 8 | UInt32(src[s + 2])
                    if key != previous {
                        previous = key
                        previousIndex = UInt8(truncatingIfNeeded: table.lookup(Int(src[s]), Int(src[s + 1]), Int(src[s + 2])))
                    }
                    out[o] = previousIndex
                }
                o += 1
                s += 4
            }
        }
    }

    private func mapOrdered(_ src: UnsafeBufferPointer<UInt8>, imageWidth: Int, rect: PixelRect,
                            table: NearestColorTable, into out: UnsafeMutableBufferPointer<UInt8>) {
        let (tIndex, alphaLimit) = transparency
        let amplitude = orderedAmplitude
        // Offsets in channel units for each matrix cell: ((2m − 63) · amplitude) / 128, m = 0...63.
        let offsets = PaletteMapper.bayer8.map { ((2 * $0 - 63) * amplitude) / 128 }
        var previous: UInt32 = .max
        var exact = -1
        var o = 0
        offsets.withUnsafeBufferPointer { offsets in
            for y in rect.y..<rect.maxY {
                var s = (y * imageWidth + rect.x) * 4
                let matrixRow = (y & 7) << 3
                for x in rect.x..<rect.maxX {
                    if src[s + 3] < alphaLimit {
                        out[o] = tIndex
                    } else {
                        let r = Int(src[s]), g = Int(src[s + 1]), b = Int(src[s + 2])
                        let key = UInt32(truncatingIfNeeded: r << 16 | g << 8 | b)
                        if key != previous {
                            previous = key
                            exact = table.exactIndex(r, g, b)
                        }
                        if exact >= 0 {
                            out[o] = UInt8(truncatingIfNeeded: exact)
                        } else {
                            let d = offsets[matrixRow | (x & 7)]
                            let answer = table.lookup(Self.clamp(r + d), Self.clamp(g + d), Self.clamp(b + d))
                            out[o] = UInt8(truncatingIfNeeded: answer)
                        }
                    }
                    o += 1
                    s += 4
                }
            }
        }
    }

    private func mapFloydSteinberg(_ src: UnsafeBufferPointer<UInt8>, imageWidth: Int, rect: PixelRect,
                                   table: NearestColorTable, into out: UnsafeMutableBufferPointer<UInt8>) {
        let (tIndex, alphaLimit) = transparency
        let w = rect.width
        // Accumulated error in sixteenths of a channel unit, three channels per pixel, for this
        // row and the next, with one spare pixel at each end to catch error pushed past the edges.
        let rowLength = (w + 2) * 3
        let errors = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * rowLength)
        defer { errors.deallocate() }
        errors.initialize(repeating: 0)
        var current = 0, next = rowLength
        var previous: UInt32 = .max
        var exact = -1
        palette.colors.withUnsafeBufferPointer { colors in
            for row in 0..<rect.height {
                let y = rect.y + row
                let forward = row % 2 == 0
                let step = forward ? 3 : -3
                var column = forward ? 0 : w - 1
                for _ in 0..<w {
                    let s = (y * imageWidth + rect.x + column) * 4
                    let o = row * w + column
                    let e = (column + 1) * 3
                    if src[s + 3] < alphaLimit {
                        out[o] = tIndex
                    } else {
                        let r = Int(src[s]), g = Int(src[s + 1]), b = Int(src[s + 2])
                        let key = UInt32(truncatingIfNeeded: r << 16 | g << 8 | b)
                        if key != previous {
                            previous = key
                            exact = table.exactIndex(r, g, b)
                        }
                        if exact >= 0 {
                            out[o] = UInt8(truncatingIfNeeded: exact)
                        } else {
                            let here = current + e
                            let vr = Self.clamp(r + ((errors[here] + 8) >> 4))
                            let vg = Self.clamp(g + ((errors[here + 1] + 8) >> 4))
                            let vb = Self.clamp(b + ((errors[here + 2] + 8) >> 4))
                            let index = UInt8(truncatingIfNeeded: table.lookup(vr, vg, vb))
                            out[o] = index
                            let c = colors[Int(index)]
                            let er = vr - Int(c.r), eg = vg - Int(c.g), eb = vb - Int(c.b)
                            let ahead = here + step
                            errors[ahead] += 7 * er
                            errors[ahead + 1] += 7 * eg
                            errors[ahead + 2] += 7 * eb
                            let below = next + e, behindBelow = below - step, aheadBelow = below + step
                            errors[behindBelow] += 3 * er
                            errors[behindBelow + 1] += 3 * eg
                            errors[behindBelow + 2] += 3 * eb
                            errors[below] += 5 * er
                            errors[below + 1] += 5 * eg
                            errors[below + 2] += 5 * eb
                            errors[aheadBelow] += er
                            errors[aheadBelow + 1] += eg
                            errors[aheadBelow + 2] += eb
                        }
                    }
                    column += forward ? 1 : -1
                }
                swap(&current, &next)
                for i in next..<(next + rowLength) { errors[i] = 0 }
            }
        }
    }

    @inline(__always)
    private static func clamp(_ v: Int) -> Int { v < 0 ? 0 : (v > 255 ? 255 : v) }

    /// The 8×8 Bayer matrix, row-major: every value 0...63 once, each 2×2 block's thresholds
    /// as far apart as possible.
    static let bayer8: [Int] = {
        var m = [0]
        var n = 1
        while n < 8 {
            var bigger = [Int](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    bigger[y * 2 * n + x] = v
                    bigger[y * 2 * n + x + n] = v + 2
                    bigger[(y + n) * 2 * n + x] = v + 3
                    bigger[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = bigger
            n *= 2
        }
        return m
    }()

    private static func spacing(of palette: Palette) -> Int {
        var r: [Int] = [], g: [Int] = [], b: [Int] = []
        for (i, c) in palette.colors.enumerated() where i != palette.transparentIndex {
            r.append(Int(c.r))
            g.append(Int(c.g))
            b.append(Int(c.b))
        }
        var gaps: [Int] = []
        for i in r.indices {
            var gap = Int.max
            for j in r.indices {
                let d = max(abs(r[i] - r[j]), abs(g[i] - g[j]), abs(b[i] - b[j]))
                if d > 0 && d < gap { gap = d }
            }
            if gap != Int.max { gaps.append(gap) }
        }
        guard !gaps.isEmpty else { return 0 }
        gaps.sort()
        return gaps[(gaps.count - 1) / 2]
    }
}
