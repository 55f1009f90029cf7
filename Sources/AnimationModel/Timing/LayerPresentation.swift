import StrokeGeometry

/// What a layer shows at one instant, as `strokescope model` reports it (CLI-CONTRACT.md).
public struct LayerPresentation: Sendable, Equatable {
    public var values: LayerValues
    /// `arc`, `empty`, `full`, or `absent` (never `unknown`: a model is never unsure).
    public var state: StrokeState
    /// For paths on a circle: where the visible stroke starts and ends on screen, in degrees
    /// clockwise from 12 o'clock in [0, 360); nil when the drawn part has no two ends.
    public var startAngle: Double?
    public var endAngle: Double?
    /// Circle centre and radius on screen (points), for paths on a circle.
    public var center: Point?
    public var radius: Double?
}

extension ResolvedLayer {
    /// The layer's state and on-screen angles at model time `t`.
    public func presentation(at t: Double, mode: PointMode = .coreAnimation) -> LayerPresentation {
        let v = values(at: t)
        guard v.present else { return LayerPresentation(values: v, state: .absent) }
        let s = v.strokeStart, e = v.strokeEnd
        let state: StrokeState
        if geometry.strokePath.length <= 0 || s >= e {
            state = .empty
        } else if v.rawStrokeStart <= 0 && v.rawStrokeEnd >= 1 {
            state = .full
        } else {
            state = .arc
        }
        guard state != .empty, let arc = geometry.arcOnScreen(strokeStart: s, strokeEnd: e, rotation: v.rotation, mode: mode) else {
            return LayerPresentation(values: v, state: state)
        }
        return LayerPresentation(values: v, state: state, startAngle: arc.startAngle, endAngle: arc.endAngle,
                                 center: arc.center, radius: arc.radius)
    }
}
