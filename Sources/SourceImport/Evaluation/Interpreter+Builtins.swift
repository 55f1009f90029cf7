/// UIKit and Core Animation as far as the model needs them: views and layers with their
/// geometry, shape-layer properties, animation objects, timing functions, transactions, and the
/// ways code runs later (dispatch, timers, completion blocks).
extension Interpreter {
    // MARK: Properties

    func builtinMember(_ o: Object, _ m: String, _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        if let v = o.fields[m], !["frame", "bounds", "center", "position", "layer"].contains(m) { return v }
        switch o.kind {
        case .view:
            switch m {
            case "layer":
                let layer = viewLayer(o)
                return .object(layer)
            case "frame", "bounds", "center": return geometry(o, m)
            case "tintColor":
                if let s = o.superview { return try member(.object(s), "tintColor", ctx, position) }
                note("the tint colour is UIKit's default system blue (#007AFF)")
                return .color("#007AFF")
            case "superview": return o.superview.map { .object($0) } ?? .null
            case "subviews": return .array(o.subviews.map { .object($0) })
            case "isHidden", "hidden": return .bool(false)
            case "alpha": return .number(.constant(1))
            case "window": return .unknown("window")
            case "intrinsicContentSize": return .size(.constant(-1), .constant(-1))
            case "widthAnchor", "heightAnchor", "centerXAnchor", "centerYAnchor", "leadingAnchor", "trailingAnchor", "topAnchor", "bottomAnchor":
                return .anchor(o, m)
            default: return .unknown(m)
            }
        case .layer, .shapeLayer:
            switch m {
            case "lineWidth": return .number(.constant(1))
            case "strokeStart", "timeOffset", "beginTime": return .number(.zero)
            case "strokeEnd", "speed", "opacity": return .number(.constant(1))
            case "lineCap": return .string("butt")
            case "lineJoin": return .string("miter")
            case "frame", "bounds", "position": return geometry(o, m)
            case "sublayers": return .array(o.sublayers.map { .object($0) })
            case "superlayer": return o.superlayer.map { .object($0) } ?? .null
            case "path", "strokeColor", "fillColor", "mask": return .null
            case "animationKeys": return .array(o.added.compactMap { $0.key.map { .string($0) } })
            default: return .unknown(m)
            }
        case .basicAnimation, .keyframeAnimation, .animationGroup, .springAnimation:
            switch m {
            case "duration", "beginTime", "timeOffset", "repeatCount", "repeatDuration": return .number(.zero)
            case "speed": return .number(.constant(1))
            case "removedOnCompletion", "isRemovedOnCompletion": return .bool(true)
            case "autoreverses": return .bool(false)
            case "fillMode": return .named("removed")
            default: return .null
            }
        case .path:
            if m == "cgPath" || m == "CGPath" { return .object(o) }
            if m == "isEmpty" || m == "empty" { return .bool(o.elements.isEmpty) }
            return .unknown(m)
        default:
            return .unknown(m)
        }
    }

    func builtinSet(_ o: Object, _ m: String, _ value: Value, _ ctx: Context, _ position: Position) throws(Stop) {
        var value = value
        if o.kind == .view {
            switch m {
            case "frame":
                if case .rect(let r) = value { o.frameRect = r; o.needsLayout = true; viewLayer(o).frameRect = r }
                return
            case "bounds":
                if case .rect(let r) = value {
                    let old = o.frameRect ?? .zero
                    let cx = old.x + old.width / .constant(2), cy = old.y + old.height / .constant(2)
                    let f = Rect(x: cx - r.width / .constant(2), y: cy - r.height / .constant(2), width: r.width, height: r.height)
                    o.frameRect = o.frameRect == nil ? Rect(x: .zero, y: .zero, width: r.width, height: r.height) : f
                    viewLayer(o).frameRect = o.frameRect
                    o.needsLayout = true
                }
                return
            case "center":
                if case .point(let x, let y) = value {
                    let f = o.frameRect ?? .zero
                    o.frameRect = Rect(x: x - f.width / .constant(2), y: y - f.height / .constant(2), width: f.width, height: f.height)
                    viewLayer(o).frameRect = o.frameRect
                }
                return
            case "transform", "alpha":
                warn(ctx, position, m, "a view's \(m) is not in the model format (the view is drawn as it is)")
            default: break
            }
            o.fields[m] = value
            return
        }
        guard o.isLayer || o.isAnimation else { o.fields[m] = value; return }
        if o.isLayer {
            switch m {
            case "frame":
                if case .rect(let r) = value { o.frameRect = r }
                return
            case "bounds":
                if case .rect(let r) = value {
                    let old = o.frameRect
                    if let old {
                        let cx = old.x + old.width / .constant(2), cy = old.y + old.height / .constant(2)
                        o.frameRect = Rect(x: cx - r.width / .constant(2), y: cy - r.height / .constant(2), width: r.width, height: r.height)
                    } else {
                        o.frameRect = Rect(x: -(r.width / .constant(2)), y: -(r.height / .constant(2)), width: r.width, height: r.height)
                    }
                }
                return
            case "position":
                if case .point(let x, let y) = value {
                    let f = o.frameRect ?? .zero
                    o.frameRect = Rect(x: x - f.width / .constant(2), y: y - f.height / .constant(2), width: f.width, height: f.height)
                }
                return
            case "strokeColor", "fillColor":
                if case .named(let n) = value { value = .color(Colors.named(n)) }
            case "lineCap", "lineJoin":
                if case .named(let n) = value { value = .string(n) }
                if case .string(let s) = value, s.hasPrefix("kCALine") { value = Self.constant(s) ?? value }
            case "lineDashPattern", "opacity", "transform", "mask", "lineDashPhase", "anchorPoint":
                if m == "lineDashPattern", case .null = value { break }
                if m == "opacity", value.number?.constant == 1 { break }
                warn(ctx, position, m, "the layer's \(m) is not in the model format (left out)")
            default: break
            }
            if Self.timedLayerProperties.contains(m), let n = value.number {
                implicitAnimation(o, m, to: n, ctx, position)
                o.writes.append((now, m, n))
            }
            o.fields[m] = value
            return
        }
        // Animations.
        if m == "animations", case .array(let items) = value {
            o.fields[m] = .array(items)
            return
        }
        o.fields[m] = value
    }

    /// A view's own layer: `+layerClass` (Objective-C) or `override class var layerClass` picks it.
    func viewLayer(_ view: Object) -> Object {
        if case .object(let l)? = view.fields["\u{0}layer"] { return l }
        var layerClass = "CALayer"
        let ctx = Context(scope: Scope(parent: nil), selfObject: nil, className: view.className, file: "")
        if let (f, owner) = program.method("layerClass", labels: [], in: view.className, isStatic: true),
           case .type(let t)? = try? invoke(f, owner: owner, on: nil, arguments: [], ctx, f.position) {
            layerClass = t
        } else if let p = program.property("layerClass", in: view.className), let g = p.getter {
            var v: Value?
            if case .returned(let r)? = try? exec(g, ctx) { v = r }
            if case .type(let t)? = v { layerClass = t }
            if case .unknown(let t)? = v { layerClass = t }
        }
        let layer = allocate(layerClass)
        if layer.kind == .user || layer.kind == .other { layer.kind = Self.kind(ofBuiltin: program.builtinRoot(layerClass)) == .shapeLayer ? .shapeLayer : .layer }
        if program.types[layerClass] != nil {
            let c = Context(scope: Scope(parent: nil), selfObject: layer, className: layerClass, file: "")
            if let (f, owner) = program.method("init", labels: [], in: layerClass, isStatic: false) {
                _ = try? invoke(f, owner: owner, on: layer, arguments: [], c, f.position)
            }
        }
        layer.frameRect = view.frameRect
        layer.hostView = view
        view.fields["\u{0}layer"] = .object(layer)
        return layer
    }

    func builtinInit(_ o: Object, _ name: String, _ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) throws(Stop) {
        // `initWithFrame:`, `init(frame:)`.
        if (name == "initWithFrame" || labels.first == "frame"), case .rect(let r)? = values.first {
            try builtinSet(o, "frame", .rect(r), ctx, position)
        }
        if name == "initWithCoder" || labels.first == "coder" {
            storyboardSize(o)
        }
        if o.isAnimation, labels.first == "keyPath", let k = values.first { o.fields["keyPath"] = k }
        // `self.init(arcCenter:…)` in a convenience initialiser of an extension.
        if o.kind == .path, let built = pathConstructor(o.className, labels.isEmpty ? [] : labels, values, ctx, position), case .object(let p) = built {
            o.elements = p.elements
        }
        if o.kind == .other, let v = try builtinConstructor(program.builtinRoot(o.className), labels, values, ctx, position) {
            o.fields["\u{0}value"] = v
        }
    }

    /// A view made by a storyboard: its size is not in the code; variables stand for it.
    func storyboardSize(_ o: Object) {
        guard o.frameRect == nil else { return }
        let w = variable("\(o.className)Width", value: 100, fit: nil, because: "the size of \(o.className) comes from a storyboard or Auto Layout, not the code: assumed 100 × 100 pt (variables {name} and its height); the fit places the ring by what it sees")
        let h = variable("\(o.className)Height", value: 100, fit: nil, because: "the height of \(o.className) is the variable {name}")
        o.frameRect = Rect(x: .zero, y: .zero, width: w, height: h)
        viewLayer(o).frameRect = o.frameRect
    }
}

extension Object {
    /// A view's or layer's frame; nil while never given one.
    var frameRect: Rect? {
        get { if case .rect(let r)? = fields["\u{0}frame"] { return r }; return nil }
        set { fields["\u{0}frame"] = newValue.map { .rect($0) } }
    }

    /// The view whose own layer this is.
    var hostView: Object? {
        get { if case .object(let v)? = fields["\u{0}host"] { return v }; return nil }
        set { fields["\u{0}host"] = newValue.map { .object($0) } }
    }
}

extension Interpreter {
    /// Core Animation's default action: changing `strokeStart` or `strokeEnd` of a layer on
    /// screen that is not a view's own layer animates it from the old value, over the
    /// transaction's duration (0.25 s unless set), with the default timing, under the property's
    /// name — unless the transaction disables actions. Written as the animation it is.
    func implicitAnimation(_ o: Object, _ property: String, to value: Symbolic, _ ctx: Context, _ position: Position) {
        guard property == "strokeStart" || property == "strokeEnd", !actionsDisabled, o.hostView == nil,
              let added = o.addedAt, added != now, o.removedAt == nil else { return }
        let old = o.writes.last(where: { $0.property == property })?.value ?? .constant(property == "strokeEnd" ? 1 : 0)
        guard old != value else { return }
        let fields: [String: Value] = [
            "keyPath": .string(property), "fromValue": .number(old), "toValue": .number(value),
            "duration": .number(transactionDuration ?? .constant(0.25)), "timingFunction": .timingFunction(.named("default")),
        ]
        o.added.append(AddedAnimation(snapshot: AnimationSnapshot(kind: .basicAnimation, fields: fields, children: []),
                                      key: property, time: now, file: ctx.file, line: position.line))
        note("a change of \(property) on a layer that is not a view's own animates implicitly (Core Animation's default action): written as an animation")
    }
}

extension Interpreter {
    /// A view's or layer's `frame`, `bounds` (its size at the origin) and `center`/`position`
    /// (the frame's middle, anchor point 0.5, 0.5), from the one frame the run keeps.
    func geometry(_ o: Object, _ m: String) -> Value {
        let f = o.frameRect ?? .zero
        switch m {
        case "frame": return .rect(f)
        case "bounds": return .rect(Rect(x: .zero, y: .zero, width: f.width, height: f.height))
        default: return .point(f.x + f.width / .constant(2), f.y + f.height / .constant(2))
        }
    }
}
