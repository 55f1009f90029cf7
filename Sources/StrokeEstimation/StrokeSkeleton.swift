/// The one-pixel-wide centre line of a binary shape (a stroke's ink), with each pixel's distance
/// to the shape's edge: what `OpenStrokeFinder` splits into strokes.
///
/// Thinning is Zhang–Suen's with Lü and Wang's correction, followed by a pass that removes the staircase pixels it leaves on
/// diagonals (a pixel whose neighbours stay connected without it), so that every pixel of a
/// simple line has two neighbours, an end one, and a crossing three or more.
struct StrokeSkeleton {
    let width: Int
    let height: Int
    /// Per pixel (row-major): in the skeleton.
    private(set) var on: [Bool]
    /// Per pixel: chamfer distance to the nearest pixel outside the shape (1 on its edge).
    let distance: [Double]

    /// `mask` is row-major `width`×`height`; the border row and column should be outside.
    init(mask: [Bool], width: Int, height: Int) {
        self.width = width
        self.height = height
        distance = Self.chamfer(mask, width: width, height: height)
        on = Self.thin(mask, width: width, height: height)
        removeStaircases()
    }

    /// The 8 neighbours of pixel `i` in the skeleton.
    func neighbours(_ i: Int) -> [Int] {
        let x = i % width, y = i / width
        var out: [Int] = []
        for dy in -1...1 {
            for dx in -1...1 where dx != 0 || dy != 0 {
                let nx = x + dx, ny = y + dy
                guard nx >= 0, ny >= 0, nx < width, ny < height, on[ny * width + nx] else { continue }
                out.append(ny * width + nx)
            }
        }
        return out
    }

    var pixels: [Int] { on.indices.filter { on[$0] } }

    /// Where a line ends: pixels whose neighbours (at most three) all touch one another — one
    /// neighbour, or two or three in a clump (thinning sometimes leaves a last pixel beside the
    /// end). Of two such pixels side by side, the first is kept.
    var ends: [Int] {
        var out: [Int] = []
        for p in pixels {
            let ns = neighbours(p)
            guard !ns.isEmpty, ns.count <= 3, Self.connected(ns, width: width) else { continue }
            if out.contains(where: { abs($0 % width - p % width) <= 1 && abs($0 / width - p / width) <= 1 }) { continue }
            out.append(p)
        }
        return out
    }

    /// Whether `pixels` are 8-connected among themselves.
    static func connected(_ pixels: [Int], width: Int) -> Bool {
        var seen: Set<Int> = [pixels[0]], stack = [pixels[0]]
        while let p = stack.popLast() {
            for q in pixels where !seen.contains(q) {
                if abs(q % width - p % width) <= 1 && abs(q / width - p / width) <= 1 {
                    seen.insert(q); stack.append(q)
                }
            }
        }
        return seen.count == pixels.count
    }

    /// Removes the pixels from each end up to the first crossing where that branch is shorter
    /// than `length` pixels (thinning leaves such spurs at corners of thick ink); repeated
    /// until none is left.
    mutating func pruneSpurs(shorterThan length: Int) {
        for _ in 0..<4 {
            var removed = false
            for end in ends {
                var path = [end], previous = -1, current = end
                while path.count <= length {
                    let next = neighbours(current).filter { $0 != previous && !path.contains($0) }
                    if next.count != 1 { break }
                    if neighbours(next[0]).count > 2 { break }
                    previous = current; current = next[0]; path.append(current)
                }
                let stop = neighbours(current).filter { $0 != previous && !path.contains($0) }
                // A branch that reaches a crossing within `length` is a spur; a whole short line is not.
                guard path.count <= length, !stop.isEmpty else { continue }
                for p in path { on[p] = false }
                removed = true
            }
            if !removed { break }
        }
    }

    /// The shortest chain of skeleton pixels from `a` to `b` (8-connected), nil when apart.
    func path(from a: Int, to b: Int) -> [Int]? {
        var previous = [Int: Int]()
        previous[a] = a
        var queue = [a], head = 0
        while head < queue.count {
            let p = queue[head]; head += 1
            if p == b { break }
            for n in neighbours(p) where previous[n] == nil {
                previous[n] = p
                queue.append(n)
            }
        }
        guard previous[b] != nil else { return nil }
        var chain = [b]
        while chain.last! != a { chain.append(previous[chain.last!]!) }
        return chain.reversed()
    }

    // MARK: - Thinning

    private static func thin(_ mask: [Bool], width w: Int, height h: Int) -> [Bool] {
        var img = mask
        var changed = true
        while changed {
            changed = false
            for pass in 0..<2 {
                var remove: [Int] = []
                for y in 1..<max(1, h - 1) {
                    for x in 1..<max(1, w - 1) where img[y * w + x] {
                        // P2..P9 clockwise from north.
                        let n = [img[(y - 1) * w + x], img[(y - 1) * w + x + 1], img[y * w + x + 1], img[(y + 1) * w + x + 1],
                                 img[(y + 1) * w + x], img[(y + 1) * w + x - 1], img[y * w + x - 1], img[(y - 1) * w + x - 1]]
                        let b = n.filter { $0 }.count
                        // Lü and Wang's 3 (Zhang and Suen's 2 erases a two-pixel diagonal,
                        // which a thick NW–SE line becomes on its way to one pixel).
                        guard b >= 3, b <= 6 else { continue }
                        var a = 0
                        for k in 0..<8 where !n[k] && n[(k + 1) % 8] { a += 1 }
                        guard a == 1 else { continue }
                        if pass == 0 {
                            guard !(n[0] && n[2] && n[4]), !(n[2] && n[4] && n[6]) else { continue }
                        } else {
                            guard !(n[0] && n[2] && n[6]), !(n[0] && n[4] && n[6]) else { continue }
                        }
                        remove.append(y * w + x)
                    }
                }
                for i in remove { img[i] = false }
                if !remove.isEmpty { changed = true }
            }
        }
        return img
    }

    /// Removes the corner pixel of each L that thinning leaves on staircase diagonals: a pixel
    /// with two perpendicular 4-neighbours, the other two 4-neighbours and the diagonal
    /// opposite the corner empty (its two neighbours touch diagonally without it). Only such
    /// corners go: removing every pixel whose neighbours stay connected would also eat a line
    /// from its end, pixel by pixel.
    private mutating func removeStaircases() {
        let w = width
        func at(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height && on[y * w + x] }
        for y in 0..<height {
            for x in 0..<width where on[y * w + x] {
                let n = at(x, y - 1), e = at(x + 1, y), s = at(x, y + 1), wv = at(x - 1, y)
                let corner = (n && e && !s && !wv && !at(x - 1, y + 1)) || (e && s && !n && !wv && !at(x - 1, y - 1))
                    || (s && wv && !n && !e && !at(x + 1, y - 1)) || (wv && n && !e && !s && !at(x + 1, y + 1))
                if corner { on[y * w + x] = false }
            }
        }
    }

    /// Two-pass chamfer distance (1, √2) from each shape pixel to the nearest pixel outside.
    private static func chamfer(_ mask: [Bool], width w: Int, height h: Int) -> [Double] {
        let big = Double(w + h)
        var d = mask.map { $0 ? big : 0 }
        let diag = 2.0.squareRoot()
        for y in 0..<h {
            for x in 0..<w where mask[y * w + x] {
                var v = d[y * w + x]
                if x > 0 { v = min(v, d[y * w + x - 1] + 1) } else { v = min(v, 1) }
                if y > 0 { v = min(v, d[(y - 1) * w + x] + 1) } else { v = min(v, 1) }
                if x > 0, y > 0 { v = min(v, d[(y - 1) * w + x - 1] + diag) }
                if x + 1 < w, y > 0 { v = min(v, d[(y - 1) * w + x + 1] + diag) }
                d[y * w + x] = v
            }
        }
        for y in stride(from: h - 1, through: 0, by: -1) {
            for x in stride(from: w - 1, through: 0, by: -1) where mask[y * w + x] {
                var v = d[y * w + x]
                if x + 1 < w { v = min(v, d[y * w + x + 1] + 1) } else { v = min(v, 1) }
                if y + 1 < h { v = min(v, d[(y + 1) * w + x] + 1) } else { v = min(v, 1) }
                if x + 1 < w, y + 1 < h { v = min(v, d[(y + 1) * w + x + 1] + diag) }
                if x > 0, y + 1 < h { v = min(v, d[(y + 1) * w + x - 1] + diag) }
                d[y * w + x] = v
            }
        }
        return d
    }
}
