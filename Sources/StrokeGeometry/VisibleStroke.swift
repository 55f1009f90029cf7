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
            state: .arc, strokeStart: s, strokeEnd: e,
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
        case .empty, .unknown, .absent:
            return []
        case .full:
            return subpaths.map { subpath in
                StrokePiece(
                    segments: elements[subpath.elementRange].map(\.segment), isClosed: subpath.isClosed)
            }
        case .arc:
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
