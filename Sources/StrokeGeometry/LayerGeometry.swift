/// A shape layer's path, flattened and placed: everything needed to say where its stroke is on
/// screen for given `strokeStart`, `strokeEnd` and `transform.rotation.z` values.
public struct LayerGeometry: Sendable, Hashable {
    /// The path as built (path space, points).
    public let path: BezierPath
    /// The path as Core Animation measures and cuts it.
    public let strokePath: StrokePath
    /// The layer's frame.
    public let placement: LayerPlacement
    /// The circle the path lies on, when it is one arc or a circular oval (path space).
    public let circularArc: CircularArc?

    /// The geometry of a layer with `path`, `frame` (points, or `nil` for none) and arcs resolved
    /// under `arcOptions`.
    public init(path: BezierPath, frame: Rect? = nil, arcOptions: ArcOptions = ArcOptions()) {
        self.path = path
        self.strokePath = path.strokePath(arcOptions: arcOptions)
        self.placement = LayerPlacement(frame: frame)
        self.circularArc = path.circularArc(arcOptions: arcOptions)
    }

    /// The map from path space to screen (superlayer) space at `rotation` radians.
    public func pathToScreen(rotation: Double = 0) -> AffineTransform {
        placement.pathToScreen(rotation: rotation)
    }

    /// The visible stroke with its ends on screen, at `rotation` radians.
    public func visibleStroke(
        strokeStart: Double, strokeEnd: Double, rotation: Double = 0, mode: PointMode = .coreAnimation
    ) -> VisibleStroke {
        strokePath.visibleStroke(strokeStart: strokeStart, strokeEnd: strokeEnd, mode: mode)
            .applying(pathToScreen(rotation: rotation))
    }

    /// The drawn pieces on screen, at `rotation` radians (see `StrokePath.visiblePieces`).
    public func visiblePieces(
        strokeStart: Double, strokeEnd: Double, rotation: Double = 0, mode: PointMode = .coreAnimation
    ) -> [StrokePiece] {
        let transform = pathToScreen(rotation: rotation)
        return strokePath.visiblePieces(strokeStart: strokeStart, strokeEnd: strokeEnd, mode: mode)
            .map { $0.applying(transform) }
    }

    /// For a path on a circle: the circle and the on-screen angles of the visible stroke's ends at
    /// `rotation` radians; `nil` for any other path.
    public func arcOnScreen(
        strokeStart: Double, strokeEnd: Double, rotation: Double = 0, mode: PointMode = .coreAnimation
    ) -> ArcOnScreen? {
        guard let circle = circularArc else { return nil }
        let transform = pathToScreen(rotation: rotation)
        let centre = transform.apply(to: circle.center)
        // Only the ends' points are used: their tangents are not computed.
        let stroke = strokePath.visibleStroke(strokeStart: strokeStart, strokeEnd: strokeEnd, mode: mode, tangents: false)
        // A whole circle drawn whole is a ring without ends; anything else with two ends has angles.
        let showsEnds = stroke.hasTwoEnds && !(stroke.state == .full && circle.isFullCircle)
        func angle(_ location: StrokePath.Location?) -> Double? {
            guard showsEnds, let location else { return nil }
            return onScreenAngle(of: transform.apply(to: location.point), around: centre)
        }
        return ArcOnScreen(
            state: stroke.state, center: centre, radius: circle.radius,
            clockwise: circle.sweep >= 0,
            startAngle: angle(stroke.start), endAngle: angle(stroke.end))
    }
}
