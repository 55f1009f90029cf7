#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster
import StrokeGeometry

/// Measures how much of a known open path (a check-mark tick) is drawn, from its start: the
/// path is given in pixels (from the model, placed with the scale and offset found from the
/// ring). Ink read across the line at small steps along it finds the drawn run and a first
/// estimate of its end (by area); the end is then placed by fitting the predicted coverage of the
/// stroked prefix (segments, joins, caps: `PrefixCoverage`) to the pixels around it
/// (`StrokeEndFit`), which also holds at the path's corners, where the segments' ink overlaps.
public struct PolylineMeasurer: Sendable {
    public struct Measurement: Sendable, Equatable {
        public var state: StrokeState
        /// Drawn fraction of the path's length from its start (nil when empty).
        public var strokeEnd: Double?
        /// Where the drawn part begins, as a fraction (0 when drawn from the start).
        public var strokeStart: Double?
        /// Why the state is `unknown` (nil otherwise).
        public var note: String?

        public init(state: StrokeState, strokeEnd: Double? = nil, strokeStart: Double? = nil, note: String? = nil) {
            self.state = state
            self.strokeEnd = strokeEnd
            self.strokeStart = strokeStart
            self.note = note
        }
    }

    let step = 0.5
    /// The path's length, in pixels.
    public let length: Double
    /// The path's vertices, in pixels, as given.
    public let points: [Point]
    let lineWidth: Double
    let cap: LineCap
    /// Predicted coverage of the pixels near the path for every drawn length.
    let coverage: PrefixCoverage
    /// Per step along the path: sample offsets across the line (bilinear as 4 offsets + weights)
    /// and two background probes.
    private let offsets: [Int32]
    private let weights: [Float]
    private let probes: [Int32]
    private let across: Int
    private let steps: Int

    /// How far sampling runs past both ends of the path (pixels): caps and anti-aliasing lie there.
    let overhang: Double
    /// Pixels of path from its start that lie under another layer's ink (a tick that starts on
    /// its ring): a drawn part no longer than this cannot be told from that ink. Such a part
    /// reads `empty` when it is at most 5 % of the path (as near as a reading's tolerance),
    /// else `unknown`.
    public var coveredStart = 0.0
    /// Stretches of the path (pixels from its start) that run under other strokes' ink of the
    /// same colour (the crossing of a cross): an end found there cannot be told from that ink,
    /// and reads `unknown`.
    public var coveredSpans: [ClosedRange<Double>] = []

    /// - Parameters:
    ///   - points: the path's vertices in pixels (a polyline; curves flattened by the caller).
    ///   - lineWidth: in pixels.
    ///   - cap, join: the layer's `lineCap` and `lineJoin`.
    ///   - ignoring: pixels (x, y) whose ink belongs to another stroke (a found cross's other
    ///     bar), left out of the end fit.
    public init?(points original: [Point], lineWidth: Double, cap: LineCap, join: LineJoin = .miter,
                 canvasWidth: Int, canvasHeight: Int, ignoring: (@Sendable (Int, Int) -> Bool)? = nil) {
        guard original.count >= 2, lineWidth > 0 else { return nil }
        self.points = original
        // Extend the path straight on at both ends, so the ink beyond them is seen.
        let ext = lineWidth / 2 + 2
        var points = original
        if let u = (original[0] - original[1]).normalized, let v = (original[original.count - 1] - original[original.count - 2]).normalized {
            points[0] = original[0] + u * ext
            points[points.count - 1] = original[original.count - 1] + v * ext
        }
        overhang = ext
        var cumulative = [0.0]
        for i in 1..<points.count { cumulative.append(cumulative[i - 1] + points[i].distance(to: points[i - 1])) }
        length = cumulative.last! - 2 * ext
        guard length > 0 else { return nil }
        var along = [0.0]
        for i in 1..<original.count { along.append(along[i - 1] + original[i].distance(to: original[i - 1])) }
        coverage = PrefixCoverage(points: original, cumulative: along, lineWidth: lineWidth, cap: cap, join: join,
                                  canvasWidth: canvasWidth, canvasHeight: canvasHeight, ignoring: ignoring)
        self.lineWidth = lineWidth
        self.cap = cap
        let total = cumulative.last!
        steps = Int((total / step).rounded(.down)) + 1
        let half = lineWidth / 2 + 1
        across = Int((2 * half / 0.35).rounded(.up)) + 1
        var offsets = [Int32](repeating: -1, count: steps * across * 4)
        var weights = [Float](repeating: 0, count: steps * across * 4)
        var probes = [Int32](repeating: -1, count: steps * 2)
        var segment = 0
        for s in 0..<steps {
            let d = min(Double(s) * step, total)
            while segment < points.count - 2 && cumulative[segment + 1] < d { segment += 1 }
            let a = points[segment], b = points[segment + 1]
            let segLength = max(cumulative[segment + 1] - cumulative[segment], 1e-9)
            let f = (d - cumulative[segment]) / segLength
            let p = Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
            let nx = -(b.y - a.y) / segLength, ny = (b.x - a.x) / segLength
            for k in 0..<across {
                let o = -half + Double(k) * 0.35
                let px = p.x + nx * o - 0.5, py = p.y + ny * o - 0.5
                let x0 = Int(px.rounded(.down)), y0 = Int(py.rounded(.down))
                let fx = px - Double(x0), fy = py - Double(y0)
                let base = (s * across + k) * 4
                for (c, (x, y, wgt)) in [(x0, y0, (1 - fx) * (1 - fy)), (x0 + 1, y0, fx * (1 - fy)),
                                          (x0, y0 + 1, (1 - fx) * fy), (x0 + 1, y0 + 1, fx * fy)].enumerated()
                where x >= 0 && y >= 0 && x < canvasWidth && y < canvasHeight {
                    offsets[base + c] = Int32((y * canvasWidth + x) * 4)
                    weights[base + c] = Float(wgt)
                }
            }
            for (j, o) in [-(half + 1), half + 1].enumerated() {
                let x = Int((p.x + nx * o).rounded(.down)), y = Int((p.y + ny * o).rounded(.down))
                if x >= 0, y >= 0, x < canvasWidth, y < canvasHeight { probes[s * 2 + j] = Int32((y * canvasWidth + x) * 4) }
            }
        }
        self.offsets = offsets
        self.weights = weights
        self.probes = probes
    }

    /// Byte offsets of the pixels `measure` reads (with repeats).
    var pixelsRead: [Int] { (offsets + probes + coverage.offsets).filter { $0 >= 0 }.map(Int.init) }

    /// How much of the path is drawn in `image`, given the ink colour (straight RGBA).
    public func measure(_ image: RGBAImage, ink: RGBA) -> Measurement {
        var profile = [Double](repeating: 0, count: steps)
        var background: [SIMD4<Float>] = []
        let inkP = SIMD4<Float>(Float(ink.r) * Float(ink.a) / 255, Float(ink.g) * Float(ink.a) / 255,
                                Float(ink.b) * Float(ink.a) / 255, Float(ink.a))
        image.pixels.withUnsafeBufferPointer { px in
            for o in probes where o >= 0 { background.append(pixel(px, Int(o))) }
        }
        guard !background.isEmpty else { return Measurement(state: .empty) }
        let bg = ArcMeasurer.median(background)
        let axis = inkP - bg
        let axisLength2 = max((axis * axis).sum(), 1)
        image.pixels.withUnsafeBufferPointer { px in
            for s in 0..<steps {
                var total: Float = 0
                for k in 0..<across {
                    var acc = SIMD4<Float>.zero
                    for c in 0..<4 {
                        let o = Int(offsets[(s * across + k) * 4 + c])
                        guard o >= 0 else { continue }
                        acc += weights[(s * across + k) * 4 + c] * pixel(px, o)
                    }
                    total += min(max(((acc - bg) * axis).sum() / axisLength2, 0), 1)
                }
                profile[s] = Double(total) * 0.35 / lineWidth
            }
        }
        // The drawn part from the start: the run of inked steps that begins at the path's start
        // (other ink on the path — a crossing stroke, a label — does not count).
        let startIndex = Int((overhang / step).rounded())
        let reach = Int(((lineWidth + 1) / step).rounded(.up))
        let first = (max(0, startIndex - reach)...min(steps - 1, startIndex + reach)).first(where: { profile[$0] >= 0.5 })
        // A first estimate of the end, by area: the ink to the end of the run, measured from a
        // point inside it, less what a cap adds. (Near a corner the segments' ink overlaps and
        // this is off by up to about a line width; the fit below does not depend on it.)
        var estimate = 0.0
        if let first {
            var last = first
            while last + 1 < steps && profile[last + 1] >= 0.5 { last += 1 }
            let window = max(2, Int(((lineWidth / 2 + 2) / step).rounded(.up)))
            let p = max(first, last - window)
            var area = 0.0
            for k in p...min(steps - 1, last + window) { area += min(profile[k], 1.5) * step }
            estimate = min(length, max(0, Double(p) * step - step / 2 + area - cap.extraLength(lineWidth: lineWidth) - overhang))
        }
        // Observed coverage of the modelled pixels. Over a transparent background GIF pixels are
        // either kept or dropped (1-bit alpha): compare on/off.
        let binary = bg[3] < 128
        let observed: (Int) -> Double = { i in
            image.pixels.withUnsafeBufferPointer { px in
                let a = Double(((pixel(px, Int(coverage.offsets[i])) - bg) * axis).sum() / axisLength2)
                return binary ? (a >= 0.5 ? 1 : 0) : min(max(a, 0), 1)
            }
        }
        guard let end = fitEnd(estimate: first == nil ? nil : estimate, binary: binary, observed: observed) else {
            return Measurement(state: .empty)
        }
        if case .unknown(let note) = end { return Measurement(state: .unknown, note: note) }
        guard case .drawn(let endDistance) = end else { return Measurement(state: .empty) }
        // The rising edge at the start: half coverage where the ink begins, less what a cap adds.
        var startDistance = 0.0
        if let first, first > 0 {
            let a0 = profile[first - 1], a1 = profile[first]
            let crossing = (Double(first - 1) + (a1 != a0 ? min(max((0.5 - a0) / (a1 - a0), 0), 1) : 1)) * step
            let capReach: Double = cap == .round ? 0.433 * lineWidth : cap == .square ? lineWidth / 2 : 0
            startDistance = max(0, crossing + capReach - overhang)
            if startDistance <= step { startDistance = 0 }
        }
        let endFraction = endDistance / length
        if coveredStart > 0, endDistance <= coveredStart + lineWidth / 2 {
            return coveredStart <= 0.05 * length ? Measurement(state: .empty)
                : Measurement(state: .unknown, note: "the drawn part lies under another layer's ink, where its end cannot be told")
        }
        if endDistance < length - step, coveredSpans.contains(where: { $0.contains(endDistance) }) {
            return Measurement(state: .unknown, note: "the drawn end lies where the path runs under another stroke's ink")
        }
        let start = max(0, min(startDistance / length, endFraction))
        // Within a quarter pixel of both ends: the whole path is drawn.
        if start * length <= 0.25 && (1 - endFraction) * length <= 0.25 { return Measurement(state: .full, strokeEnd: 1, strokeStart: 0) }
        return Measurement(state: .arc, strokeEnd: endFraction, strokeStart: start)
    }
}
