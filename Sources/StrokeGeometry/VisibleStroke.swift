/// What a `CAShapeLayer` draws for a pair of `strokeStart`/`strokeEnd` values (CA-TIMING.md §5.1).
public enum StrokeState: String, Sendable, Hashable, CaseIterable {
    /// Nothing: `max(strokeStart, 0) ≥ min(strokeEnd, 1)` (not even a cap dot), or a path of
    /// zero length.
    case empty
    /// The whole path as it is: `strokeStart ≤ 0` and `strokeEnd ≥ 1`. Closed subpaths keep their
    /// joins and have no ends; open ones (a 300° arc, a tick) still show both ends with caps.
    case full
    /// A cut piece (or pieces) of the path, open, with caps at both cut ends.
    case partial
}

/// A line cap (`CAShapeLayer.lineCap`).
public enum LineCap: String, Sendable, Hashable, CaseIterable {
    /// Ends exactly at the end point (the default).
    case butt
    /// A half-disc of radius `lineWidth/2` beyond the end point.
    case round
    /// A half-square reaching `lineWidth/2` beyond the end point along the tangent.
    case square

    /// How far the cap reaches beyond the end point along the direction of travel, in points:
    /// 0 for butt, `lineWidth/2` for square and round (the tip of the half-disc).
    public func reach(lineWidth: Double) -> Double {
        self == .butt ? 0 : abs(lineWidth) / 2
    }

    /// The extra angle, in radians (≥ 0), that this cap adds beyond an end of a stroke along a
    /// circle of radius `radius` points; about `(lineWidth/2)/radius` for round and square caps.
    ///
    /// - `.farthestPoint`: the largest angle about the circle's centre that any point of the cap
    ///   reaches — for a round cap the point where a line from the centre grazes the half-disc,
    ///   `asin(h/r)`; for a square cap its inner corner, `atan2(h, r − h)` (h = lineWidth/2).
    /// - `.centreLine`: how far the cap covers the stroke's centre circle —
    ///   `2·asin(h/(2r))` for round, and the angle at which the circle leaves the square for square.
    public func extraAngle(lineWidth: Double, radius: Double, measure: CapAngleMeasure = .farthestPoint) -> Double {
        let h = abs(lineWidth) / 2
        let r = abs(radius)
        guard self != .butt, h > 0 else { return 0 }
        guard r > 0 else { return Double.pi / 2 }
        switch (self, measure) {
        case (.round, .farthestPoint):
            return arcSine(min(h / r, 1))
        case (.round, .centreLine):
            return 2 * arcSine(min(h / (2 * r), 1))
        case (.square, .farthestPoint):
            return arcTangent2(h, r - h)
        case (.square, .centreLine):
            // The circle leaves the square through its far side (r·sin φ = h) or, on a tight
            // circle, through its inner side (r·(1 − cos φ) = h), whichever comes first.
            return min(arcSine(min(h / r, 1)), arcCosine(max(1 - h / r, -1)))
        case (.butt, _):
            return 0
        }
    }
}

/// Which point of a cap `LineCap.extraAngle` measures.
public enum CapAngleMeasure: String, Sendable, Hashable, CaseIterable {
    /// The cap's point with the largest angle about the circle's centre.
    case farthestPoint
    /// Where the cap ends along the stroke's centre circle.
    case centreLine
}

/// The visible stroke of a path for one pair of `strokeStart`/`strokeEnd` values.
public struct VisibleStroke: Sendable, Hashable {
    /// What is drawn.
    public var state: StrokeState
    /// `strokeStart` clamped to [0, 1] (a fraction of the path length).
    public var strokeStart: Double
    /// `strokeEnd` clamped to [0, 1] (a fraction of the path length).
    public var strokeEnd: Double
    /// Where the drawn stroke begins, when it has an end there: the cut at `strokeStart` for a
    /// partial stroke; for a full one, the path's first point if its first subpath is open.
    public var start: StrokePath.Location?
    /// Where the drawn stroke ends, when it has an end there: the cut at `strokeEnd` for a partial
    /// stroke; for a full one, the path's last point if its last subpath is open.
    public var end: StrokePath.Location?

    /// A visible stroke from its parts (see the properties).
    public init(
        state: StrokeState, strokeStart: Double, strokeEnd: Double,
        start: StrokePath.Location?, end: StrokePath.Location?
    ) {
        self.state = state
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
        self.start = start
        self.end = end
    }

    /// Whether the drawn part has two ends (and so two caps): every partial stroke, and a full
    /// stroke of a path that begins and ends open (an arc short of a circle, a tick).
    public var hasTwoEnds: Bool { start != nil && end != nil }

    /// The tip of the cap at the stroke's start, in points: the start point moved back along the
    /// tangent by `cap.reach(lineWidth:)` (a square cap's far edge centre, a round cap's apex).
    public func startCapTip(cap: LineCap, lineWidth: Double) -> Point? {
        start.map { $0.point - $0.tangent * cap.reach(lineWidth: lineWidth) }
    }

    /// The tip of the cap at the stroke's end, in points: the end point moved on along the tangent
    /// by `cap.reach(lineWidth:)`.
    public func endCapTip(cap: LineCap, lineWidth: Double) -> Point? {
        end.map { $0.point + $0.tangent * cap.reach(lineWidth: lineWidth) }
    }

    /// The same stroke with its end places mapped by `transform` (e.g. path space → screen).
    public func applying(_ transform: AffineTransform) -> VisibleStroke {
        var mapped = self
        mapped.start = start?.applying(transform)
        mapped.end = end?.applying(transform)
        return mapped
    }
}

/// One connected piece of a drawn stroke, ready to render: its segments in drawing order.
public struct StrokePiece: Sendable, Hashable {
    /// Lines and cubics, each starting where the previous one ends (points).
    public var segments: [StrokeSegment]
    /// Whether the piece is a closed subpath drawn whole (joins all round, no caps).
    public var isClosed: Bool

    /// A piece from its segments.
    public init(segments: [StrokeSegment], isClosed: Bool) {
        self.segments = segments
        self.isClosed = isClosed
    }

    /// Length of the piece, in points.
    public var length: Double { segments.reduce(0) { $0 + $1.length } }

    /// The piece mapped by `transform` (e.g. path space → screen).
    public func applying(_ transform: AffineTransform) -> StrokePiece {
        StrokePiece(segments: segments.map { $0.applying(transform) }, isClosed: isClosed)
    }
}

extension StrokePath {
    /// The stroke drawn for `strokeStart`/`strokeEnd` (fractions of `length`), by the renderer's
    /// rule: `s = max(strokeStart, 0)`, `e = min(strokeEnd, 1)`; `s ≥ e` → empty; `s = 0, e = 1` →
    /// the whole path; otherwise the piece between `s·L` and `e·L`, cut as `mode` says. A path of
    /// zero length is reported empty (CLI-CONTRACT.md).
    public func visibleStroke(
        strokeStart: Double, strokeEnd: Double, mode: PointMode = .coreAnimation
    ) -> VisibleStroke {
        visibleStroke(strokeStart: strokeStart, strokeEnd: strokeEnd, mode: mode, tangents: true)
    }

    /// As above; `tangents: false` leaves the ends' tangents at (0, 0) (only points wanted).
    func visibleStroke(
        strokeStart: Double, strokeEnd: Double, mode: PointMode, tangents: Bool
    ) -> VisibleStroke {
        let s = max(strokeStart, 0)
        let e = min(strokeEnd, 1)
        let shownStart = min(s, 1)
        let shownEnd = max(e, 0)
        guard !s.isNaN, !e.isNaN, s < e, length > 0 else {
            return VisibleStroke(
                state: .empty, strokeStart: shownStart.isNaN ? 0 : shownStart,
                strokeEnd: shownEnd.isNaN ? 0 : shownEnd, start: nil, end: nil)
        }
        if s == 0 && e == 1 {
            let first = subpaths.first!
            let last = subpaths.last!
            return VisibleStroke(
                state: .full, strokeStart: 0, strokeEnd: 1,
                start: first.isClosed ? nil : subpathStart(0, tangent: tangents),
                end: last.isClosed ? nil : subpathEnd(subpaths.count - 1, tangent: tangents))
        }
        return VisibleStroke(
            state: .partial, strokeStart: s, strokeEnd: e,
            start: location(atDistance: s * length, side: .following, mode: mode, tangents: tangents),
            end: location(atDistance: e * length, side: .preceding, mode: mode, tangents: tangents))
    }

    /// The drawn geometry for `strokeStart`/`strokeEnd`: nothing when empty; every subpath as it is
    /// (closed ones closed) when full; otherwise the open pieces between the two cuts, one per
    /// subpath they cross (elements of zero length left out).
    public func visiblePieces(
        strokeStart: Double, strokeEnd: Double, mode: PointMode = .coreAnimation
    ) -> [StrokePiece] {
        let stroke = visibleStroke(strokeStart: strokeStart, strokeEnd: strokeEnd, mode: mode)
        switch stroke.state {
        case .empty:
            return []
        case .full:
            return subpaths.map { subpath in
                StrokePiece(
                    segments: elements[subpath.elementRange].map(\.segment), isClosed: subpath.isClosed)
            }
        case .partial:
            guard let start = stroke.start, let end = stroke.end,
                  start.elementIndex <= end.elementIndex else { return [] }
            var pieces: [StrokePiece] = []
            var current: [StrokeSegment] = []
            var currentSubpath = elements[start.elementIndex].subpathIndex
            for index in start.elementIndex...end.elementIndex where elements[index].length > 0 {
                let element = elements[index]
                if element.subpathIndex != currentSubpath {
                    if !current.isEmpty { pieces.append(StrokePiece(segments: current, isClosed: false)) }
                    current = []
                    currentSubpath = element.subpathIndex
                }
                let u0 = index == start.elementIndex ? start.parameter : 0
                let u1 = index == end.elementIndex ? end.parameter : 1
                guard u0 < u1 else { continue }
                current.append(element.segment.portion(from: u0, to: u1))
            }
            if !current.isEmpty { pieces.append(StrokePiece(segments: current, isClosed: false)) }
            return pieces
        }
    }
}
