/// Xiaolin Wu's variance-minimising colour quantiser on the 64×64×64 cell grid of a
/// `ColorHistogram` (only the part of it spanned by non-empty cells).
///
/// Colour space is cut into boxes of cells: starting from one box holding everything, the box
/// with the largest sum of squared distances to its mean is split, along the axis and at the
/// plane that leave the least total squared error in its two halves, until there are enough
/// boxes or none can be split. Box moments come from 3-D prefix sums, so each candidate cut
/// costs a handful of look-ups. Ties are broken explicitly (first box in the list, then axis
/// R, G, B, then the lowest cut), so the boxes depend only on the histogram.
struct WuQuantizer {
    /// Pixel count, RGB sums and sum of squares of a set of pixels.
    struct Moments {
        var weight = 0, r = 0, g = 0, b = 0, squares = 0

        /// Sum of squared distances to the mean, in squared channel units.
        var variance: Double {
            guard weight > 0 else { return 0 }
            return Double(squares) - magnitude
        }

        /// (ΣR)² + (ΣG)² + (ΣB)², divided by the weight.
        var magnitude: Double {
            let r = Double(self.r), g = Double(self.g), b = Double(self.b)
            return (r * r + g * g + b * b) / Double(weight)
        }

        static func - (x: Moments, y: Moments) -> Moments {
            Moments(weight: x.weight - y.weight, r: x.r - y.r, g: x.g - y.g, b: x.b - y.b,
                    squares: x.squares - y.squares)
        }
    }

    /// Cells (lo, hi] on each axis, in 1-based cell coordinates (0...64).
    struct Box {
        var lo: (Int, Int, Int)
        var hi: (Int, Int, Int)

        static func get(_ t: (Int, Int, Int), _ axis: Int) -> Int { axis == 0 ? t.0 : (axis == 1 ? t.1 : t.2) }
        static func set(_ t: inout (Int, Int, Int), _ axis: Int, _ v: Int) {
            switch axis {
            case 0: t.0 = v
            case 1: t.1 = v
            default: t.2 = v
            }
        }
    }

    /// The smallest box holding every non-empty cell.
    let whole: Box
    /// Number of prefix-sum points along R, G and B: the box's planes `lo...hi`.
    private let size: (Int, Int, Int)
    /// Prefix sums of the five moments, interleaved, at the points of `whole`; the points on
    /// its lower faces are zero. Point (r, g, b) holds the sums over cells (lo, r]×(lo, g]×(lo, b].
    private var sums: [Int]

    init(cells: [Int]) {
        let n = ColorHistogram.cellsPerChannel, stride = ColorHistogram.cellStride
        var r0 = n, g0 = n, b0 = n, r1 = -1, g1 = -1, b1 = -1
        cells.withUnsafeBufferPointer { cells in
            var i = 0
            for r in 0..<n {
                for g in 0..<n {
                    for b in 0..<n {
                        if cells[i] != 0 {
                            if r < r0 { r0 = r }
                            if r > r1 { r1 = r }
                            if g < g0 { g0 = g }
                            if g > g1 { g1 = g }
                            if b < b0 { b0 = b }
                            if b > b1 { b1 = b }
                        }
                        i += stride
                    }
                }
            }
        }
        if r1 < 0 { (r0, g0, b0, r1, g1, b1) = (0, 0, 0, 0, 0, 0) }
        let lo = (r0, g0, b0), hi = (r1, g1, b1)
        // Cell c (0-based) is (c, c + 1] in box coordinates.
        whole = Box(lo: lo, hi: (hi.0 + 1, hi.1 + 1, hi.2 + 1))
        let sr = hi.0 - lo.0 + 2, sg = hi.1 - lo.1 + 2, sb = hi.2 - lo.2 + 2
        size = (sr, sg, sb)
        sums = [Int](repeating: 0, count: sr * sg * sb * stride)
        sums.withUnsafeMutableBufferPointer { s in
            cells.withUnsafeBufferPointer { cells in
                for r in 1..<sr {
                    for g in 1..<sg {
                        var cell = (((lo.0 + r - 1) * n + lo.1 + g - 1) * n + lo.2) * stride
                        var point = ((r * sg + g) * sb + 1) * stride
                        for _ in 0..<((sb - 1) * stride) {
                            s[point] = cells[cell]
                            point += 1
                            cell += 1
                        }
                    }
                }
            }
            // Running sums along B, then G, then R turn cell values into prefix sums.
            let rowLength = sb * stride
            for r in 1..<sr {
                for g in 1..<sg {
                    let row = (r * sg + g) * rowLength
                    for i in (row + stride)..<(row + rowLength) { s[i] += s[i - stride] }
                }
            }
            for r in 1..<sr {
                for g in 1..<sg {
                    let row = (r * sg + g) * rowLength
                    for i in row..<(row + rowLength) { s[i] += s[i - rowLength] }
                }
            }
            let plane = sg * rowLength
            for i in plane..<(sr * plane) { s[i] += s[i - plane] }
        }
    }

    private func prefix(_ r: Int, _ g: Int, _ b: Int) -> Moments {
        let p = (((r - whole.lo.0) * size.1 + g - whole.lo.1) * size.2 + b - whole.lo.2) * ColorHistogram.cellStride
        return Moments(weight: sums[p], r: sums[p + 1], g: sums[p + 2], b: sums[p + 3], squares: sums[p + 4])
    }

    /// The moments of the pixels inside `box`.
    func moments(_ box: Box) -> Moments {
        let (r0, g0, b0) = (box.lo.0, box.lo.1, box.lo.2)
        let (r1, g1, b1) = (box.hi.0, box.hi.1, box.hi.2)
        // Inclusion–exclusion over the eight corners.
        var m = Moments()
        func add(_ p: Moments, _ sign: Int) {
            m.weight += sign * p.weight
            m.r += sign * p.r
            m.g += sign * p.g
            m.b += sign * p.b
            m.squares += sign * p.squares
        }
        add(prefix(r1, g1, b1), 1)
        add(prefix(r1, g1, b0), -1)
        add(prefix(r1, g0, b1), -1)
        add(prefix(r1, g0, b0), 1)
        add(prefix(r0, g1, b1), -1)
        add(prefix(r0, g1, b0), 1)
        add(prefix(r0, g0, b1), 1)
        add(prefix(r0, g0, b0), -1)
        return m
    }

    /// The best cut of `box` into two non-empty halves, or `nil` when there is none.
    private func split(_ box: Box) -> (Box, Box)? {
        let whole = moments(box)
        var best: (score: Double, axis: Int, cut: Int)?
        for axis in 0..<3 {
            let lo = Box.get(box.lo, axis), hi = Box.get(box.hi, axis)
            guard hi - lo >= 2 else { continue }
            for cut in (lo + 1)..<hi {
                var lower = box
                Box.set(&lower.hi, axis, cut)
                let low = moments(lower)
                let high = whole - low
                if low.weight == 0 || high.weight == 0 { continue }
                let score = low.magnitude + high.magnitude
                if best == nil || score > best!.score { best = (score, axis, cut) }
            }
        }
        guard let b = best else { return nil }
        var lower = box, upper = box
        Box.set(&lower.hi, b.axis, b.cut)
        Box.set(&upper.lo, b.axis, b.cut)
        return (lower, upper)
    }

    /// At most `maxCount` (≥ 1) boxes covering every pixel, none empty (unless the histogram is).
    func boxes(maxCount: Int) -> [Box] {
        var boxes = [whole]
        var variances = [moments(boxes[0]).variance]
        while boxes.count < maxCount {
            var chosen = -1
            for i in boxes.indices where variances[i] > 0 && (chosen < 0 || variances[i] > variances[chosen]) {
                chosen = i
            }
            if chosen < 0 { break }
            guard let (lower, upper) = split(boxes[chosen]) else {
                variances[chosen] = 0
                continue
            }
            boxes[chosen] = lower
            variances[chosen] = moments(lower).variance
            boxes.append(upper)
            variances.append(moments(upper).variance)
        }
        return boxes
    }
}
