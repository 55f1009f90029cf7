#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster
import StrokeGeometry

/// The open strokes of one connected piece of ink (`OpenStrokeFinder`): its skeleton split into
/// polylines, each fitted to the ink, oriented by the order its ink settled and judged.
struct ComponentStrokes {
    private(set) var strokes: [FoundStroke] = []

    init(pixels: [Int], ink: RGBA, settling: InkSettling, coverage: Coverage) {
        let w = settling.width
        let xs = pixels.map { $0 % w }, ys = pixels.map { $0 / w }
        let x0 = xs.min()! - 2, y0 = ys.min()! - 2
        let bw = xs.max()! - x0 + 3, bh = ys.max()! - y0 + 3
        var mask = [Bool](repeating: false, count: bw * bh)
        for (x, y) in zip(xs, ys) { mask[(y - y0) * bw + (x - x0)] = true }
        Self.fillSmallHoles(&mask, width: bw, height: bh, upTo: max(4, pixels.count / 20))
        var skeleton = StrokeSkeleton(mask: mask, width: bw, height: bh)
        let depths = skeleton.pixels.map { skeleton.distance[$0] }.sorted()
        guard !depths.isEmpty else { return }
        // A core of k pixels across has its middle pixel k/2 + 1/2 from the outside.
        let guessWidth = max(1, 2 * depths[depths.count / 2] - 1)
        skeleton.pruneSpurs(shorterThan: max(2, Int((0.75 * guessWidth).rounded())))
        let ends = skeleton.ends
        func centre(_ i: Int) -> Point { Point(x: Double(i % bw + x0) + 0.5, y: Double(i / bw + y0) + 0.5) }
        var chains: [[Int]] = []
        switch ends.count {
        case 2:
            guard let c = skeleton.path(from: ends[0], to: ends[1]) else { return }
            chains = [c]
        case 4:
            // Two crossing strokes: the pairing of the ends whose lines bend least.
            var best: (turn: Double, chains: [[Int]])?
            for pairing in [[(0, 1), (2, 3)], [(0, 2), (1, 3)], [(0, 3), (1, 2)]] {
                let cs = pairing.compactMap { skeleton.path(from: ends[$0.0], to: ends[$0.1]) }
                guard cs.count == 2 else { continue }
                let turn = cs.map { Self.turning(Self.simplify($0.map(centre), tolerance: max(1, 0.15 * guessWidth))) }.reduce(0, +)
                if best == nil || turn < best!.turn { best = (turn, cs) }
            }
            guard let best else { return }
            chains = best.chains
        default:
            return  // a dot, a closed loop, a letter: not simple open strokes
        }
        let paths = chains.map { $0.map(centre) }
        for (k, path) in paths.enumerated() {
            let others = paths.indices.filter { $0 != k }.flatMap { paths[$0] }
            let depth = chains[k].map { skeleton.distance[$0] }
            if let stroke = Self.stroke(path, depth: depth, others: others, guessWidth: guessWidth, ink: ink,
                                        settling: settling, coverage: coverage, componentPixels: pixels) {
                strokes.append(stroke)
            }
        }
    }

    /// Fills the holes of `mask` (pieces of background clear of its border) of at most `limit`
    /// pixels. A stroke's ink has none: a few pixels inside a wide stroke that a compressed
    /// movie's noise took off the ink's colour would make its skeleton a loop with no ends. A
    /// letter's or a ring's hole is far larger than a twentieth of its ink.
    static func fillSmallHoles(_ mask: inout [Bool], width w: Int, height h: Int, upTo limit: Int) {
        for hole in OpenStrokeFinder.components(mask.map { !$0 }, width: w, height: h, diagonals: false) where hole.count <= limit {
            let onBorder = hole.contains { i in i % w == 0 || i % w == w - 1 || i < w || i >= (h - 1) * w }
            if !onBorder { for i in hole { mask[i] = true } }
        }
    }

    /// One chain of skeleton pixel centres as a fitted, oriented, judged stroke.
    private static func stroke(_ path: [Point], depth: [Double], others: [Point], guessWidth: Double, ink: RGBA,
                               settling: InkSettling, coverage: Coverage, componentPixels: [Int]) -> FoundStroke? {
        guard path.count >= 2 else { return nil }
        // Near another stroke (the crossing) the skeleton and the ink belong to both.
        let clear = path.map { p in !others.contains { $0.distance(to: p) < guessWidth } }
        // Near a round cap thinning bends the line's last pixels: the pieces are fitted without
        // them (the ends are found from the ink below).
        let trim = Int((guessWidth / 2).rounded(.up))
        let fitted = path.count > 2 * trim + 3 ? Array(path[trim..<(path.count - trim)]) : path
        var vertices = simplify(fitted, tolerance: max(1, 0.1 * guessWidth)).compactMap { v in fitted.firstIndex(of: v) }
        // Pieces shorter than the line is wide are a corner's rounding or an end's hook: their
        // neighbours' lines meet there instead.
        let shortest = max(4, guessWidth)
        while vertices.count > 2 {
            let lengths = zip(vertices, vertices.dropFirst()).map { fitted[$0.0].distance(to: fitted[$0.1]) }
            guard let (k, l) = lengths.enumerated().min(by: { $0.1 < $1.1 }), l < shortest else { break }
            // Drop the piece's inner vertex (or, at an end, its vertex away from the end).
            if k == 0 { vertices.remove(at: 1) } else if k == lengths.count - 1 { vertices.remove(at: vertices.count - 2) } else {
                // The short piece between two long ones: both its vertices go, the neighbours meet.
                let middle = (vertices[k] + vertices[k + 1]) / 2
                vertices.replaceSubrange(k...(k + 1), with: [middle])
            }
        }
        var lines: [(c: Point, d: Point)] = []
        for (k0, k1) in zip(vertices, vertices.dropFirst()) where k1 > k0 {
            let margin = Int((guessWidth / 2).rounded(.up))
            var inner = Array((k0...k1).filter { $0 - k0 >= margin && k1 - $0 >= margin && clear[$0 + (fitted.count == path.count ? 0 : trim)] })
            if inner.count < 3 { inner = Array(k0...k1) }
            let line = fitLine(inner.map { fitted[$0] }, fallback: (fitted[k0], fitted[k1]))
            // Skeleton pixels lie on pixel centres: the ink's own centre across the line places it
            // to a fraction of a pixel (a 13 px bar centred between two rows).
            lines.append(recentred(line, over: inner.map { fitted[$0] }, halfReach: guessWidth / 2 + 2, coverage: coverage,
                                   avoiding: others, guessWidth: guessWidth))
        }
        guard !lines.isEmpty else { return nil }
        // Vertices where consecutive lines meet (nearly parallel ones are merged).
        var corners: [Point] = []
        var merged: [(c: Point, d: Point)] = [lines[0]]
        for line in lines.dropFirst() {
            let last = merged[merged.count - 1]
            let cross = last.d.x * line.d.y - last.d.y * line.d.x
            if abs(cross) < 0.17 { continue }  // within 10°
            let t = ((line.c.x - last.c.x) * line.d.y - (line.c.y - last.c.y) * line.d.x) / cross
            corners.append(last.c + last.d * t)
            merged.append(line)
        }
        // Orient each line along the path, then find where the ink ends at both ends.
        func oriented(_ line: (c: Point, d: Point), from a: Point, to b: Point) -> Point { (b - a).dot(line.d) >= 0 ? line.d : -line.d }
        let firstDir = oriented(merged[0], from: path[0], to: corners.first ?? path[path.count - 1])
        let lastDir = oriented(merged[merged.count - 1], from: corners.last ?? path[0], to: path[path.count - 1])
        func project(_ p: Point, on line: (c: Point, d: Point)) -> Point { line.c + line.d * (p - line.c).dot(line.d) }
        let startBase = project(path[0], on: merged[0]), endBase = project(path[path.count - 1], on: merged[merged.count - 1])
        guard let startTip = tip(from: startBase, direction: -firstDir, coverage: coverage, reach: 2 * guessWidth + 3),
              let endTip = tip(from: endBase, direction: lastDir, coverage: coverage, reach: 2 * guessWidth + 3) else { return nil }
        var points = [startTip] + corners + [endTip]
        // Lines that meet far off the ink (nearly parallel pieces) make no path of this shape.
        let limitX = Double(settling.width) + guessWidth, limitY = Double(settling.height) + guessWidth
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.x >= -guessWidth && $0.y >= -guessWidth && $0.x <= limitX && $0.y <= limitY }) else { return nil }
        // The width: the ink's coverage across the interior of each piece, per unit of length.
        var area = 0.0, run = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            let (s, l) = inkAcross(from: a, to: b, margin: guessWidth, halfReach: guessWidth / 2 + 2, coverage: coverage, avoiding: others, guessWidth: guessWidth)
            area += s; run += l
        }
        let lineWidth = run >= 3 ? area / run : guessWidth + 0.6
        guard lineWidth > 0.5 else { return nil }
        // Round caps reach half the width past the path's ends; a square end does not.
        let r = lineWidth / 2
        let cap: LineCap = lineWidth >= 3 && isRound(tip: startTip, direction: -firstDir, r: r, coverage: coverage)
            && isRound(tip: endTip, direction: lastDir, r: r, coverage: coverage) ? .round : .butt
        if cap == .round {
            points[0] = startTip + firstDir * r
            points[points.count - 1] = endTip - lastDir * r
        }
        // Which end the ink reached first, and whether it spread along the path.
        var times: [Double] = []
        let polylineLength = zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        guard polylineLength > 1 else { return nil }
        var d = 0.0
        while d <= polylineLength {
            let p = Polyline.point(along: points, at: d)
            if !others.contains(where: { $0.distance(to: p) < lineWidth }) {
                let x = Int(p.x.rounded(.down)), y = Int(p.y.rounded(.down))
                if x >= 0, y >= 0, x < settling.width, y < settling.height {
                    times.append(Double(settling.settled(y * settling.width + x)))
                }
            }
            d += 1
        }
        guard times.count >= 3 else { return nil }
        var rho = spearman(times)
        if rho < 0 {
            points.reverse()
            times.reverse()
            rho = -rho
        }
        let distinct = Set(times).count
        let startFrame = Int(times.prefix(max(1, times.count / 5)).min() ?? 0)

        var reasons: [String] = []
        if polylineLength < max(8, 2.5 * lineWidth) {
            reasons.append("short for its width (\(Int(polylineLength.rounded())) px long, \(Int(lineWidth.rounded())) px wide): a dot or a dash, not a stroke")
        }
        if distinct < 3 || rho < 0.8 {
            reasons.append("its ink does not appear progressively along it (settles over \(distinct) frame\(distinct == 1 ? "" : "s"), rank correlation \(Double(Int(rho * 100)) / 100)): a shape shown at once or moving, not a stroke drawn on")
        }
        let interiorDepths = depth.indices.filter { $0 >= depth.count / 5 && $0 < depth.count - depth.count / 5 && clear[$0] }.map { depth[$0] }.sorted()
        if interiorDepths.count >= 3 {
            let lo = interiorDepths[interiorDepths.count / 10], hi = interiorDepths[interiorDepths.count * 9 / 10]
            let median = interiorDepths[interiorDepths.count / 2]
            if hi - lo > max(1.5, 0.35 * 2 * median) {
                reasons.append("its width varies along its length: a filled shape, not a stroke of one width")
            }
        }
        // The line's last pixels, which thinning bends towards a round cap's rim (left out of
        // the fit above), are no measure of straightness: a compressed movie's ragged ink bends
        // them by half the width.
        let inner = path.count > 2 * trim + 3 ? trim..<(path.count - trim) : path.indices
        let deviation = inner.filter { clear[$0] }.map { Polyline.distance(path[$0], to: points) }.max() ?? 0
        if deviation > max(1.5, 0.3 * lineWidth) {
            reasons.append("its centre line strays \(Int(deviation.rounded())) px from straight pieces: not a simple polyline")
        }
        // The ink of the piece must be the line's: pixels farther off are another shape.
        let w = settling.width
        let beside = componentPixels.filter { i in
            let p = Point(x: Double(i % w) + 0.5, y: Double(i / w) + 0.5)
            return Polyline.distance(p, to: points) > r + 1.5 && !others.contains { $0.distance(to: p) < lineWidth }
        }.count
        if others.isEmpty, Double(beside) > 0.05 * Double(componentPixels.count) {
            reasons.append("\(Int(100 * Double(beside) / Double(componentPixels.count))) % of its ink lies beside the line: a filled shape")
        }
        // A stroke drawn on leaves no ink behind; a shape that slid into place (a bar, a label)
        // or a stroke that moved did, where its ink showed and went again while it was drawn.
        let inkColour = PremultipliedColour.of(ink)
        let reach = r + lineWidth
        var transient = 0, own = 0
        let xs = points.map(\.x), ys = points.map(\.y)
        let bx0 = max(0, Int((xs.min()! - reach).rounded(.down))), bx1 = min(w - 1, Int((xs.max()! + reach).rounded(.up)))
        let by0 = max(0, Int((ys.min()! - reach).rounded(.down))), by1 = min(settling.height - 1, Int((ys.max()! + reach).rounded(.up)))
        if bx0 <= bx1, by0 <= by1 {
            for y in by0...by1 {
                for x in bx0...bx1 {
                    let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    guard Polyline.distance(p, to: points) <= reach else { continue }
                    let i = y * w + x
                    let finalNear = PremultipliedColour.distance(PremultipliedColour.of(settling.final[i]), inkColour) < OpenStrokeFinder.inkTolerance
                    if finalNear { own += 1; continue }
                    // Ink gone before the stroke began is an earlier picture (a ring the HUD
                    // showed before its tick), not this stroke's trail.
                    if settling.settled(i) > startFrame,
                       PremultipliedColour.distance(PremultipliedColour.of(settling.extreme[i]), inkColour) < OpenStrokeFinder.inkTolerance { transient += 1 }
                }
            }
        }
        if Double(transient) > 0.05 * Double(max(own, 1)) {
            reasons.append("its ink showed beside it and went again (\(transient) px): something that moved into place, not a stroke drawn on")
        }
        return FoundStroke(points: points, lineWidth: lineWidth, cap: cap, ink: ink,
                           confidence: reasons.isEmpty ? OpenStrokeFinder.believed : OpenStrokeFinder.weak,
                           reasons: reasons, startFrame: startFrame)
    }

    // MARK: - Geometry

    /// Douglas–Peucker: the points of `path` kept (first and last always).
    static func simplify(_ path: [Point], tolerance: Double) -> [Point] {
        guard path.count > 2 else { return path }
        var keep = [Bool](repeating: false, count: path.count)
        keep[0] = true; keep[path.count - 1] = true
        var stack = [(0, path.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            var worst = -1.0, at = a
            for k in (a + 1)..<b {
                let d = Polyline.distance(path[k], toSegment: path[a], path[b])
                if d > worst { worst = d; at = k }
            }
            if worst > tolerance { keep[at] = true; stack.append((a, at)); stack.append((at, b)) }
        }
        return path.indices.filter { keep[$0] }.map { path[$0] }
    }

    /// The sum of turning angles along a polyline, in radians.
    static func turning(_ points: [Point]) -> Double {
        guard points.count >= 3 else { return 0 }
        var total = 0.0
        for k in 1..<(points.count - 1) {
            guard let a = (points[k] - points[k - 1]).normalized, let b = (points[k + 1] - points[k]).normalized else { continue }
            total += acos(min(1, max(-1, a.dot(b))))
        }
        return total
    }

    /// The total-least-squares line through `points` (`LeastSquares.line`): a point on it and
    /// its unit direction; the line from `fallback.0` to `fallback.1` when the points do not spread.
    static func fitLine(_ points: [Point], fallback: (Point, Point)) -> (c: Point, d: Point) {
        if let line = LeastSquares.line(through: points) { return (line.centre, line.direction) }
        return (fallback.0, (fallback.1 - fallback.0).normalized ?? Point(x: 1, y: 0))
    }

    /// `line` moved across itself onto the coverage-weighted centre of the ink beside `points`
    /// (away from other strokes); unchanged when that is not clear.
    static func recentred(_ line: (c: Point, d: Point), over points: [Point], halfReach: Double, coverage: Coverage,
                          avoiding others: [Point], guessWidth: Double) -> (c: Point, d: Point) {
        let ts = points.map { ($0 - line.c).dot(line.d) }
        guard let t0 = ts.min(), let t1 = ts.max(), t1 - t0 >= 2 else { return line }
        let a = line.c + line.d * t0, b = line.c + line.d * t1
        let x0 = Int(min(a.x, b.x) - halfReach - 1), x1 = Int(max(a.x, b.x) + halfReach + 1)
        let y0 = Int(min(a.y, b.y) - halfReach - 1), y1 = Int(max(a.y, b.y) + halfReach + 1)
        let normal = Point(x: -line.d.y, y: line.d.x)
        var sum = 0.0, weight = 0.0
        for y in y0...y1 {
            for x in x0...x1 {
                let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let q = p - line.c
                let t = q.dot(line.d), off = q.dot(normal)
                guard t >= t0, t <= t1, abs(off) <= halfReach else { continue }
                if others.contains(where: { $0.distance(to: p) < guessWidth + 1 }) { continue }
                let c = coverage[x, y]
                sum += c * off; weight += c
            }
        }
        guard weight > 0 else { return line }
        let shift = sum / weight
        return abs(shift) <= 1.5 ? (line.c + normal * shift, line.d) : line
    }

    /// Where the ink ends, walking from `start` along `direction`: the first place the coverage
    /// on the line falls to one half (nil when it never does within `reach`).
    static func tip(from start: Point, direction: Point, coverage: Coverage, reach: Double) -> Point? {
        var previous = coverage.at(start), t = 0.0
        guard previous >= 0.5 else {
            // The skeleton ended outside the core (a very thin line): step back until inside.
            var back = 0.0
            while back < reach { back += 0.25; if coverage.at(start - direction * back) >= 0.5 { return start - direction * (back - 0.125) } }
            return nil
        }
        while t < reach {
            t += 0.25
            let c = coverage.at(start + direction * t)
            if c < 0.5 {
                let f = previous > c ? (previous - 0.5) / (previous - c) : 0.5
                return start + direction * (t - 0.25 + 0.25 * f)
            }
            previous = c
        }
        return nil
    }

    /// Whether the ink past `r` before the tip is a half disc (round cap, π r²/2) rather than a
    /// rectangle (butt or square, 2 r²).
    static func isRound(tip: Point, direction: Point, r: Double, coverage: Coverage) -> Bool {
        let base = tip - direction * r
        var area = 0.0
        let reach = Int((2 * r + 3).rounded(.up))
        let cx = Int(tip.x.rounded(.down)), cy = Int(tip.y.rounded(.down))
        for y in (cy - reach)...(cy + reach) {
            for x in (cx - reach)...(cx + reach) {
                let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5) - base
                let along = p.dot(direction), across = abs(p.x * direction.y - p.y * direction.x)
                if along > 0, along < r + 2, across <= r + 1 { area += coverage[x, y] }
            }
        }
        return area < 1.785 * r * r
    }

    /// The ink's coverage summed over the pixels across the segment `a`–`b`, away from its ends
    /// by `margin` and from other strokes; with the length it spans.
    static func inkAcross(from a: Point, to b: Point, margin: Double, halfReach: Double, coverage: Coverage,
                          avoiding others: [Point], guessWidth: Double) -> (Double, Double) {
        let l = a.distance(to: b)
        guard l > 2 * margin + 1, let d = (b - a).normalized else { return (0, 0) }
        let x0 = Int(min(a.x, b.x) - halfReach - 1), x1 = Int(max(a.x, b.x) + halfReach + 1)
        let y0 = Int(min(a.y, b.y) - halfReach - 1), y1 = Int(max(a.y, b.y) + halfReach + 1)
        var sum = 0.0
        var excluded: [ClosedRange<Double>] = []
        for o in others {
            let t = (o - a).dot(d), off = abs((o - a).x * d.y - (o - a).y * d.x)
            if off < guessWidth { excluded.append((t - 1.5 * guessWidth)...(t + 1.5 * guessWidth)) }
        }
        for y in y0...y1 {
            for x in x0...x1 {
                let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5) - a
                let t = p.dot(d), off = abs(p.x * d.y - p.y * d.x)
                guard t >= margin, t < l - margin, off <= halfReach, !excluded.contains(where: { $0.contains(t) }) else { continue }
                sum += coverage[x, y]
            }
        }
        var length = l - 2 * margin
        // Merge the excluded stretches within the interior and take them off.
        let inside = excluded.map { (max($0.lowerBound, margin), min($0.upperBound, l - margin)) }.filter { $0.0 < $0.1 }
            .map { $0.0...$0.1 }.sorted { $0.lowerBound < $1.lowerBound }
        var covered = 0.0, reached = -Double.infinity
        for r in inside {
            let lo = max(r.lowerBound, reached)
            if r.upperBound > lo { covered += r.upperBound - lo }
            reached = max(reached, r.upperBound)
        }
        length -= covered
        return length > 0 ? (sum, length) : (0, 0)
    }

    /// Spearman's rank correlation of `values` with their order.
    static func spearman(_ values: [Double]) -> Double {
        let n = values.count
        guard n >= 2 else { return 0 }
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: n)
        var k = 0
        while k < n {
            var j = k
            while j + 1 < n && values[order[j + 1]] == values[order[k]] { j += 1 }
            let rank = Double(k + j) / 2
            for m in k...j { ranks[order[m]] = rank }
            k = j + 1
        }
        let mean = Double(n - 1) / 2
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for i in 0..<n {
            let a = Double(i) - mean, b = ranks[i] - mean
            sxy += a * b; sxx += a * a; syy += b * b
        }
        guard sxx > 0, syy > 0 else { return 0 }
        return sxy / (sxx * syy).squareRoot()
    }
}
