/// Builtin methods: layer trees, adding and removing animations, view hierarchies, paths,
/// transactions, and code scheduled for later.
extension Interpreter {
    func builtinMethod(_ o: Object, _ name: String, _ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) throws(Stop) -> Value? {
        let first = values.first
        if name.hasPrefix("init") {
            try builtinInit(o, name, labels, values, ctx, position)
            return .object(o)
        }
        switch name {
        case "retain", "autorelease", "self", "mutableCopy" where !o.isAnimation: return .object(o)
        case "copy", "mutableCopy":
            let c = newObject(o.className, o.kind)
            c.fields = o.fields
            c.elements = o.elements
            return .object(c)
        case "release", "setNeedsDisplay", "display", "invalidateIntrinsicContentSize", "sizeToFit", "bringSubviewToFront", "sendSubviewToBack": return .null
        default: break
        }
        if o.isLayer {
            switch name {
            case "addSublayer", "insertSublayer":
                if case .object(let l)? = first { attach(l, to: o) }
                return .null
            case "removeFromSuperlayer":
                detach(o)
                return .null
            case "addAnimation", "add":
                guard case .object(let a)? = first, a.isAnimation else {
                    warn(ctx, position, "add animation", "the animation added here could not be followed (not built in the given code)")
                    return .null
                }
                var key: String?
                if values.count > 1, case .string(let k) = values[1] { key = k }
                let snapshot = self.snapshot(a)
                o.added.append(AddedAnimation(snapshot: snapshot, key: key, time: now, file: ctx.file, line: position.line))
                currentTransactionAnimations.append((o, snapshot))
                if a.fields["delegate"] != nil || a.fields["\u{0}delegate"] != nil { scheduleDelegate(a, snapshot, on: o, ctx) }
                return .null
            case "removeAnimation", "removeAnimationForKey":
                var key: String?
                if case .string(let k)? = first { key = k }
                o.added.append(AddedAnimation(snapshot: nil, key: key, time: now, file: ctx.file, line: position.line))
                return .null
            case "removeAllAnimations":
                o.added.append(AddedAnimation(snapshot: nil, key: nil, time: now, file: ctx.file, line: position.line))
                return .null
            case "animationForKey", "animation":
                return .null
            case "convertTime":
                return first ?? .number(.now)
            case "setNeedsLayout", "layoutIfNeeded", "layoutSublayers": return .null
            default: break
            }
        }
        if o.kind == .view {
            switch name {
            case "addSubview", "insertSubview":
                if case .object(let v)? = first, v.kind == .view || v.kind == .user {
                    if let (f, owner) = program.method("willMoveToSuperview", labels: [nil], in: v.className, isStatic: false) {
                        _ = try invoke(f, owner: owner, on: v, arguments: [.object(o)], ctx, f.position)
                    }
                    v.superview?.subviews.removeAll { $0 === v }
                    o.subviews.append(v)
                    v.superview = o
                    attach(viewLayer(v), to: viewLayer(o))
                    try callHook(v, "didMoveToSuperview", ctx)
                    try callHook(v, "didMoveToWindow", ctx)
                    try callHook(v, "tintColorDidChange", ctx)
                }
                return .null
            case "removeFromSuperview":
                o.superview?.subviews.removeAll { $0 === o }
                o.superview = nil
                detach(viewLayer(o))
                return .null
            case "setNeedsLayout", "layoutIfNeeded":
                o.needsLayout = true
                return .null
            case "addGestureRecognizer", "addTarget", "setTitle", "setImage", "addConstraint", "addConstraints": return .null
            default: break
            }
        }
        if o.kind == .path { return try pathMethod(o, name, labels, values, ctx, position) }
        if o.kind == .timer, name == "invalidate" { o.fields["\u{0}invalid"] = .bool(true); return .null }
        if o.isAnimation, name == "setValue" { return .null }
        return nil
    }

    func attach(_ layer: Object, to parent: Object) {
        layer.superlayer?.sublayers.removeAll { $0 === layer }
        parent.sublayers.append(layer)
        layer.superlayer = parent
        if layer.addedAt == nil { layer.addedAt = now }
        if layer.removedAt != nil {
            // The format gives a layer one stay on screen: removed and added again, it stays.
            layer.removedAt = nil
            note("a layer removed and added again is kept on screen from its first addition")
        }
    }

    /// Removed from the tree; the superlayer is remembered for geometry (the frame it had).
    func detach(_ layer: Object) {
        layer.superlayer?.sublayers.removeAll { $0 === layer }
        if layer.removedAt == nil { layer.removedAt = now }
    }

    /// The animation's properties now (Core Animation copies an animation when it is added).
    func snapshot(_ a: Object) -> AnimationSnapshot {
        var children: [AnimationSnapshot] = []
        if case .array(let items)? = a.fields["animations"] {
            for case .object(let c) in items where c.isAnimation { children.append(snapshot(c)) }
        }
        return AnimationSnapshot(kind: a.kind, fields: a.fields, children: children)
    }

    /// `animationDidStop:finished:` runs when a finite animation with a delegate ends.
    private func scheduleDelegate(_ a: Object, _ s: AnimationSnapshot, on layer: Object, _ ctx: Context) {
        guard case .object(let delegate)? = a.fields["delegate"] else { return }
        guard let (f, owner) = program.method("animationDidStop", labels: [nil, "finished"], in: delegate.className, isStatic: false)
            ?? program.method("animationDidStop", labels: [nil], in: delegate.className, isStatic: false) else { return }
        let end = animationEnd(s)
        let time = end.map { now + $0 } ?? .variable(variable("animationDidStop", value: 1, fit: 0...30, because: "animationDidStop: runs when an animation ends, which the code does not fix: the variable {name} (model time, fitted in 0…30 s)").text)
        if end == nil && time == .now { return }
        guard let repeatValue = s.fields["repeatCount"]?.number?.constant, repeatValue.isInfinite || repeatValue > 1e6 else {
            schedule(at: time) { (me: Interpreter) throws(Stop) in
                let c = Context(scope: Scope(parent: nil), selfObject: delegate, className: owner, file: f.file)
                _ = try me.invoke(f, owner: owner, on: delegate, arguments: [.object(a), .bool(true)], c, f.position)
            }
            return
        }
    }

    /// How long an animation runs, when the code fixes it: (beginTime + duration × repeats) ÷ speed.
    func animationEnd(_ s: AnimationSnapshot) -> Symbolic? {
        let duration = s.fields["duration"]?.number ?? .constant(0.25)
        let d = duration.constant == 0 ? Symbolic.constant(0.25) : duration
        let repeats = s.fields["repeatCount"]?.number ?? .zero
        if let r = repeats.constant, r.isInfinite || r > 1e6 { return nil }
        let count = repeats.constant == 0 ? Symbolic.constant(1) : repeats
        let reverse: Symbolic = (s.fields["autoreverses"]?.isTruthy == true) ? .constant(2) : .constant(1)
        var begin = s.fields["beginTime"]?.number ?? .zero
        // `CACurrentMediaTime() + k` begins k after it is added.
        if begin.usesNow {
            guard let k = Self.offsetFromNow(begin) else { return nil }
            begin = k
        }
        return begin + d * count * reverse
    }

    /// `now + a + b` → `a + b`; nil when `now` appears otherwise.
    static func offsetFromNow(_ s: Symbolic) -> Symbolic? {
        switch s {
        case .now: return .zero
        case .binary("+", let a, let b):
            if a.usesNow, !b.usesNow { return offsetFromNow(a).map { $0 + b } }
            if b.usesNow, !a.usesNow { return offsetFromNow(b).map { a + $0 } }
            return nil
        default: return nil
        }
    }

    func schedule(at time: Symbolic, _ run: @escaping (Interpreter) throws(Stop) -> Void) {
        taskCounter += 1
        tasks.append(ScheduledTask(time: time, order: taskCounter, run: run))
    }

    func callHook(_ o: Object, _ name: String, _ ctx: Context) throws(Stop) {
        if let (f, owner) = program.method(name, labels: [], in: o.className, isStatic: false) {
            _ = try invoke(f, owner: owner, on: o, arguments: [], ctx, f.position)
        }
    }
}
