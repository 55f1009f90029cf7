import StrokeGeometry

/// The region a stroke paints, as a union of closed polygons in pixel coordinates (x right, y down;
/// pixel (i, j) covers [i, i+1) × [j, j+1)).
///
/// Every polygon has a positive shoelace area (it runs clockwise on a y-down screen), so the
/// nonzero winding rule gives exactly their union however they overlap. The pieces are:
/// - per segment a ribbon between its two offset curves, ±`lineWidth/2` along the normal
///   (lines exactly; cubics flattened adaptively until the centre line and both offset curves lie
///   within `tolerance` pixels of their chords);
/// - a join wedge on the outer side of every turn between consecutive segments of a piece, and
///   between the last and first segment of a closed piece;
/// - a cap at both ends of an open piece (none for butt).
///
/// Where a curve bends tighter than `lineWidth/2` the strip between two neighbouring normals folds;
/// such strips are emitted as separate, re-oriented triangles, so the region stays the union of the
/// swept normals (the PostScript definition of a curve's stroke).
public struct StrokeOutline: Sendable, Hashable {
    /// Closed polygons in pixels (the last vertex connects back to the first), each with a positive
    /// shoelace area.
    public var polygons: [[Point]]

    /// Default flattening tolerance: the largest distance, in pixels, between a curve (centre line,
    /// offset curve or round cap/join arc) and the chords that replace it.
    public static let defaultTolerance = 0.002

    /// An outline made of given polygons (pixels). They should share one orientation for the
    /// nonzero rule to give their union; the rasteriser does not check.
    public init(polygons: [[Point]]) {
        self.polygons = polygons
    }

    /// The outline of the stroke of `pieces`.
    ///
    /// - Parameters:
    ///   - pieces: the drawn pieces, already in pixel coordinates (see `PixelMapping`). Segments
    ///     no longer than round-off (1e-9 of their coordinates) are skipped; an open piece with
    ///     no length at all draws a dot of diameter `lineWidth` with round caps and nothing
    ///     otherwise (its direction is unknown).
    ///   - lineWidth: the stroke's full width, in pixels; nothing is drawn unless it is finite and > 0.
    ///   - cap: the cap at both ends of every open piece.
    ///   - join: how consecutive segments meet.
    ///   - miterLimit: largest miter length over line width before a miter join is bevelled
    ///     (`LineJoin.defaultMiterLimit`, 10, as in Core Graphics).
    ///   - tolerance: flattening tolerance, in pixels (clamped to at least 1e-6).
    public init(
        pieces: [StrokePiece], lineWidth: Double, cap: LineCap = .butt, join: LineJoin = .miter,
        miterLimit: Double = LineJoin.defaultMiterLimit, tolerance: Double = StrokeOutline.defaultTolerance
    ) {
        guard lineWidth.isFinite, lineWidth > 0 else {
            polygons = []
            return
        }
        var builder = OutlineBuilder(
            halfWidth: lineWidth / 2, cap: cap, join: join,
            miterLimit: miterLimit.isNaN ? LineJoin.defaultMiterLimit : miterLimit,
            tolerance: max(tolerance.isFinite ? tolerance : StrokeOutline.defaultTolerance, 1e-6))
        for piece in pieces { builder.add(piece) }
        polygons = builder.polygons
    }

    /// The smallest rectangle holding every vertex, in pixels; `nil` when there are no polygons.
    public var bounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon {
                minX = min(minX, p.x)
                minY = min(minY, p.y)
                maxX = max(maxX, p.x)
                maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Total number of polygon vertices (a measure of how finely the stroke was flattened).
    public var vertexCount: Int { polygons.reduce(0) { $0 + $1.count } }
}

/// Turns pieces into positively oriented polygons.
struct OutlineBuilder {
    /// Half the line width, in pixels.
    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    let tolerance: Double
    /// Largest step, in radians, of a flattened circular arc of radius `halfWidth`.
    let arcStep: Double
    private(set) var polygons: [[Point]] = []

    /// Subdivision depth every cubic gets (2³ = 8 intervals), so that the midpoint test below sees
    /// nearly parabolic pieces.
    static let minimumDepth = 3
    /// Subdivision stops here whatever the error (2²² intervals).
    static let maximumDepth = 22
    /// Neighbouring normals of a flattened cubic differ by at most this angle (cos of 5°), which
    /// keeps strips convex wherever the curve is not folding.
    static let normalAgreement = 0.996_194_698_091_745_5

    init(halfWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double, tolerance: Double) {
        self.halfWidth = halfWidth
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.tolerance = tolerance
        // Sagitta h·(1 − cos(step/2)) ≤ tolerance; at most 22.5° so tiny widths still look round.
        let ratio = 1 - tolerance / halfWidth
        let step = ratio > -1 ? 2 * OutlineMath.acos(ratio) : Double.pi
        arcStep = min(step, Double.pi / 8)
    }

    /// A segment with a direction, and its directions at both ends.
    private struct DirectedSegment {
        var segment: StrokeSegment
        var startTangent: Point
        var endTangent: Point
    }

    mutating func add(_ piece: StrokePiece) {
        var directed: [DirectedSegment] = []
        directed.reserveCapacity(piece.segments.count)
        for segment in piece.segments {
            guard OutlineBuilder.isFinite(segment) else { return }
            // A segment no longer than round-off (e.g. the sliver a cut exactly on an element
            // boundary can leave) has no trustworthy direction: its joins would be noise.
            guard !OutlineBuilder.isNegligible(segment) else { continue }
            switch segment {
            case .line(let from, let to):
                guard let t = (to - from).normalized else { continue }
                directed.append(DirectedSegment(segment: segment, startTangent: t, endTangent: t))
            case .cubic(let c):
                guard let t0 = c.unitTangent(at: 0), let t1 = c.unitTangent(at: 1) else { continue }
                directed.append(DirectedSegment(segment: segment, startTangent: t0, endTangent: t1))
            }
        }
        guard let first = directed.first, let last = directed.last else {
            if cap == .round, !piece.isClosed, let point = piece.segments.first?.startPoint {
                addDot(at: point)
            }
            return
        }
        for (index, item) in directed.enumerated() {
            switch item.segment {
            case .line(let from, let to):
                addLineRibbon(from: from, to: to, tangent: item.startTangent)
            case .cubic(let c):
                addCubicRibbon(c)
            }
            if index > 0 {
                let previous = directed[index - 1]
                addJoin(at: item.segment.startPoint, incoming: previous.endTangent, outgoing: item.startTangent)
            }
        }
        if piece.isClosed {
            addJoin(at: first.segment.startPoint, incoming: last.endTangent, outgoing: first.startTangent)
        } else {
            addCap(at: first.segment.startPoint, outward: -first.startTangent)
            addCap(at: last.segment.endPoint, outward: last.endTangent)
        }
    }

    /// Whether the segment's control polygon is shorter than 1e-9 of its coordinates' magnitude
    /// (plus 1e-9 px): round-off, not geometry.
    static func isNegligible(_ segment: StrokeSegment) -> Bool {
        let points: [Point]
        switch segment {
        case .line(let from, let to): points = [from, to]
        case .cubic(let c): points = [c.p0, c.p1, c.p2, c.p3]
        }
        var extent = 0.0
        var magnitude = 1.0
        for index in points.indices {
            magnitude = max(magnitude, abs(points[index].x), abs(points[index].y))
            if index > 0 { extent += points[index].distance(to: points[index - 1]) }
        }
        return extent <= 1e-9 * magnitude
    }

    private static func isFinite(_ segment: StrokeSegment) -> Bool {
        func ok(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        switch segment {
        case .line(let from, let to): return ok(from) && ok(to)
        case .cubic(let c): return ok(c.p0) && ok(c.p1) && ok(c.p2) && ok(c.p3)
        }
    }

    // MARK: - Polygons

    /// Adds a polygon that is simple (or fans out from its first vertex), turning it to the positive
    /// orientation; drops it when it has no area.
    private mutating func addOriented(_ polygon: [Point]) {
        let area = OutlineMath.doubleSignedArea(polygon)
        if area > 0 {
            polygons.append(polygon)
        } else if area < 0 {
            polygons.append(polygon.reversed())
        }
    }

    // MARK: - Ribbons

    private mutating func addLineRibbon(from a: Point, to b: Point, tangent: Point) {
        let offset = OutlineMath.normal(tangent) * halfWidth
        // Right side forward, left side back: positive area for the y-down normal convention.
        polygons.append([a - offset, b - offset, b + offset, a + offset])
    }

    /// A point of the centre line with its unit normal.
    private struct Sample {
        var centre: Point
        var normal: Point
    }

    private func sample(_ curve: CubicBezier, at u: Double, fallback: Point) -> Sample {
        let tangent = curve.unitTangent(at: u) ?? fallback
        return Sample(centre: curve.point(at: u), normal: OutlineMath.normal(tangent))
    }

    /// Appends to `samples` the samples after `a` up to and including `b`, subdividing the
    /// parameter interval until the centre line and both offset curves are flat to `tolerance`.
    private func refine(
        _ curve: CubicBezier, _ a: Sample, _ ua: Double, _ b: Sample, _ ub: Double, depth: Int,
        into samples: inout [Sample]
    ) {
        if depth < OutlineBuilder.maximumDepth {
            let um = 0.5 * (ua + ub)
            let m = sample(curve, at: um, fallback: Point(b.normal.y, -b.normal.x))  // b's tangent
            var split = depth < OutlineBuilder.minimumDepth
                || a.normal.dot(b.normal) < OutlineBuilder.normalAgreement
            if !split {
                let h = halfWidth
                let centreError = OutlineMath.distance(m.centre, toLineThrough: a.centre, b.centre)
                let leftError = OutlineMath.distance(
                    m.centre + m.normal * h, toLineThrough: a.centre + a.normal * h, b.centre + b.normal * h)
                let rightError = OutlineMath.distance(
                    m.centre - m.normal * h, toLineThrough: a.centre - a.normal * h, b.centre - b.normal * h)
                split = max(centreError, leftError, rightError) > tolerance
            }
            if split {
                refine(curve, a, ua, m, um, depth: depth + 1, into: &samples)
                refine(curve, m, um, b, ub, depth: depth + 1, into: &samples)
                return
            }
        }
        samples.append(b)
    }

    private mutating func addCubicRibbon(_ curve: CubicBezier) {
        // The tangent's fallback only matters at an interior cusp, where unitTangent nudges anyway.
        guard let t0 = curve.unitTangent(at: 0), let t1 = curve.unitTangent(at: 1) else { return }
        let first = Sample(centre: curve.p0, normal: OutlineMath.normal(t0))
        let last = Sample(centre: curve.p3, normal: OutlineMath.normal(t1))
        var samples: [Sample] = [first]
        refine(curve, first, 0, last, 1, depth: 0, into: &samples)
        addRibbon(samples)
    }

    /// The strips between consecutive normals of `samples`: runs of well-formed strips become one
    /// ribbon polygon (right side forward, left side back — their winding numbers add up, since the
    /// shared normals cancel); folded or reversed strips are added on their own, re-oriented.
    private mutating func addRibbon(_ samples: [Sample]) {
        let h = halfWidth
        var right: [Point] = []
        var left: [Point] = []
        right.reserveCapacity(samples.count)
        left.reserveCapacity(samples.count)
        func flush(into polygons: inout [[Point]]) {
            if right.count >= 2 { polygons.append(right + left.reversed()) }
            right.removeAll(keepingCapacity: true)
            left.removeAll(keepingCapacity: true)
        }
        var previousRight = samples[0].centre - samples[0].normal * h
        var previousLeft = samples[0].centre + samples[0].normal * h
        right.append(previousRight)
        left.append(previousLeft)
        for s in samples.dropFirst() {
            let r = s.centre - s.normal * h
            let l = s.centre + s.normal * h
            if !OutlineBuilder.isPositiveSimpleQuad(previousRight, r, l, previousLeft) {
                flush(into: &polygons)
                addStrip([previousRight, r, l, previousLeft])
            }
            right.append(r)
            left.append(l)
            previousRight = r
            previousLeft = l
        }
        flush(into: &polygons)
    }

    /// Whether the quadrilateral does not cross itself and has a non-negative shoelace area.
    static func isPositiveSimpleQuad(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        if properlyCross(a, b, c, d) != nil || properlyCross(b, c, d, a) != nil { return false }
        // Shoelace sum over a → b → c → d → a.
        let twiceArea = (a.x * b.y - b.x * a.y) + (b.x * c.y - c.x * b.y)
            + (c.x * d.y - d.x * c.y) + (d.x * a.y - a.x * d.y)
        return twiceArea >= 0
    }

    /// Where segments `p`–`q` and `r`–`s` cross at a single interior point of both, if they do.
    static func properlyCross(_ p: Point, _ q: Point, _ r: Point, _ s: Point) -> Point? {
        let d1 = q - p
        let d2 = s - r
        let o1 = OutlineMath.cross(d1, r - p)
        let o2 = OutlineMath.cross(d1, s - p)
        let o3 = OutlineMath.cross(d2, p - r)
        let o4 = OutlineMath.cross(d2, q - r)
        guard (o1 < 0 && o2 > 0) || (o1 > 0 && o2 < 0), (o3 < 0 && o4 > 0) || (o3 > 0 && o4 < 0) else {
            return nil
        }
        let t = o3 / (o3 - o4)
        return p + d1 * t
    }

    /// A strip that is folded (its normals or sides cross) or runs backwards: split where it crosses
    /// itself into its two triangles, each added with the positive orientation.
    private mutating func addStrip(_ q: [Point]) {
        if let x = OutlineBuilder.properlyCross(q[0], q[1], q[2], q[3]) {
            addOriented([q[0], x, q[3]])
            addOriented([x, q[1], q[2]])
        } else if let x = OutlineBuilder.properlyCross(q[1], q[2], q[3], q[0]) {
            addOriented([q[0], q[1], x])
            addOriented([x, q[2], q[3]])
        } else {
            addOriented(q)
        }
    }

    // MARK: - Joins and caps

    /// The points of a circular arc about `centre` of radius `halfWidth`, from `centre + h·from`
    /// turning by `sweep` radians (from +x towards +y), both ends included. Inner vertices sit on a
    /// slightly larger radius so that the flattened arc encloses the true sector's area.
    private func arcPoints(centre: Point, from direction: Point, sweep: Double) -> [Point] {
        let count = max(1, Int((abs(sweep) / arcStep).rounded(.up)))
        let step = sweep / Double(count)
        let h = halfWidth
        let s = OutlineMath.sin(abs(step))
        let inner = s > 0 ? h * (abs(step) / s).squareRoot() : h
        var points: [Point] = []
        points.reserveCapacity(count + 1)
        points.append(centre + direction * h)
        if count > 1 {
            for index in 1..<count {
                points.append(centre + OutlineMath.rotate(direction, by: step * Double(index)) * inner)
            }
        }
        points.append(centre + OutlineMath.rotate(direction, by: sweep) * h)
        return points
    }

    private mutating func addJoin(at vertex: Point, incoming t0: Point, outgoing t1: Point) {
        let turn = OutlineMath.atan2(OutlineMath.cross(t0, t1), t0.dot(t1))
        // Tangent-continuous (a circle's quarter points): nothing sticks out.
        guard abs(turn) > 1e-12 else { return }
        // Turning towards the left normal leaves the right side outside, and vice versa.
        let side: Double = turn > 0 ? -1 : 1
        let n0 = OutlineMath.normal(t0) * side
        let n1 = OutlineMath.normal(t1) * side
        let h = halfWidth
        switch join {
        case .bevel:
            addOriented([vertex, vertex + n0 * h, vertex + n1 * h])
        case .miter:
            // Miter length over line width is 1/sin(θ/2) for the interior angle θ = π − |turn|.
            let halfInterior = OutlineMath.cos(turn / 2)
            if halfInterior > 0, 1 / halfInterior <= miterLimit, let bisector = (n0 + n1).normalized {
                let tip = vertex + bisector * (h / halfInterior)
                addOriented([vertex, vertex + n0 * h, tip, vertex + n1 * h])
            } else {
                addOriented([vertex, vertex + n0 * h, vertex + n1 * h])
            }
        case .round:
            addOriented([vertex] + arcPoints(centre: vertex, from: n0, sweep: turn))
        }
    }

    /// The cap at an end point, reaching out along the unit vector `outward`.
    private mutating func addCap(at end: Point, outward: Point) {
        let n = OutlineMath.normal(outward)
        let h = halfWidth
        switch cap {
        case .butt:
            return
        case .square:
            addOriented([end + n * h, end + n * h + outward * h, end - n * h + outward * h, end - n * h])
        case .round:
            // From +n through `outward` to −n: `outward` is n turned by −90°.
            addOriented(arcPoints(centre: end, from: n, sweep: -Double.pi))
        }
    }

    /// A disc of diameter `lineWidth`: the round-capped stroke of a piece with no length.
    private mutating func addDot(at centre: Point) {
        guard centre.x.isFinite, centre.y.isFinite else { return }
        var points = arcPoints(centre: centre, from: Point(1, 0), sweep: 2 * Double.pi)
        points.removeLast()  // the same point as the first
        addOriented(points)
    }
}
