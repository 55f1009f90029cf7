import Raster
import StrokeEstimation

/// Where a recording's frames first changed, on a sparse grid of the canvas (every `step`-th
/// pixel of every `step`-th row): per grid pixel, the frame that first differed from the first
/// frame there (a GIF's colours, by the ring search's change threshold; a movie's luma). Once
/// the measured area is known, it tells whether any frame after the sample drew where nothing
/// had changed before, outside it, where a ring appearing late would be (the decoding hands
/// over only the measured area by then). Content that already changed during the sample (a
/// clock, a label, a second indicator) was judged by the first search and does not call for
/// another. Compared with the first frame, as `PixelStatistics` compares, not with the frame
/// before: a ring fading in over many frames, a few levels at a time, is seen, and a movie's
/// noise cannot creep. A ring's band, a pixel wide and a few across, crosses the grid's rows at
/// several points: a sparse grid finds it, at a sixteenth of the pixels' cost and memory (0.5 MB
/// on a 1000 × 1000 screen).
struct LateChanges {
    static let step = 4

    let width: Int, height: Int
    private let columns: Int, rows: Int
    /// Per grid pixel, 1 + the index of the frame that first changed it (0: none did).
    private var firstChange: [UInt32]
    private var frames: UInt32 = 0
    /// A GIF's first frame at the grid points (straight RGBA words).
    private var referenceColours: [UInt32] = []
    /// A movie's first frame's luma at the grid points.
    private var referenceLuma: [UInt8] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        columns = (width + Self.step - 1) / Self.step
        rows = (height + Self.step - 1) / Self.step
        firstChange = [UInt32](repeating: 0, count: columns * rows)
    }

    /// Adds a GIF's next frame, which can differ from the one before only within `changed`.
    mutating func add(_ image: RGBAImage, changed: PixelRect) {
        defer { frames += 1 }
        guard image.width == width, image.height == height else { return }
        let first = frames == 0
        if first { referenceColours = [UInt32](repeating: 0, count: firstChange.count) }
        let area = first ? PixelRect(x: 0, y: 0, width: width, height: height) : changed
        guard !area.isEmpty else { return }
        let step = Self.step
        let gx0 = (area.x + step - 1) / step, gx1 = (area.maxX - 1) / step
        let gy0 = (area.y + step - 1) / step, gy1 = (area.maxY - 1) / step
        guard gx0 <= gx1, gy0 <= gy1 else { return }
        let stamp = frames + 1
        let threshold = Float(RingFinder.changeThreshold)
        image.pixels.withUnsafeBufferPointer { px in
            px.baseAddress!.withMemoryRebound(to: UInt32.self, capacity: width * height) { words in
                for gy in gy0...gy1 {
                    let row = gy * step * width
                    for gx in gx0...gx1 {
                        let g = gy * columns + gx
                        let now = words[row + gx * step]
                        if first { referenceColours[g] = now; continue }
                        guard firstChange[g] == 0, now != referenceColours[g] else { continue }
                        let d = PremultipliedColour.distance(PremultipliedColour.of(now), PremultipliedColour.of(referenceColours[g]))
                        if d >= threshold { firstChange[g] = stamp }
                    }
                }
            }
        }
    }

    /// Luma (0...255) from which a movie's grid point counts as changed: well above the few
    /// levels compression noise moves a still picture, well below what a stroke drawn over its
    /// background changes (a red #FE898B hairline on white: 83).
    static let lumaThreshold = 24

    /// Adds a movie's next frame, as its luma on the grid (`RecordingDecoder.lumaGrid`: the
    /// whole frame, whatever part of it is converted).
    mutating func add(luma: [UInt8]) {
        defer { frames += 1 }
        guard luma.count == firstChange.count else { return }
        guard frames > 0, referenceLuma.count == luma.count else {
            if frames == 0 { referenceLuma = luma }
            return
        }
        let stamp = frames + 1
        for g in luma.indices where firstChange[g] == 0 && abs(Int(luma[g]) - Int(referenceLuma[g])) >= Self.lumaThreshold {
            firstChange[g] = stamp
        }
    }

    /// Grid points this many steps apart (16 px) or closer are one group. A thin ring's band
    /// crosses the sparse grid at irregular points, often more than two steps apart: a smaller
    /// reach broke whole rings into short, straight-looking pieces.
    static let bridge = 4

    /// Whether the grid pixels a frame from index `start` on changed for the first time could
    /// show a ring that is not in `area`: some group of them (points within `bridge` grid
    /// steps of each other, one at least outside `area`) is not a straight strip (`LateCluster`). What a
    /// growing progress bar, a line drawn late or a divider fading in changes lies along a
    /// line a few pixels across; a ring's band, even the part of it left outside `area`,
    /// bends. Points inside `area` join the groups, so a ring drawn over the measured area's
    /// edge is judged whole.
    func mayShowRing(outside area: PixelRect, from start: Int) -> Bool {
        let stamp = UInt32(start)
        var seen = [Bool](repeating: false, count: firstChange.count)
        var stack: [Int] = []
        for origin in firstChange.indices where firstChange[origin] > stamp && !seen[origin] {
            var cluster = LateCluster()
            seen[origin] = true
            stack.append(origin)
            while let g = stack.popLast() {
                let gx = g % columns, gy = g / columns
                let x = gx * Self.step, y = gy * Self.step
                cluster.add(x: x, y: y, outside: !(x >= area.x && x < area.maxX && y >= area.y && y < area.maxY))
                for ny in max(0, gy - Self.bridge)...min(rows - 1, gy + Self.bridge) {
                    for nx in max(0, gx - Self.bridge)...min(columns - 1, gx + Self.bridge) {
                        let n = ny * columns + nx
                        if firstChange[n] > stamp && !seen[n] { seen[n] = true; stack.append(n) }
                    }
                }
            }
            if cluster.hasOutside && !cluster.isStraightStrip(step: Self.step) { return true }
        }
        return false
    }
}
