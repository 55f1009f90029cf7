#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrokeGeometry

/// The predicted coverage of every pixel near an open polyline when its stroke is drawn from the
/// start up to a length `L` (pixels along the centre line), for every `L` at once.
///
/// Each pixel is sampled at `samples` points (a Fibonacci lattice, so that an edge of any
/// direction sweeping across the pixel changes the count in many small steps). For each sample
/// the *threshold* is the smallest drawn length at which the stroked prefix covers it: the
/// segments drawn so far (butt ends at `L`), the join at every vertex already passed, and the
/// caps (round: a disc at the end; square: half a line width beyond it; the start cap is there
/// as soon as anything is drawn). The prefix strokes are nested (a longer prefix covers everything
/// a shorter one does) for butt caps, and for round caps with round or miter joins, so a sample
/// is inside for every `L` at or past its threshold, and a pixel's coverage at `L` is the share
/// of its thresholds ≤ `L`. (A square cap, or a round cap with a bevel join, reaching past a
/// corner covers a little ink there that the turned stroke does not; the model keeps it: its
/// threshold is where a sample is first covered.)
///
/// Thresholds are sorted per pixel, so a coverage is a binary search and a fit can sweep `L`
/// through every change of the prediction exactly (`StrokeEndFit`).
struct PrefixCoverage: Sendable {
    /// Samples per pixel (a Fibonacci number: the lattice is then well spread in every direction).
    static let samples = 89
    /// Samples that must be covered for a pixel to be predicted "on" in a 1-bit picture: more than
    /// half (GIF transparency keeps a pixel when its alpha, coverage · 255, reaches 128).
    static let halfCount = samples / 2 + 1
    /// Where the start cap appears: drawn length just above 0, so that `L = 0` predicts no ink.
    static let startThreshold: Float = 1e-4

    /// Byte offset (RGBA) of each modelled pixel in the canvas.
    let offsets: [Int32]
    /// `samples` sorted thresholds per pixel (pixels after each other); `.infinity` for samples
    /// the whole stroke does not cover.
    let thresholds: [Float]
    /// Per pixel: its first and its last finite threshold.
    let firstThreshold: [Float]
    let lastThreshold: [Float]

    var pixelCount: Int { offsets.count }

    /// Samples of pixel `i` covered when the prefix of length `length` is drawn.
    func count(_ i: Int, at length: Float) -> Int {
        var lo = i * Self.samples, hi = lo + Self.samples
        // First threshold above `length`.
        while lo < hi {
            let mid = (lo + hi) / 2
            if thresholds[mid] <= length { lo = mid + 1 } else { hi = mid }
        }
        return lo - i * Self.samples
    }

    /// - Parameters:
    ///   - points: the path's vertices in pixels (at least two).
    ///   - cumulative: distance along the path of each vertex (pixels), starting at 0.
    ///   - lineWidth, cap, join, miterLimit: the stroke's style (miter limit as Core Graphics, 10).
    /// `ignoring`: pixels (x, y) left out of the model, whose ink is another stroke's (where a
    /// found cross's bars meet): the end fit then neither wants nor fears ink there.
    init(points: [Point], cumulative: [Double], lineWidth: Double, cap: LineCap, join: LineJoin,
         miterLimit: Double = 10, canvasWidth: Int, canvasHeight: Int, ignoring: (@Sendable (Int, Int) -> Bool)? = nil) {
        let r = lineWidth / 2
        let s = Self.samples
        // The lattice: sample k at ((k + ½) / s, frac(k · 55 / s) + ½ / s) within the pixel.
        var lattice: [(Double, Double)] = []
        for k in 0..<s {
            let fx: Double = (Double(k) + 0.5) / Double(s)
            let fy: Double = (Double((k * 55) % s) + 0.5) / Double(s)
            lattice.append((fx, fy))
        }
        // The area that can be inked: the path's box grown by a cap's reach (a square cap's
        // corner lies r·√2 from the end) and a miter tip (at most miterLimit · r from its vertex).
        let reach = r * max(1.5, min(miterLimit, 10)) + 1
        let xs = points.map(\.x), ys = points.map(\.y)
        let x0 = max(0, Int(saturating: (xs.min()! - reach).rounded(.down))), x1 = min(canvasWidth - 1, Int((xs.max()! + reach).rounded(.up)))
        let y0 = max(0, Int(saturating: (ys.min()! - reach).rounded(.down))), y1 = min(canvasHeight - 1, Int((ys.max()! + reach).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else {
            offsets = []; thresholds = []; firstThreshold = []; lastThreshold = []
            return
        }
        let boxWidth = x1 - x0 + 1
        // Slot of each pixel of the box in `values`, allocated when something can cover it.
        var slot = [Int32](repeating: -1, count: boxWidth * (y1 - y0 + 1))
        var values: [Float] = []
        var pixels: [Int32] = []

        /// Runs `threshold` over every sample of every pixel whose square meets `box` and keeps
        /// the smallest drawn length it returns (nil: this piece never covers the sample).
        func visit(minX: Double, minY: Double, maxX: Double, maxY: Double, _ threshold: (Point) -> Double?) {
            let ax = max(x0, Int(minX.rounded(.down))), bx = min(x1, Int(maxX.rounded(.down)))
            let ay = max(y0, Int(minY.rounded(.down))), by = min(y1, Int(maxY.rounded(.down)))
            guard ax <= bx, ay <= by else { return }
            for y in ay...by {
                for x in ax...bx {
                    if let ignoring, ignoring(x, y) { continue }
                    let cell = (y - y0) * boxWidth + (x - x0)
                    for (k, (fx, fy)) in lattice.enumerated() {
                        guard let t = threshold(Point(Double(x) + fx, Double(y) + fy)) else { continue }
                        var index = slot[cell]
                        if index < 0 {
                            index = Int32(pixels.count)
                            slot[cell] = index
                            pixels.append(Int32((y * canvasWidth + x) * 4))
                            values.append(contentsOf: repeatElement(Float.infinity, count: s))
                        }
                        let v = Float(max(t, Double(Self.startThreshold)))
                        let at = Int(index) * s + k
                        if v < values[at] { values[at] = v }
                    }
                }
            }
        }

        let n = points.count
        var directions: [Point] = []
        for k in 0..<(n - 1) { directions.append((points[k + 1] - points[k]).normalized ?? Point(1, 0)) }
        // Each segment: its body (drawn up to L) and the end cap while the end lies on it.
        for k in 0..<(n - 1) {
            let a = points[k], b = points[k + 1], u = directions[k]
            let normal = Point(-u.y, u.x)
            let length = cumulative[k + 1] - cumulative[k]
            let start = cumulative[k]
            let grow = cap == .butt ? r : r * 1.5
            visit(minX: min(a.x, b.x) - grow, minY: min(a.y, b.y) - grow, maxX: max(a.x, b.x) + grow, maxY: max(a.y, b.y) + grow) { q in
                let d = q - a
                let across = abs(d.dot(normal))
                guard across <= r else { return nil }
                let along = d.dot(u)
                // The end positions (along this segment) at which the end's cap or the body covers q.
                let lo: Double, hi: Double
                switch cap {
                case .butt: lo = along; hi = length
                case .round:
                    let h = (r * r - across * across).squareRoot()
                    lo = along - h; hi = along + h
                case .square: lo = along - r; hi = along
                }
                // The body covers q from L = start + along on (0 ≤ along ≤ length); a cap from lo.
                if cap == .butt {
                    return along >= 0 && along <= length ? start + along : nil
                }
                guard hi >= 0, lo <= length else { return nil }
                return start + max(0, lo)
            }
        }
        // The start cap: there as soon as anything is drawn.
        if cap != .butt {
            let a = points[0], u = directions[0]
            let normal = Point(-u.y, u.x)
            visit(minX: a.x - r * 1.5, minY: a.y - r * 1.5, maxX: a.x + r * 1.5, maxY: a.y + r * 1.5) { q in
                let d = q - a
                if cap == .round { return d.dot(d) <= r * r ? 0 : nil }
                let along = d.dot(u)
                return along >= -r && along <= 0 && abs(d.dot(normal)) <= r ? 0 : nil
            }
        }
        // Joins: the outer wedge at a vertex appears once the end has passed it.
        for k in 1..<max(1, n - 1) {
            let p = points[k], u0 = directions[k - 1], u1 = directions[k]
            let turn = u0.x * u1.y - u0.y * u1.x
            let cosine = u0.dot(u1)
            guard abs(turn) > 1e-9 || cosine < 0 else { continue }  // straight on: nothing to add
            let at = cumulative[k]
            // The outer side is away from the turn.
            let sign: Double = turn > 0 ? -1 : 1
            let o0 = Point(-u0.y, u0.x) * sign, o1 = Point(-u1.y, u1.x) * sign
            let c0 = p + o0 * r, c1 = p + o1 * r
            var polygon: [Point]
            switch join {
            case .round:
                visit(minX: p.x - r, minY: p.y - r, maxX: p.x + r, maxY: p.y + r) { q in
                    let d = q - p
                    return d.dot(d) <= r * r ? at : nil
                }
                continue
            case .bevel:
                polygon = [p, c0, c1]
            case .miter:
                // Half the turn's supplement: the miter is r / cos(φ/2) from the vertex.
                let halfCos = ((1 + cosine) / 2).squareRoot()
                if halfCos > 0, 1 / halfCos <= miterLimit, let bisector = (o0 + o1).normalized {
                    polygon = [p, c0, p + bisector * (r / halfCos), c1]
                } else {
                    polygon = [p, c0, c1]
                }
            }
            let pxs = polygon.map(\.x), pys = polygon.map(\.y)
            visit(minX: pxs.min()!, minY: pys.min()!, maxX: pxs.max()!, maxY: pys.max()!) { q in
                Self.inside(q, convex: polygon) ? at : nil
            }
        }
        // Sort each pixel's thresholds; note the first and last finite one.
        var first: [Float] = [], last: [Float] = []
        for i in 0..<pixels.count {
            let range = (i * s)..<((i + 1) * s)
            values[range].sort()
            first.append(values[range.lowerBound])
            last.append(values[range].last { $0.isFinite } ?? values[range.lowerBound])
        }
        offsets = pixels
        thresholds = values
        firstThreshold = first
        lastThreshold = last
    }

    /// Whether `q` lies in the convex polygon (either orientation, edges included).
    static func inside(_ q: Point, convex polygon: [Point]) -> Bool {
        var sign = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let c = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)
            if abs(c) < 1e-12 { continue }
            if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false }
        }
        return true
    }
}
