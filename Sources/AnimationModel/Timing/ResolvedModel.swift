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

extension ResolvedModel {
    /// A span worth showing by default, in model seconds: until every finite animation has
    /// ended and every repeating one has run two cycles, and one second past the last layer
    /// change (added, removed, or a timing event), at least one second and at most
    /// `maximumSuggestedSpan` (an hour: a model whose durations run to 1e308 s must not
    /// make the default span, and with it a sample count or a search grid, unbounded).
    public var suggestedEndTime: Double {
        let end = unboundedEndTime
        return end.isNaN ? Self.maximumSuggestedSpan : min(end, Self.maximumSuggestedSpan)
    }

    /// The longest default span, in model seconds.
    public static let maximumSuggestedSpan = 3600.0

    private var unboundedEndTime: Double {
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
