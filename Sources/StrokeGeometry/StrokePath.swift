/// A path as Core Animation measures and cuts it: lines and cubic Béziers (arcs, ovals and
/// quadratic curves already turned into cubics) grouped in subpaths, each with its length. All
/// coordinates in the path's own space (points, y down); lengths and distances in points.
public struct StrokePath: Sendable, Hashable {
    /// One line or cubic of the flattened path, with its place along the path.
    public struct Element: Sendable, Hashable {
        /// The geometry.
        public var segment: StrokeSegment
        /// Length in points (lines Euclidean; cubics by adaptive subdivision).
        public var length: Double
        /// Distance along the whole path (all subpaths) at which the element starts, in points.
        public var startDistance: Double
        /// Index into `StrokePath.subpaths`.
        public var subpathIndex: Int
        /// Index of the `BezierPath` element that produced this one.
        public var sourceIndex: Int
        /// `true` for the line a `close` adds back to the subpath's first point.
        public var isClosingLine: Bool
    }

    /// A run of connected elements that starts at a move (explicit or implied).
    public struct Subpath: Sendable, Hashable {
        /// The subpath's first point, in points.
        public var startPoint: Point
        /// Whether it ends with a `close` (its closing line is one of its elements).
        public var isClosed: Bool
        /// Its elements, as indices into `StrokePath.elements`.
        public var elementRange: Range<Int>
        /// Distance along the whole path at which it starts, in points.
        public var startDistance: Double
        /// Its length, closing line included, in points.
        public var length: Double
    }

    /// An arc element and how it was resolved, so that a loader can warn about ambiguous ones.
    public struct ArcReport: Sendable, Hashable {
        /// Index of the arc in `BezierPath.elements`.
        public var sourceIndex: Int
        /// The sweep, the rule that applied and the cubic segments.
        public var construction: ArcConstruction
    }

    /// Every line and cubic, in drawing order across all subpaths.
    public let elements: [Element]
    /// The subpaths that draw something (a lone move is dropped; it has no length and no ends).
    public let subpaths: [Subpath]
    /// Total length `L` over all subpaths, in points: what `strokeStart`/`strokeEnd` are fractions of.
    public let length: Double
    /// Every arc element, in path order, with the rule that decided its sweep.
    public let arcReports: [ArcReport]
    /// Indices of `BezierPath` elements Core Graphics ignores: a line, curve or close with no
    /// current point.
    public let ignoredElementIndices: [Int]

    /// Flattens `path`, resolving its arcs under `arcOptions`.
    public init(_ path: BezierPath, arcOptions: ArcOptions = ArcOptions()) {
        var builder = Builder()
        for (index, element) in path.elements.enumerated() {
            builder.add(element, sourceIndex: index, arcOptions: arcOptions)
        }
        builder.finishSubpath(closed: false)
        elements = builder.elements
        subpaths = builder.subpaths
        length = builder.distance
        arcReports = builder.arcReports
        ignoredElementIndices = builder.ignored
    }

    /// Accumulates elements the way Core Graphics tracks the current point and subpaths.
    private struct Builder {
        var elements: [Element] = []
        var subpaths: [Subpath] = []
        var arcReports: [ArcReport] = []
        var ignored: [Int] = []
        var distance = 0.0
        /// Where the next element starts, if anywhere.
        var currentPoint: Point?
        /// The subpath being built (its first point and first element index), if one is open.
        var open: (start: Point, firstElement: Int, startDistance: Double)?
        /// After a close, the next drawing element starts a new subpath at the closed one's start.
        var pendingStart: Point?

        mutating func finishSubpath(closed: Bool) {
            guard let open else { return }
            if elements.count > open.firstElement {
                subpaths.append(Subpath(
                    startPoint: open.start, isClosed: closed,
                    elementRange: open.firstElement..<elements.count,
                    startDistance: open.startDistance, length: distance - open.startDistance))
            }
            self.open = nil
        }

        mutating func begin(at point: Point) {
            finishSubpath(closed: false)
            open = (point, elements.count, distance)
            currentPoint = point
            pendingStart = nil
        }

        /// Makes sure a subpath is open for a drawing element; `false` if there is no current point.
        mutating func ensureOpen() -> Bool {
            if open != nil { return true }
            guard let start = pendingStart ?? currentPoint else { return false }
            begin(at: start)
            return true
        }

        mutating func append(_ segment: StrokeSegment, sourceIndex: Int, closing: Bool = false) {
            let length = segment.length
            elements.append(Element(
                segment: segment, length: length, startDistance: distance,
                subpathIndex: subpaths.count, sourceIndex: sourceIndex, isClosingLine: closing))
            distance += length
            currentPoint = segment.endPoint
        }

        mutating func add(_ element: PathElement, sourceIndex: Int, arcOptions: ArcOptions) {
            switch element {
            case .move(let point):
                begin(at: point)
            case .line(let to):
                guard ensureOpen(), let from = currentPoint else { ignored.append(sourceIndex); return }
                append(.line(from: from, to: to), sourceIndex: sourceIndex)
            case .quad(let to, let control):
                guard ensureOpen(), let from = currentPoint else { ignored.append(sourceIndex); return }
                append(.cubic(CubicBezier(quadFrom: from, control: control, to: to)), sourceIndex: sourceIndex)
            case .curve(let to, let control1, let control2):
                guard ensureOpen(), let from = currentPoint else { ignored.append(sourceIndex); return }
                append(.cubic(CubicBezier(from, control1, control2, to)), sourceIndex: sourceIndex)
            case .arc(let arc):
                let construction = arc.construction(options: arcOptions)
                arcReports.append(ArcReport(sourceIndex: sourceIndex, construction: construction))
                let start = arc.startPoint
                if ensureOpen(), let from = currentPoint {
                    // addArc joins the current point to the arc's start with a line.
                    if from != start { append(.line(from: from, to: start), sourceIndex: sourceIndex) }
                } else {
                    begin(at: start)
                }
                for cubic in construction.segments {
                    append(.cubic(cubic), sourceIndex: sourceIndex)
                }
            case .oval(let rect):
                let quarters = BezierPath.ovalQuarters(in: rect)
                begin(at: quarters[0].p0)
                for cubic in quarters { append(.cubic(cubic), sourceIndex: sourceIndex) }
                close(sourceIndex: sourceIndex)
            case .close:
                guard open != nil else {
                    // Nothing open: Core Graphics has nothing to close.
                    ignored.append(sourceIndex)
                    return
                }
                close(sourceIndex: sourceIndex)
            }
        }

        mutating func close(sourceIndex: Int) {
            guard let open, let from = currentPoint else { return }
            append(.line(from: from, to: open.start), sourceIndex: sourceIndex, closing: true)
            finishSubpath(closed: true)
            currentPoint = open.start
            pendingStart = open.start
        }
    }

    // MARK: - Points along the path

    /// A place on the path: the point, the direction of travel and where it is.
    public struct Location: Sendable, Hashable {
        /// The point, in points (path space).
        public var point: Point
        /// Unit direction of travel there; (0, 0) only where the path has no direction at all.
        public var tangent: Point
        /// Distance along the whole path, in points.
        public var distance: Double
        /// Index into `StrokePath.elements`.
        public var elementIndex: Int
        /// Parameter inside that element, in [0, 1].
        public var parameter: Double

        /// The same place mapped by `transform` (point and tangent; distances are unchanged by the
        /// rotations and translations layers use).
        public func applying(_ transform: AffineTransform) -> Location {
            var mapped = self
            mapped.point = transform.apply(to: point)
            mapped.tangent = transform.applyToVector(tangent).normalized ?? .zero
            return mapped
        }
    }

    /// Which element owns a distance that falls exactly on a boundary between elements.
    enum BoundarySide {
        /// The element that starts there (the start of a visible piece).
        case following
        /// The element that ends there (the end of a visible piece).
        case preceding
    }

    /// The place at `fraction` of the total length (clamped to [0, 1]); `nil` for a path with no
    /// elements. On a boundary between two elements the following one is used, except at the
    /// very end.
    public func location(atFraction fraction: Double, mode: PointMode = .coreAnimation) -> Location? {
        let f = min(max(fraction.isNaN ? 0 : fraction, 0), 1)
        return location(atDistance: f * length, side: f >= 1 ? .preceding : .following, mode: mode)
    }

    /// The point at `fraction` of the total length (clamped to [0, 1]), in points; `nil` for a path
    /// with no elements.
    public func point(atFraction fraction: Double, mode: PointMode = .coreAnimation) -> Point? {
        location(atFraction: fraction, mode: mode)?.point
    }

    /// The unit direction of travel at `fraction` of the total length; `nil` for a path with no
    /// elements.
    public func tangent(atFraction fraction: Double, mode: PointMode = .coreAnimation) -> Point? {
        location(atFraction: fraction, mode: mode)?.tangent
    }

    /// The place at `distance` points along the path (clamped to [0, L]).
    /// `tangents: false` leaves `tangent` at (0, 0), for callers that need only the point (the
    /// fit evaluates ends on screen hundreds of thousands of times).
    func location(atDistance distance: Double, side: BoundarySide, mode: PointMode, tangents: Bool = true) -> Location? {
        guard !elements.isEmpty else { return nil }
        let target = min(max(distance, 0), length)
        guard let index = elementIndex(holding: target, side: side) else {
            // Nothing has length: the path is a point (or several).
            return place(elementIndex: 0, parameter: 0, distance: 0, tangent: tangents)
        }
        let element = elements[index]
        let within = target - element.startDistance
        let parameter: Double
        switch mode {
        case .coreAnimation:
            parameter = min(max(within / element.length, 0), 1)
        case .exactArcLength:
            parameter = element.segment.parameter(atLength: within, totalLength: element.length)
        }
        return place(elementIndex: index, parameter: parameter, distance: target, tangent: tangents)
    }

    /// The element with non-zero length that holds `target`, choosing by `side` on a boundary.
    private func elementIndex(holding target: Double, side: BoundarySide) -> Int? {
        var firstWithLength: Int?
        var lastWithLength: Int?
        for (index, element) in elements.enumerated() where element.length > 0 {
            if firstWithLength == nil { firstWithLength = index }
            lastWithLength = index
            let end = element.startDistance + element.length
            switch side {
            case .following:
                if element.startDistance <= target && target < end { return index }
            case .preceding:
                if element.startDistance < target && target <= end { return index }
            }
        }
        return side == .following ? lastWithLength : firstWithLength
    }

    private func place(elementIndex index: Int, parameter: Double, distance: Double, tangent: Bool = true) -> Location {
        let segment = elements[index].segment
        return Location(
            point: segment.point(at: parameter),
            tangent: tangent ? direction(ofElement: index, at: parameter) : Point(x: 0, y: 0),
            distance: distance, elementIndex: index, parameter: parameter)
    }

    /// The unit direction at `parameter` of element `index`, borrowing from a neighbour in the same
    /// subpath when the element itself is a point.
    private func direction(ofElement index: Int, at parameter: Double) -> Point {
        if let t = elements[index].segment.unitTangent(at: parameter) { return t }
        let subpath = subpaths[elements[index].subpathIndex]
        for other in elements[subpath.elementRange][(index + 1)...] {
            if let t = other.segment.unitTangent(at: 0) { return t }
        }
        for other in elements[subpath.elementRange][..<index].reversed() {
            if let t = other.segment.unitTangent(at: 1) { return t }
        }
        return .zero
    }

    /// The place where subpath `index` starts (distance at its start, direction of its first
    /// element with length).
    func subpathStart(_ index: Int, tangent: Bool = true) -> Location {
        let subpath = subpaths[index]
        let first = subpath.elementRange.first { elements[$0].length > 0 } ?? subpath.elementRange.lowerBound
        var location = place(elementIndex: first, parameter: 0, distance: subpath.startDistance, tangent: tangent)
        location.point = subpath.startPoint
        return location
    }

    /// The place where subpath `index` ends (its last element with length, at parameter 1).
    func subpathEnd(_ index: Int, tangent: Bool = true) -> Location {
        let subpath = subpaths[index]
        let last = subpath.elementRange.last { elements[$0].length > 0 } ?? (subpath.elementRange.upperBound - 1)
        return place(elementIndex: last, parameter: 1, distance: subpath.startDistance + subpath.length, tangent: tangent)
    }
}
