import StrokeGeometry

/// A model with every expression evaluated for one set of variable values: ready to be
/// evaluated at any model time. Build it once per parameter set (the fit rebuilds it when it
/// changes a variable), then call `values(at:)` as often as needed.
public struct ResolvedModel: Sendable {
    public let name: String
    /// The variable values used.
    public let variables: [String: Double]
    public let layers: [ResolvedLayer]

    /// Evaluates every layer at model time `t` (seconds).
    public func values(at t: Double) -> [LayerValues] {
        layers.map { $0.values(at: t) }
    }
}

/// The animated values of one layer at one instant.
public struct LayerValues: Sendable, Equatable {
    public var name: String
    /// Whether the layer is on screen (between its `addedAt` and `removedAt`).
    public var present: Bool
    /// As produced by the animations, before the renderer clamps them to [0, 1].
    public var rawStrokeStart: Double
    public var rawStrokeEnd: Double
    /// `transform.rotation.z` in radians, unwrapped; positive = clockwise on screen.
    public var rotation: Double

    /// `strokeStart` as drawn: `max(rawStrokeStart, 0)`, at most 1.
    public var strokeStart: Double { min(max(rawStrokeStart, 0), 1) }
    /// `strokeEnd` as drawn: `min(rawStrokeEnd, 1)`, at least 0.
    public var strokeEnd: Double { min(max(rawStrokeEnd, 0), 1) }
    /// Rotation in degrees (clockwise on screen, not wrapped).
    public var rotationDegrees: Double { rotation * 180 / .pi }
}

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
        return LayerValues(name: name, present: present, rawStrokeStart: values.strokeStart,
                           rawStrokeEnd: values.strokeEnd, rotation: values.rotation)
    }

    /// The layer's own clock at model time `t` (seconds; `CACurrentMediaTime()` reads 10000
    /// at model time 0).
    public func localTime(at t: Double) -> Double { timeline.localTime(at: t) }
}

extension ResolvedModel {
    /// A span worth showing by default, in model seconds: until every finite animation has
    /// ended and every repeating one has run two cycles, and one second past the last layer
    /// change (added, removed, or a timing event), at least one second.
    public var suggestedEndTime: Double {
        var end = 1.0
        for layer in layers {
            end = max(end, layer.addedAt + 1)
            if let r = layer.removedAt, r.isFinite { end = max(end, r + 1) }
            for s in layer.timeline.segments where s.start.isFinite { end = max(end, s.start + 1) }
            for top in layer.animations {
                let a = top.animation
                let layerSpeed = layer.timeline.segment(at: top.addedAt).speed
                guard layerSpeed > 0, a.speed > 0 else { continue }
                // Model time of the animation's begin, from the layer clock at the moment it was added.
                let start = top.addedAt + max(0, a.begin - layer.localTime(at: top.addedAt)) / layerSpeed
                let length = min(a.activeDuration, 2 * a.cycle) / a.speed / layerSpeed
                end = max(end, start + length)
            }
        }
        return end
    }
}

extension ResolvedModel {
    /// Model-time lengths after which some infinitely repeating top-level animation starts over
    /// (cycle / speed, for layers running at their own speed), and their least common multiples
    /// when two are commensurate; candidates for the model's period.
    public var repeatingCycles: [Double] {
        var cycles: [Double] = []
        for layer in layers {
            let speed = layer.timeline.segment(at: layer.addedAt).speed
            guard speed > 0 else { continue }
            for top in layer.animations where !top.animation.activeDuration.isFinite && top.animation.speed > 0 {
                cycles.append(top.animation.cycle / top.animation.speed / speed)
            }
        }
        var out = cycles
        for a in cycles {
            for b in cycles where b > a {
                // Commensurate within 1e-9: the smallest common multiple up to 12 cycles.
                for k in 1...12 {
                    let m = a * Double(k), q = (m / b).rounded()
                    if q >= 1, abs(m - q * b) < 1e-9 * m { out.append(m); break }
                }
            }
        }
        return Array(Set(out)).sorted()
    }
}

extension ResolvedModel {
    /// The model time from which the model only repeats: every layer is on screen for good, no
    /// timing event follows, and every top-level animation repeats forever and has begun. Before
    /// it the layers show their base values, which a phase search must not mistake for a cycle
    /// (a still ring can match frames it never explains). Nil when the model changes for good at
    /// some moment (a finite animation, a removal, an event) or nothing animates: then the time
    /// before its animations is as much part of the model as the rest.
    public var steadyStart: Double? {
        var start = -Double.infinity
        var animated = false
        for layer in layers {
            if let r = layer.removedAt, r.isFinite { return nil }
            if layer.timeline.segments.count > 1 { return nil }
            let layerSpeed = layer.timeline.segment(at: layer.addedAt).speed
            guard layerSpeed > 0 else { return nil }
            start = max(start, layer.addedAt)
            for top in layer.animations {
                let a = top.animation
                guard !a.activeDuration.isFinite, a.speed > 0, !top.replacedAt.isFinite else { return nil }
                animated = true
                // Model time of its begin, from the layer clock at the moment it was added.
                start = max(start, top.addedAt + max(0, a.begin - layer.localTime(at: top.addedAt)) / layerSpeed)
            }
        }
        return animated && start.isFinite ? start : nil
    }
}
