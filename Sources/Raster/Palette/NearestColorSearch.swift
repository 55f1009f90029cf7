/// Exact nearest-entry search over a palette's opaque entries.
///
/// RGB space is cut into 32×32×32 cells of 8×8×8 values. The first time a colour in a cell is
/// looked up, the cell gets its candidate list: every entry whose smallest possible squared
/// distance to the cell is at most the smallest *largest* squared distance of any entry to the
/// cell. The nearest entry of every colour in the cell, and every entry tied with it, is on that
/// list, so searching it in index order gives exactly the answer of a search of the whole
/// palette, ties to the lower index included. A cell's list is a subset of the list of any cell
/// containing it, so lists are built top-down through 4³, 8³ and 16³ grids of larger cells,
/// each filtered from its parent's list rather than from the whole palette.
///
/// Lookups answer a packed value: the palette index in the low 8 bits, plus `exactFlag` when
/// the entry's RGB equals the colour looked up. The lists are built lazily, so this is a value
/// type with copy-on-write storage; a copy never shares lists that are still being written.
struct NearestColorSearch: Sendable {
    /// Set in a lookup's answer when the colour is exactly an entry of the palette.
    static let exactFlag: UInt16 = 0x100

    private var table: NearestColorTable

    /// A search over the opaque entries of `palette` (there is always at least one).
    init(palette: Palette) {
        var packed: [UInt32] = []
        for (i, c) in palette.colors.enumerated() where i != palette.transparentIndex {
            packed.append(UInt32(c.r) << 24 | UInt32(c.g) << 16 | UInt32(c.b) << 8 | UInt32(i))
        }
        table = NearestColorTable(entries: packed)
    }

    /// The packed answer for the colour (`r`, `g`, `b`), each 0...255.
    mutating func lookup(_ r: Int, _ g: Int, _ b: Int) -> UInt16 {
        uniqueTable().lookup(r, g, b)
    }

    /// The table, not shared with any other copy of this search, for a loop of lookups. Use it
    /// only while this search is not copied or used otherwise.
    mutating func uniqueTable() -> NearestColorTable {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        return table
    }
}

/// The storage behind `NearestColorSearch`. Not safe to share: `NearestColorSearch` hands it out
/// only when uniquely referenced (hence the unchecked `Sendable`).
final class NearestColorTable: @unchecked Sendable {
    /// Cells of 2, 3, 4 and 5 bits per channel; in `starts`, each grid follows the previous one.
    private static let coarsestBits = 2
    private static let finestBits = 5
    @inline(__always)
    private static func gridOffset(_ bits: Int) -> Int {
        switch bits {
        case 2: 0
        case 3: 64
        case 4: 64 + 512
        default: 64 + 512 + 4096
        }
    }
    private static let startCount = 64 + 512 + 4096 + 32768

    /// Opaque entries packed as R << 24 | G << 16 | B << 8 | palette index, in index order.
    private let entries: UnsafeMutablePointer<UInt32>
    private let entryCount: Int
    /// Open-addressed set of the entries' colours: (RGB << 8 | palette index) + 1, 0 when empty;
    /// the lowest index when two entries share a colour.
    private let exactSlots: UnsafeMutablePointer<UInt64>
    private static let exactBits = 10
    /// One bit per 8×8×8 cell, set when some entry lies in it: most colours are known not to be
    /// entries without a look in `exactSlots`.
    private let exactCells: UnsafeMutablePointer<UInt64>
    private static let exactCellWords = 32768 / 64
    /// Where each cell's list starts in `lists`, or -1 before it is built, grid after grid.
    private let starts: UnsafeMutablePointer<Int32>
    /// Lists: a count, then that many packed entries in index order.
    private var lists: UnsafeMutablePointer<UInt32>
    private var listsCount: Int
    private var listsCapacity: Int

    init(entries packed: [UInt32]) {
        precondition(!packed.isEmpty, "no opaque palette entries")
        entryCount = packed.count
        entries = .allocate(capacity: packed.count)
        entries.initialize(from: packed, count: packed.count)
        exactSlots = .allocate(capacity: 1 << Self.exactBits)
        exactSlots.initialize(repeating: 0, count: 1 << Self.exactBits)
        for e in packed {
            let rgb = e >> 8
            var slot = Self.exactSlot(rgb)
            while exactSlots[slot] != 0 {
                if UInt32(truncatingIfNeeded: (exactSlots[slot] - 1) >> 8) == rgb { break }
                slot = (slot + 1) & ((1 << Self.exactBits) - 1)
            }
            if exactSlots[slot] == 0 { exactSlots[slot] = UInt64(e) + 1 }
        }
        exactCells = .allocate(capacity: Self.exactCellWords)
        exactCells.initialize(repeating: 0, count: Self.exactCellWords)
        for e in packed {
            let cell = Self.cell(Int(e >> 24), Int((e >> 16) & 0xFF), Int((e >> 8) & 0xFF))
            exactCells[cell >> 6] |= 1 << UInt64(cell & 63)
        }
        starts = .allocate(capacity: Self.startCount)
        starts.initialize(repeating: -1, count: Self.startCount)
        listsCapacity = 4096
        listsCount = 0
        lists = .allocate(capacity: listsCapacity)
    }

    private init(copying other: NearestColorTable) {
        entryCount = other.entryCount
        entries = .allocate(capacity: entryCount)
        entries.initialize(from: other.entries, count: entryCount)
        exactSlots = .allocate(capacity: 1 << Self.exactBits)
        exactSlots.initialize(from: other.exactSlots, count: 1 << Self.exactBits)
        exactCells = .allocate(capacity: Self.exactCellWords)
        exactCells.initialize(from: other.exactCells, count: Self.exactCellWords)
        starts = .allocate(capacity: Self.startCount)
        starts.initialize(from: other.starts, count: Self.startCount)
        listsCapacity = other.listsCapacity
        listsCount = other.listsCount
        lists = .allocate(capacity: listsCapacity)
        lists.initialize(from: other.lists, count: listsCount)
    }

    deinit {
        entries.deallocate()
        exactSlots.deallocate()
        exactCells.deallocate()
        starts.deallocate()
        lists.deallocate()
    }

    func copy() -> NearestColorTable { NearestColorTable(copying: self) }

    /// The 8×8×8 cell of a colour: 5 bits per channel.
    @inline(__always)
    private static func cell(_ r: Int, _ g: Int, _ b: Int) -> Int {
        (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
    }

    @inline(__always)
    private static func exactSlot(_ rgb: UInt32) -> Int {
        Int((rgb &* 0x9E37_79B1) >> UInt32(32 - exactBits))
    }

    /// The lowest palette index of an entry whose RGB is exactly (`r`, `g`, `b`), or -1.
    @inline(__always)
    func exactIndex(_ r: Int, _ g: Int, _ b: Int) -> Int {
        let cell = Self.cell(r, g, b)
        if exactCells[cell >> 6] & (1 << UInt64(cell & 63)) == 0 { return -1 }
        let rgb = UInt32(truncatingIfNeeded: r << 16 | g << 8 | b)
        var slot = Self.exactSlot(rgb)
        while true {
            let v = exactSlots[slot]
            if v == 0 { return -1 }
            let e = v - 1
            if UInt32(truncatingIfNeeded: e >> 8) == rgb { return Int(e & 0xFF) }
            slot = (slot + 1) & ((1 << Self.exactBits) - 1)
        }
    }

    /// The packed answer for the colour (`r`, `g`, `b`), each 0...255.
    @inline(__always)
    func lookup(_ r: Int, _ g: Int, _ b: Int) -> UInt16 {
        let cell = Self.cell(r, g, b)
        var start = Int(starts[Self.gridOffset(Self.finestBits) + cell])
        if start < 0 { start = build(bits: Self.finestBits, r: r >> 3, g: g >> 3, b: b >> 3) }
        let list = lists + start
        let n = Int(list[0])
        var best = list[1]
        var bestDistance = Int.max
        for k in 1...n {
            let e = list[k]
            let dr = Int(e >> 24) &- r, dg = Int((e >> 16) & 0xFF) &- g, db = Int((e >> 8) & 0xFF) &- b
            let d = dr &* dr &+ dg &* dg &+ db &* db
            if d < bestDistance {
                bestDistance = d
                best = e
            }
        }
        return UInt16(best & 0xFF) | (bestDistance == 0 ? NearestColorSearch.exactFlag : 0)
    }

    // MARK: Building lists

    /// Appends the list of the cell [lo, lo + size)³ filtered from `count` packed entries at
    /// `source` (an offset in `lists`, or nil for all entries); returns where it starts.
    private func appendList(lo: (Int, Int, Int), size: Int, source: Int?, count: Int) -> Int {
        let hi = (lo.0 + size - 1, lo.1 + size - 1, lo.2 + size - 1)
        // Channel values are 0...255, so none of this arithmetic can overflow.
        @inline(__always) func far(_ v: Int, _ l: Int, _ h: Int) -> Int {
            let d = max(v &- l, h &- v)
            return d &* d
        }
        @inline(__always) func near(_ v: Int, _ l: Int, _ h: Int) -> Int {
            let d = max(max(l &- v, v &- h), 0)
            return d &* d
        }
        // Room for the worst case, so `lists` stays put while it is read below.
        if listsCount + count + 1 > listsCapacity {
            var capacity = listsCapacity * 2
            while listsCount + count + 1 > capacity { capacity *= 2 }
            let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
            grown.moveInitialize(from: lists, count: listsCount)
            lists.deallocate()
            lists = grown
            listsCapacity = capacity
        }
        let from = source.map { UnsafePointer(lists + $0) } ?? UnsafePointer(entries)
        var bound = Int.max
        for k in 0..<count {
            let e = from[k]
            let r = Int(e >> 24), g = Int((e >> 16) & 0xFF), b = Int((e >> 8) & 0xFF)
            bound = min(bound, far(r, lo.0, hi.0) &+ far(g, lo.1, hi.1) &+ far(b, lo.2, hi.2))
        }
        let start = listsCount
        // Every entry is written after the list so far; only those that pass are kept.
        let list = lists + start + 1
        var n = 0
        for k in 0..<count {
            let e = from[k]
            let r = Int(e >> 24), g = Int((e >> 16) & 0xFF), b = Int((e >> 8) & 0xFF)
            list[n] = e
            n &+= near(r, lo.0, hi.0) &+ near(g, lo.1, hi.1) &+ near(b, lo.2, hi.2) <= bound ? 1 : 0
        }
        lists[start] = UInt32(n)
        listsCount = start + 1 + n
        return start
    }

    /// Builds the list of the cell (`r`, `g`, `b`) of the grid with `bits` per channel, and
    /// any missing lists of the cells containing it; returns where it starts.
    private func build(bits: Int, r: Int, g: Int, b: Int) -> Int {
        let size = 1 << (8 - bits)
        let lo = (r * size, g * size, b * size)
        let start: Int
        if bits == Self.coarsestBits {
            start = appendList(lo: lo, size: size, source: nil, count: entryCount)
        } else {
            let parentIndex = Self.gridOffset(bits - 1) + ((r >> 1) << (2 * bits - 2) | (g >> 1) << (bits - 1) | (b >> 1))
            var parent = Int(starts[parentIndex])
            if parent < 0 { parent = build(bits: bits - 1, r: r >> 1, g: g >> 1, b: b >> 1) }
            start = appendList(lo: lo, size: size, source: parent + 1, count: Int(lists[parent]))
        }
        starts[Self.gridOffset(bits) + (r << (2 * bits) | g << bits | b)] = Int32(start)
        return start
    }
}
