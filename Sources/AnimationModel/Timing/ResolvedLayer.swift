import StrokeGeometry

/// One layer, resolved: its timeline and its top-level animations in the order they apply.
/// A class so that evaluating it at many instants never copies its arrays.
public final class ResolvedLayer: Sendable {
    public let name: String
    public let addedAt: Double
    /// nil = never removed.
    public let removedAt: Double?
    /// The path, placed in its frame.
    public let geometry: LayerGeometry
    public let style: ResolvedStyle
    let timeline: LayerTimeline
    let animations: [TopLevelAnimation]

    /// A top-level animation and the model-time window in which it is attached to the layer.
    struct TopLevelAnimation: Sendable {
        var animation: ResolvedAnimation
        /// Model time it was added.
        var addedAt: Double
        /// Model time from which a later animation under the same key replaced it.
        var replacedAt: Double
    }

    init(name: String, addedAt: Double, removedAt: Double?, geometry: LayerGeometry, style: ResolvedStyle,
         timeline: LayerTimeline, animations: [TopLevelAnimation]) {
        self.name = name
        self.addedAt = addedAt
        self.removedAt = removedAt
        self.geometry = geometry
        self.style = style
        self.timeline = timeline
        self.animations = animations
    }

    /// Whether any animation is ever attached to the layer (a static track has none).
    public var isAnimated: Bool { !animations.isEmpty }

    /// Values at model time `t`.
    public func values(at t: Double) -> LayerValues {
        let segment = timeline.segment(at: t)
        let present = t >= addedAt && (removedAt.map { t < $0 } ?? true)
        let model = AnimatedValues(strokeStart: segment.strokeStart, strokeEnd: segment.strokeEnd, rotation: 0)
        var values = model
        if present {
            let tp = LayerTimeline.localTime(segment, global: timeline.clockOrigin + t)
            animations.withUnsafeBufferPointer { list in
                for i in list.indices where t >= list[i].addedAt && t < list[i].replacedAt {
                    // Removed on completion: once the layer clock has passed its end, it is gone
                    // for good, even if a timing event later moves the clock back.
                    if list[i].animation.removedOnCompletion && list[i].animation.end.isFinite
                        && timeline.maximumLocalTime(from: list[i].addedAt, to: t) > list[i].animation.end { continue }
                    list[i].animation.apply(at: tp, to: &values, model: model, topLevel: true)
                }
            }
        }
        // Sums of huge values (additive, cumulative over many cycles) can overflow a double; what
        // overflows is shown as the layer's model value, never passed on as inf or NaN.
        return LayerValues(name: name, present: present,
                           rawStrokeStart: values.strokeStart.isFinite ? values.strokeStart : model.strokeStart,
                           rawStrokeEnd: values.strokeEnd.isFinite ? values.strokeEnd : model.strokeEnd,
                           rotation: values.rotation.isFinite ? values.rotation : 0)
    }

    /// The layer's own clock at model time `t` (seconds; `CACurrentMediaTime()` reads 10000
    /// at model time 0).
    public func localTime(at t: Double) -> Double { timeline.localTime(at: t) }
}
