import StrokeGeometry

extension ModelDocument {
    /// The variable values: each variable's own value, replaced by `overrides` where given.
    public func variableValues(overrides: [String: Double] = [:]) throws(ModelInstanceError) -> [String: Double] {
        for name in overrides.keys where !variables.contains(where: { $0.name == name }) {
            let known = variables.map(\.name).joined(separator: ", ")
            throw ModelInstanceError(fieldPath: "", message: "no variable named '\(name)' (the model has: \(known.isEmpty ? "none" : known))")
        }
        var values: [String: Double] = [:]
        for (i, v) in variables.enumerated() {
            if let o = overrides[v.name] {
                values[v.name] = o
            } else {
                values[v.name] = try Resolver.number(v.value, values, "variables.\(v.name)", index: i)
            }
        }
        return values
    }

    /// Evaluates every expression with the variables (overridden where asked) and applies Core
    /// Animation's defaults.
    public func resolve(overrides: [String: Double] = [:], options: EvaluationOptions = EvaluationOptions()) throws(ModelInstanceError) -> ResolvedModel {
        let variables = try variableValues(overrides: overrides)
        var layers: [ResolvedLayer] = []
        for (i, layer) in self.layers.enumerated() {
            let events = self.events.enumerated().filter { $0.element.layer == layer.name }
            layers.append(try Resolver(variables: variables, options: options)
                .layer(layer, path: "layers[\(i)]", events: events.map { ($0.offset, $0.element) }))
        }
        return ResolvedModel(name: name, variables: variables, layers: layers)
    }
}

/// Turns expressions into numbers for one layer.
struct Resolver {
    let variables: [String: Double]
    let options: EvaluationOptions

    static func number(_ e: ModelExpression, _ variables: [String: Double], _ path: String, index: Int = 0,
                       now: Double? = nil) throws(ModelInstanceError) -> Double {
        let v: Double
        do { v = try e.evaluate(variables, now: now) } catch {
            switch error {
            case .unboundVariable(let name): throw ModelInstanceError(fieldPath: path, message: "unknown name '\(name)'")
            case .nowNotAllowed: throw ModelInstanceError(fieldPath: path, message: "'now' is not allowed here")
            }
        }
        guard !v.isNaN else { throw ModelInstanceError(fieldPath: path, message: "evaluates to NaN") }
        return v
    }

    func number(_ e: ModelExpression, _ path: String, now: Double? = nil) throws(ModelInstanceError) -> Double {
        try Self.number(e, variables, path, now: now)
    }

    func finite(_ e: ModelExpression, _ path: String, now: Double? = nil) throws(ModelInstanceError) -> Double {
        let v = try number(e, path, now: now)
        guard v.isFinite else { throw ModelInstanceError(fieldPath: path, message: "must be finite, got \(v)") }
        return v
    }

    /// A number that must pass one of `ModelLimits`' checks (coordinates, extents, angles).
    func limited(_ e: ModelExpression, _ path: String, _ check: (Double) -> String?) throws(ModelInstanceError) -> Double {
        let v = try number(e, path)
        if let violation = check(v) { throw ModelInstanceError(fieldPath: path, message: "\(violation), got \(v)") }
        return v
    }

    func nonNegative(_ e: ModelExpression, _ path: String, allowInfinite: Bool = false) throws(ModelInstanceError) -> Double {
        let v = try number(e, path)
        guard v >= 0 else { throw ModelInstanceError(fieldPath: path, message: "must not be negative, got \(v)") }
        guard allowInfinite || v.isFinite else { throw ModelInstanceError(fieldPath: path, message: "must be finite, got \(v)") }
        return v
    }

    func layer(_ spec: LayerSpec, path: String, events: [(Int, EventSpec)]) throws(ModelInstanceError) -> ResolvedLayer {
        let addedAt = try finite(spec.addedAt, path + ".addedAt")
        var removedAt: Double?
        if let r = spec.removedAt { removedAt = try number(r, path + ".removedAt") }
        let speed = try nonNegative(spec.speed, path + ".speed")
        var timeline = LayerTimeline(clockOrigin: options.clockOrigin, initial: .init(
            start: -.infinity,
            beginTime: try finite(spec.beginTime, path + ".beginTime"),
            speed: speed,
            timeOffset: try finite(spec.timeOffset, path + ".timeOffset"),
            strokeStart: try finite(spec.strokeStart, path + ".strokeStart"),
            strokeEnd: try finite(spec.strokeEnd, path + ".strokeEnd")))

        // Events in time order; at one instant, in list order (a stable sort).
        var timed: [(at: Double, index: Int, event: EventSpec)] = []
        for (index, event) in events {
            timed.append((try finite(event.at, "events[\(index)].at"), index, event))
        }
        timed.sort { ($0.at, $0.index) < ($1.at, $1.index) }
        for (at, index, event) in timed {
            let before = timeline.segment(at: at)
            let now = LayerTimeline.localTime(before, global: options.clockOrigin + at)
            var next = before
            next.start = at
            for (property, expression) in event.set {
                let p = "events[\(index)].set.\(property.rawValue)"
                let v = try finite(expression, p, now: now)
                switch property {
                case .speed:
                    guard v >= 0 else { throw ModelInstanceError(fieldPath: p, message: "must not be negative, got \(v)") }
                    next.speed = v
                case .timeOffset: next.timeOffset = v
                case .beginTime: next.beginTime = v
                case .strokeStart: next.strokeStart = v
                case .strokeEnd: next.strokeEnd = v
                }
            }
            timeline.append(next)
        }

        var animations: [ResolvedLayer.TopLevelAnimation] = []
        for (i, a) in spec.animations.enumerated() {
            let p = "\(path).animations[\(i)]"
            let added = try a.addedAt.map { e throws(ModelInstanceError) in try finite(e, p + ".addedAt") } ?? addedAt
            // The layer clock at commit, with the layer timing as it is then (§1.2).
            let now = timeline.localTime(at: added)
            var resolved = try animation(a, path: p, parentDuration: nil, now: now)
            if resolved.begin == 0 { resolved.begin = now }
            animations.append(.init(animation: resolved, addedAt: added, replacedAt: .infinity))
        }
        // Adding under a key that an earlier animation holds removes the earlier one (§2.2).
        for i in animations.indices {
            guard let key = spec.animations[i].key else { continue }
            for j in (i + 1)..<max(i + 1, animations.count) where spec.animations[j].key == key {
                animations[i].replacedAt = animations[j].addedAt
                break
            }
        }
        let (geometry, style) = try geometry(spec, path)
        return ResolvedLayer(name: spec.name, addedAt: addedAt, removedAt: removedAt, geometry: geometry, style: style,
                             timeline: timeline, animations: animations)
    }

    /// `parentDuration`: the enclosing group's final duration, given to children whose own
    /// duration is ≤ 0 (§1.3); top-level animations get the transaction duration instead.
    func animation(_ spec: AnimationSpec, path: String, parentDuration: Double?, now: Double?) throws(ModelInstanceError) -> ResolvedAnimation {
        let t = spec.timing
        // Any duration ≤ 0 is defaulted as Core Animation does (§1.3); the loader warns about
        // a negative one.
        var duration = try finite(t.duration, path + ".duration")
        if duration <= 0 { duration = parentDuration ?? options.transactionDuration }
        let speed = try nonNegative(t.speed, path + ".speed")
        let repeatCount = try nonNegative(t.repeatCount, path + ".repeatCount", allowInfinite: true)
        let repeatDuration = try nonNegative(t.repeatDuration, path + ".repeatDuration", allowInfinite: true)
        let cycle = duration * (t.autoreverses ? 2 : 1)
        let active = repeatDuration > 0 ? repeatDuration : repeatCount > 0 ? repeatCount * cycle : cycle

        let kind: ResolvedAnimation.Kind
        switch spec.kind {
        case .basic(let v):
            func opt(_ e: ModelExpression?, _ name: String) throws(ModelInstanceError) -> Double? {
                guard let e else { return nil }
                return try value(e, path + "." + name, keyPath: spec.keyPath)
            }
            kind = .basic(from: try opt(v.fromValue, "fromValue"), to: try opt(v.toValue, "toValue"), by: try opt(v.byValue, "byValue"))
        case .keyframe(let k):
            var values: [Double] = []
            for (i, e) in k.values.enumerated() { values.append(try value(e, path + ".values[\(i)]", keyPath: spec.keyPath)) }
            var keyTimes: [Double]?
            if let kt = k.keyTimes {
                var times: [Double] = []
                for (i, e) in kt.enumerated() { times.append(try finite(e, path + ".keyTimes[\(i)]")) }
                keyTimes = times
            }
            var functions: [TimingFunction?]?
            if let tfs = k.timingFunctions {
                var list: [TimingFunction?] = []
                for (i, f) in tfs.enumerated() { list.append(try timingFunction(f, path + ".timingFunctions[\(i)]")) }
                functions = list
            }
            kind = .keyframe(ResolvedKeyframes(values: values, keyTimes: keyTimes, timingFunctions: functions, mode: k.calculationMode))
        case .group(let children):
            var resolved: [ResolvedAnimation] = []
            for (i, c) in children.enumerated() {
                resolved.append(try animation(c, path: path + ".animations[\(i)]", parentDuration: duration, now: nil))
            }
            kind = .group(resolved)
        }
        return ResolvedAnimation(
            kind: kind, property: spec.keyPath.map(AnimatedProperty.init), begin: try finite(t.beginTime, path + ".beginTime", now: now),
            duration: duration, speed: speed, timeOffset: try finite(t.timeOffset, path + ".timeOffset"),
            autoreverses: t.autoreverses, fill: t.fillMode, removedOnCompletion: t.removedOnCompletion,
            timingFunction: try t.timingFunction.map { f throws(ModelInstanceError) in try timingFunction(f, path + ".timingFunction") },
            additive: spec.additive, cumulative: spec.cumulative, cycle: cycle, activeDuration: active)
    }

    /// An animated value: rotations are angles (`ModelLimits.radians`), stroke values any finite number.
    func value(_ e: ModelExpression, _ path: String, keyPath: KeyPath?) throws(ModelInstanceError) -> Double {
        keyPath == .rotation ? try limited(e, path, ModelLimits.angleViolation) : try finite(e, path)
    }

    func timingFunction(_ spec: TimingFunctionSpec, _ path: String) throws(ModelInstanceError) -> TimingFunction {
        switch spec {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInEaseOut: return .easeInEaseOut
        case .default: return .default
        case .controlPoints(let a, let b, let c, let d):
            return TimingFunction(try finite(a, path + "[0]"), try limited(b, path + "[1]", ModelLimits.controlPointViolation),
                                  try finite(c, path + "[2]"), try limited(d, path + "[3]", ModelLimits.controlPointViolation))
        }
    }
}
