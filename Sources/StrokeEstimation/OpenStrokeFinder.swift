import Raster
import StrokeGeometry

/// Finds open stroked paths (ticks, crosses, pluses) with no model, from what a recording draws
/// and keeps: the pixels that end in a colour other than their first and settle there
/// (`InkSettling`), grouped by that colour, thinned to a centre line (`StrokeSkeleton`) and
/// split into simple polylines — a line between two ends is one stroke (a tick, with its
/// corner); four ends are two crossing strokes, the ends paired so that both run straightest
/// through the crossing. Each polyline is then fitted to the ink (straight pieces, the ends
/// where the ink stops, less a round cap's reach), its width read from the ink's coverage
/// across it, and its direction from the order in which its ink settled.
///
/// A stroke is believed (confidence over 0.5) only on stroke-like evidence: it is several times
/// longer than wide, one width along its length, its ink explained by the line, and the ink
/// settled progressively along it over several frames. Labels that appear at once, filled
/// shapes, dots and anything that moves away fail one of these and are tentative.
public enum OpenStrokeFinder {
    /// The confidence of a stroke with all the evidence; tentative ones get `weak`.
    public static let believed = 0.85
    public static let weak = 0.3

    /// Colours closer than this (premultiplied) to an ink's are its core.
    static let inkTolerance: Float = 60
    /// A pixel whose first and last colours differ by this much changed.
    static let changeThreshold: Float = 40
    /// Shapes of fewer core pixels are noise.
    static let minimumPixels = 12
    /// Larger shapes (a screen that changes) are not searched: thinning them costs too much and
    /// they are not a tick's ink.
    static let maximumPixels = 200_000
    /// A piece of ink more than this share of which lies within two pixels of another ink is
    /// that ink's anti-aliased fringe.
    static let fringeShare = 0.3

    public static func find(_ settling: InkSettling) -> [FoundStroke] {
        guard settling.frames >= 3, !settling.first.isEmpty else { return [] }
        let w = settling.width, h = settling.height
        let finals = settling.final.map { PremultipliedColour.of($0) }
        var gained = [Bool](repeating: false, count: w * h)
        var count = 0
        for i in 0..<(w * h) where settling.first[i] != settling.final[i] {
            if PremultipliedColour.distance(PremultipliedColour.of(settling.first[i]), finals[i]) >= changeThreshold {
                gained[i] = true; count += 1
            }
        }
        guard count >= minimumPixels, count <= maximumPixels else { return [] }
        var strokes: [FoundStroke] = []
        let inks = inks(settling, gained: gained, finals: finals)
        let masks = inks.map { ink in
            gained.indices.map { gained[$0] && PremultipliedColour.distance(finals[$0], PremultipliedColour.of(ink)) < inkTolerance }
        }
        let backgrounds = masks.map { backgroundColour(around: $0, finals: finals, width: w, height: h) }
        let contrasts = inks.indices.map { PremultipliedColour.distance(PremultipliedColour.of(inks[$0]), backgrounds[$0]) }
        for (k, ink) in inks.enumerated() {
            let mask = masks[k]
            let background = backgrounds[k]
            let coverage = Coverage(finals: finals, ink: PremultipliedColour.of(ink), background: background, width: w, height: h)
            for component in components(mask, width: w, height: h) where component.count >= minimumPixels {
                // The anti-aliased fringe of another ink (a thin line of in-between colours all
                // along its edge, fainter against the background) is that ink's edge, not a
                // stroke of its own.
                let others = masks.indices.filter { $0 != k && contrasts[$0] > contrasts[k] }.map { masks[$0] }
                let touching = component.filter { i in
                    let x = i % w, y = i / w
                    for dy in -2...2 { for dx in -2...2 {
                        let nx = x + dx, ny = y + dy
                        if nx >= 0, ny >= 0, nx < w, ny < h, others.contains(where: { $0[ny * w + nx] }) { return true }
                    } }
                    return false
                }.count
                if Double(touching) > fringeShare * Double(component.count) { continue }
                strokes += ComponentStrokes(pixels: component, ink: ink, settling: settling, coverage: coverage).strokes
            }
        }
        return strokes.sorted { $0.startFrame != $1.startFrame ? $0.startFrame < $1.startFrame : $0.points[0].x < $1.points[0].x }
    }

    /// The colours the changed pixels end in, most frequent first (up to four, each the mode of
    /// its core's exact colours).
    static func inks(_ settling: InkSettling, gained: [Bool], finals: [SIMD4<Float>]) -> [RGBA] {
        var taken = [Bool](repeating: false, count: gained.count)
        var out: [RGBA] = []
        for _ in 0..<4 {
            var counts: [UInt32: Int] = [:]
            for i in gained.indices where gained[i] && !taken[i] { counts[settling.final[i], default: 0] += 1 }
            guard let seed = counts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })?.key else { break }
            let target = PremultipliedColour.of(seed)
            var members = 0
            for i in gained.indices where gained[i] && !taken[i] && PremultipliedColour.distance(finals[i], target) < inkTolerance {
                taken[i] = true; members += 1
            }
            guard members >= minimumPixels else { continue }
            let bytes = seed.littleEndian
            out.append(RGBA(UInt8(bytes & 0xFF), UInt8((bytes >> 8) & 0xFF), UInt8((bytes >> 16) & 0xFF), UInt8(bytes >> 24)))
        }
        return out
    }

    /// The median final colour of the pixels two to four pixels outside `mask`: what the stroke
    /// is drawn over.
    static func backgroundColour(around mask: [Bool], finals: [SIMD4<Float>], width w: Int, height h: Int) -> SIMD4<Float> {
        func dilate(_ m: [Bool]) -> [Bool] {
            var out = m
            for y in 0..<h {
                for x in 0..<w where m[y * w + x] {
                    for dy in -1...1 { for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        if nx >= 0, ny >= 0, nx < w, ny < h { out[ny * w + nx] = true }
                    } }
                }
            }
            return out
        }
        let near = dilate(dilate(mask))
        let far = dilate(dilate(near))
        var channels: [[Float]] = [[], [], [], []]
        for i in mask.indices where far[i] && !near[i] {
            for c in 0..<4 { channels[c].append(finals[i][c]) }
        }
        guard !channels[0].isEmpty else { return .zero }
        return SIMD4(channels.map { $0.sorted()[$0.count / 2] })
    }

    /// Connected components of `mask`, as lists of pixel indices: 8-connected, or 4-connected
    /// (`diagonals` false: the background around 8-connected ink, whose holes a diagonal
    /// step between two ink pixels must not leak out of).
    static func components(_ mask: [Bool], width w: Int, height h: Int, diagonals: Bool = true) -> [[Int]] {
        var seen = [Bool](repeating: false, count: mask.count)
        var out: [[Int]] = []
        for start in mask.indices where mask[start] && !seen[start] {
            var list = [start], head = 0
            seen[start] = true
            while head < list.count {
                let p = list[head]; head += 1
                let x = p % w, y = p / w
                for dy in -1...1 { for dx in -1...1 where diagonals || dx == 0 || dy == 0 {
                    let nx = x + dx, ny = y + dy
                    guard nx >= 0, ny >= 0, nx < w, ny < h else { continue }
                    let q = ny * w + nx
                    if mask[q] && !seen[q] { seen[q] = true; list.append(q) }
                } }
            }
            out.append(list)
        }
        return out
    }
}

/// How much of a pixel the ink covers in the final frame: its colour projected on the line from
/// the background to the ink, clamped to [0, 1]; bilinear between pixel centres.
struct Coverage {
    let width: Int
    let height: Int
    private let values: [Float]

    init(finals: [SIMD4<Float>], ink: SIMD4<Float>, background: SIMD4<Float>, width: Int, height: Int) {
        self.width = width
        self.height = height
        let axis = ink - background
        let length2 = max((axis * axis).sum(), 1)
        values = finals.map { min(max((($0 - background) * axis).sum() / length2, 0), 1) }
    }

    subscript(x: Int, y: Int) -> Double {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return Double(values[y * width + x])
    }

    /// Bilinear coverage at `p` (pixel centres at +0.5).
    func at(_ p: Point) -> Double {
        let px = p.x - 0.5, py = p.y - 0.5
        let x0 = Int(px.rounded(.down)), y0 = Int(py.rounded(.down))
        let fx = px - Double(x0), fy = py - Double(y0)
        return self[x0, y0] * (1 - fx) * (1 - fy) + self[x0 + 1, y0] * fx * (1 - fy)
            + self[x0, y0 + 1] * (1 - fx) * fy + self[x0 + 1, y0 + 1] * fx * fy
    }
}
