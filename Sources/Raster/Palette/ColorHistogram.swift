/// The colours of one or more pictures, gathered one picture at a time so that a whole
/// animation never has to be held in memory; `PaletteBuilder` chooses a palette from it.
///
/// As in a GIF, a pixel with alpha below 128 counts as transparent (only the number of such
/// pixels is kept) and any other pixel counts as its opaque RGB colour. While there are at most
/// 256 distinct opaque colours every one is counted exactly; past that, counts are kept per cell
/// of a 64×64×64 grid (6 bits per channel), with each cell's pixel count, RGB sums and sum of
/// squares, so the memory used stays fixed (about 10 MB) however many frames are added.
///
/// The result depends only on the multiset of pixels added, never on the order of adding.
public struct ColorHistogram: Sendable {
    /// How many distinct opaque colours are counted exactly.
    public static let exactLimit = 256

    static let cellBits = 6
    static let cellsPerChannel = 1 << cellBits
    static let cellCount = 1 << (3 * cellBits)
    /// Values per cell in `cells`: pixel count, sum of R, of G, of B, of R² + G² + B².
    static let cellStride = 5

    /// Pixels with alpha 128 or more.
    public private(set) var opaquePixelCount = 0
    /// Pixels with alpha below 128.
    public private(set) var transparentPixelCount = 0

    /// Open-addressed table of exact colours: 24-bit RGB keys (`UInt32.max` when empty).
    private var exactKeys: [UInt32]
    private var exactCounts: [Int]
    private var distinct = 0
    private static let tableBits = 9
    /// Per-cell moments once there are more than `exactLimit` distinct colours; empty before.
    private(set) var cells: [Int] = []

    /// An empty histogram.
    public init() {
        exactKeys = [UInt32](repeating: .max, count: 1 << Self.tableBits)
        exactCounts = [Int](repeating: 0, count: 1 << Self.tableBits)
    }

    /// The histogram of all of `images`.
    public init(images: [RGBAImage]) {
        self.init()
        for image in images { add(image) }
    }

    /// True when nothing, not even a transparent pixel, has been added.
    public var isEmpty: Bool { opaquePixelCount == 0 && transparentPixelCount == 0 }

    /// True while every opaque colour is counted exactly (at most `exactLimit` of them).
    public var isExact: Bool { cells.isEmpty }

    /// The number of distinct opaque colours, or `nil` when it is above `exactLimit`.
    public var distinctColorCount: Int? { isExact ? distinct : nil }

    /// Every distinct opaque colour with its pixel count, most frequent first (equal counts in
    /// ascending 0xRRGGBB order), or `nil` when there are more than `exactLimit` of them.
    public var exactColors: [ColorCount]? {
        guard isExact else { return nil }
        var list: [(key: UInt32, count: Int)] = []
        for (slot, key) in exactKeys.enumerated() where key != .max {
            list.append((key, exactCounts[slot]))
        }
        list.sort { $0.count != $1.count ? $0.count > $1.count : $0.key < $1.key }
        return list.map { ColorCount(color: Self.color(of: $0.key), count: $0.count) }
    }

    /// Adds every pixel of `image`, or of its part inside `rect` when one is given.
    public mutating func add(_ image: RGBAImage, in rect: PixelRect? = nil) {
        let r = (rect ?? image.bounds).intersection(image.bounds)
        guard !r.isEmpty else { return }
        var transparent = 0
        image.pixels.withUnsafeBufferPointer { src in
            // Runs of one colour are counted together.
            var runKey: UInt32 = .max
            var runLength = 0
            for y in r.y..<r.maxY {
                var s = (y * image.width + r.x) * 4
                for _ in 0..<r.width {
                    if src[s + 3] < 128 {
                        transparent += 1
                    } else {
                        let key = UInt32(src[s]) << 16 | UInt32(src[s + 1]) << 8 | UInt32(src[s + 2])
                        if key == runKey {
                            runLength += 1
                        } else {
                            if runLength > 0 { addKey(runKey, count: runLength) }
                            runKey = key
                            runLength = 1
                        }
                    }
                    s += 4
                }
            }
            if runLength > 0 { addKey(runKey, count: runLength) }
        }
        transparentPixelCount += transparent
    }

    /// Adds `count` (≥ 0) pixels of `color`; alpha below 128 counts them as transparent.
    public mutating func add(_ color: RGBA, count: Int = 1) {
        precondition(count >= 0, "negative pixel count")
        guard count > 0 else { return }
        if color.a < 128 {
            transparentPixelCount += count
        } else {
            addKey(UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b), count: count)
        }
    }

    /// Adds every pixel counted in `other`, as if its pictures had been added to this one.
    public mutating func merge(_ other: ColorHistogram) {
        transparentPixelCount += other.transparentPixelCount
        if other.isExact {
            for (slot, key) in other.exactKeys.enumerated() where key != .max {
                addKey(key, count: other.exactCounts[slot])
            }
        } else {
            if isExact { spill() }
            opaquePixelCount += other.opaquePixelCount
            for i in cells.indices { cells[i] += other.cells[i] }
        }
    }

    // MARK: Storage

    static func color(of key: UInt32) -> RGBA {
        RGBA(UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8), UInt8(truncatingIfNeeded: key))
    }

    private mutating func addKey(_ key: UInt32, count: Int) {
        opaquePixelCount += count
        if isExact {
            let mask = (1 << Self.tableBits) - 1
            var slot = Int((key &* 0x9E37_79B1) >> UInt32(32 - Self.tableBits))
            while true {
                let k = exactKeys[slot]
                if k == key {
                    exactCounts[slot] += count
                    return
                }
                if k == .max { break }
                slot = (slot + 1) & mask
            }
            if distinct < Self.exactLimit {
                exactKeys[slot] = key
                exactCounts[slot] = count
                distinct += 1
                return
            }
            spill()
        }
        addToCell(key, count: count)
    }

    /// Moves the exact colours into cells, for good.
    private mutating func spill() {
        cells = [Int](repeating: 0, count: Self.cellCount * Self.cellStride)
        for (slot, key) in exactKeys.enumerated() where key != .max {
            addToCell(key, count: exactCounts[slot])
        }
        exactKeys = []
        exactCounts = []
        distinct = 0
    }

    private mutating func addToCell(_ key: UInt32, count: Int) {
        let r = Int(key >> 16), g = Int((key >> 8) & 0xFF), b = Int(key & 0xFF)
        let shift = 8 - Self.cellBits
        let cell = ((r >> shift) << (2 * Self.cellBits)) | ((g >> shift) << Self.cellBits) | (b >> shift)
        let i = cell * Self.cellStride
        cells[i] += count
        cells[i + 1] += r * count
        cells[i + 2] += g * count
        cells[i + 3] += b * count
        cells[i + 4] += (r * r + g * g + b * b) * count
    }

    /// Per-cell moments (see `cells`) whether or not the colours are still exact.
    func cellMoments() -> [Int] {
        if !isExact { return cells }
        var copy = self
        copy.spill()
        return copy.cells
    }
}
