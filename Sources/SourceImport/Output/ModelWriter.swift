import AnimationModel
import JSON

/// Turns what the run recorded into a `strokescope-model/1` document: the shape layers on
/// screen with their geometry, the animations added to them (as Core Animation copied them),
/// model-value changes after the start as events, the variables the import introduced.
struct ModelWriter {
    let run: Interpreter
    var notes: [String] = []
    var warnings: [UnsupportedStatement] = []

    init(run: Interpreter) { self.run = run }

    static let keyPaths: Set<String> = ["strokeStart", "strokeEnd", "transform.rotation.z", "transform.rotation"]

    mutating func document(name: String, comment: String) -> JSONValue? {
        let layers = run.created.filter { o in
            // Layers that never reach the screen, or leave it the moment they arrive (rebuilt in
            // `drawRect:`), draw nothing.
            let (a, r) = visibility(o)
            if let r, r == a || r == .zero { return false }
            // Removed (with a layer it sits in) before it was added: it never shows.
            if let r, let rv = r.value(run.variableValues), let av = a.value(run.variableValues), rv <= av { return false }
            guard o.kind == .shapeLayer, o.fields["path"] != nil || !o.added.isEmpty else { return false }
            if o.superlayer != nil || o.hostView != nil || o.addedAt != nil { return true }
            // A snippet may animate a layer without showing where it is added.
            if !o.added.isEmpty { run.note("a layer the given code animates but never adds to a layer is taken as on screen"); return true }
            return false
        }
        guard !layers.isEmpty, layers.contains(where: { !$0.added.isEmpty || $0.fields["path"] != nil }) else { return nil }
        var names: [String] = []
        var layerJSON: [JSONValue] = []
        var events: [JSONValue] = []
        for l in layers {
            var n = l.origin.isEmpty ? (l.hostView?.origin ?? "layer") : l.origin
            // Objective-C instance variables are named for their property: `_ring` is `ring`.
            if n.hasPrefix("_"), n.count > 1 { n = String(n.dropFirst()) }
            if n.isEmpty || n == "layer" && l.hostView != nil { n = l.hostView.map { $0.className.prefix(1).lowercased() + $0.className.dropFirst() } ?? "layer" }
            var unique = n
            var k = 2
            while names.contains(unique) { unique = "\(n)\(k)"; k += 1 }
            names.append(unique)
            let (object, layerEvents) = layer(l, name: unique)
            layerJSON.append(.object(object))
            events += layerEvents
        }
        var doc = JSONObject([("format", .string("strokescope-model/1")), ("name", .string(name))])
        var text = comment
        let left = Array(Set((warnings + run.unsupported).map(\.why))).sorted()
        if !left.isEmpty { text += " Left out: " + left.joined(separator: "; ") + "." }
        doc.append("comment", .string(text))
        let used = run.variables
        if !used.isEmpty {
            var vars = JSONObject()
            for v in used {
                if let fit = v.fit {
                    vars.append(v.name, .object(JSONObject([("value", number(v.value)), ("fit", .array([number(fit.lowerBound), number(fit.upperBound)]))])))
                } else {
                    vars.append(v.name, number(v.value))
                }
            }
            doc.append("variables", .object(vars))
        }
        doc.append("layers", .array(layerJSON))
        if !events.isEmpty { doc.append("events", .array(events)) }
        return .object(doc)
    }

    private func number(_ v: Double) -> JSONValue {
        if v == v.rounded() && abs(v) < 1e15 { return .int(Int(v)) }
        return .double(v)
    }

    private func expression(_ s: Symbolic) -> JSONValue {
        if let c = s.constant {
            if c.isInfinite { return .string(c > 0 ? "INFINITY" : "-INFINITY") }
            if c.isNaN { return .int(0) }
            return number(c)
        }
        return .string(s.text)
    }

    /// The sum of frame origins up the layer tree: where the layer's own (0, 0) is on screen.
    private func origin(_ l: Object) -> (Symbolic, Symbolic) {
        var x = Symbolic.zero, y = Symbolic.zero
        var s: Object? = l.superlayer
        var guardCount = 0
        while let p = s, guardCount < 64 {
            if let f = p.frameRect { x = x + f.x; y = y + f.y }
            s = p.superlayer
            guardCount += 1
        }
        return (x, y)
    }

    private mutating func layer(_ l: Object, name: String) -> (JSONObject, [JSONValue]) {
        var o = JSONObject([("name", .string(name))])
        let lineWidth = l.fields["lineWidth"]?.number ?? .constant(1)
        o.append("path", path(l, lineWidth: lineWidth))
        let (ox, oy) = origin(l)
        if let f = l.frameRect {
            o.append("frame", .array([expression(ox + f.x), expression(oy + f.y), expression(f.width), expression(f.height)]))
        } else if !(ox == .zero && oy == .zero) {
            o.append("frame", .array([expression(ox), expression(oy), .int(0), .int(0)]))
        }
        o.append("lineWidth", expression(lineWidth))
        if case .string(let cap)? = l.fields["lineCap"], ["butt", "round", "square"].contains(cap) { o.append("lineCap", .string(cap)) }
        if case .string(let join)? = l.fields["lineJoin"], ["miter", "round", "bevel"].contains(join) { o.append("lineJoin", .string(join)) }
        if case .color(let c)? = l.fields["strokeColor"], let c { o.append("strokeColor", .string(c)) }
        else { run.note("the stroke colour of \(name) is not fixed by the code") }
        // Model values: the last one set during set-up; later changes are events.
        var events: [JSONValue] = []
        for property in ["strokeStart", "strokeEnd", "speed", "timeOffset", "beginTime"] {
            let writes = l.writes.filter { $0.property == property }
            // Values set before the layer is on screen (at its addition) are its model values.
            let arrival = l.addedAt ?? .zero
            let isInitial: (Symbolic) -> Bool = { $0 == .zero || $0 == arrival }
            if let initial = writes.last(where: { isInitial($0.time) }) {
                let defaultValue: Double = property == "strokeEnd" || property == "speed" ? 1 : 0
                if initial.value.constant != defaultValue { o.append(property, expression(initial.value)) }
            }
            for w in writes where !isInitial(w.time) {
                events.append(.object(JSONObject([("at", expression(w.time)), ("layer", .string(name)), ("set", .object(JSONObject([(property, expression(w.value))])))])))
            }
        }
        let (added, removed) = visibility(l)
        if added != .zero { o.append("addedAt", expression(added)) }
        if let removed { o.append("removedAt", expression(removed)) }
        var animations: [JSONValue] = []
        for (k, a) in l.added.enumerated() {
            guard let snapshot = a.snapshot else {
                // Removal followed at once by an add under the same key is a replacement.
                let next = l.added.dropFirst(k + 1).first
                if let next, next.time == a.time, a.key == nil || next.key == a.key { continue }
                warnings.append(UnsupportedStatement(file: a.file, line: a.line, code: "removeAnimation", why: "removing animations is not in the model format (the animations keep running)"))
                continue
            }
            guard var json = animation(snapshot, topLevel: true, file: a.file, line: a.line) else { continue }
            if a.time != .zero { json.append("addedAt", expression(a.time)) }
            if let key = a.key { json.append("key", .string(key)) }
            animations.append(.object(json))
        }
        animations += inheritedRotations(l, name: name)
        // The format lists additions in time order; code that reaches a layer from several
        // places (two copies of a library imported together) can add out of order.
        let moments = animations.map { a -> Double in
            guard case .object(let obj) = a, let at = obj["addedAt"] else { return 0 }
            if let v = at.doubleValue { return v }
            if let text = at.stringValue, let e = try? ModelExpressionParser.parse(text, scope: ExpressionScope(variables: run.variables.map(\.name), allowsNow: false)) {
                return (try? e.evaluate(run.variableValues)) ?? 0
            }
            return 0
        }
        if zip(moments, moments.dropFirst()).contains(where: { $0 > $1 }) {
            animations = zip(moments, animations).enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
            run.note("animations of \(name) that the code adds out of time order are listed by time")
        }
        if !animations.isEmpty { o.append("animations", .array(animations)) }
        return (o, events)
    }

    /// A rotation added to a superlayer (a view's own layer, a container) turns the shape layers
    /// inside it. The format has no layer tree, so when both turn about the same point the
    /// rotation is written on the shape layer as an additive one (it adds to the layer's own).
    private mutating func inheritedRotations(_ l: Object, name: String) -> [JSONValue] {
        var result: [JSONValue] = []
        let values = run.variableValues
        func pivot(_ o: Object) -> (Double, Double)? {
            let (ox, oy) = origin(o)
            let f = o.frameRect ?? .zero
            guard let x = (ox + f.x + f.width / .constant(2)).value(values), let y = (oy + f.y + f.height / .constant(2)).value(values) else { return nil }
            return (x, y)
        }
        var up = l.superlayer
        var steps = 0
        while let p = up, steps < 64 {
            steps += 1
            up = p.superlayer
            let rotations = p.added.filter { a in
                guard case .string(let k)? = a.snapshot?.fields["keyPath"] else { return false }
                return k == "transform.rotation.z" || k == "transform.rotation" || k == "rotation.z"
            }
            guard !rotations.isEmpty else { continue }
            guard let a = pivot(p), let b = pivot(l), abs(a.0 - b.0) < 1e-6, abs(a.1 - b.1) < 1e-6 else {
                let first = rotations[0]
                warnings.append(UnsupportedStatement(file: first.file, line: first.line, code: "transform.rotation", why: "a superlayer's rotation about another point than its shape layer's centre is not in the model format"))
                continue
            }
            for r in rotations {
                guard let snapshot = r.snapshot, var json = animation(snapshot, topLevel: true, file: r.file, line: r.line) else { continue }
                if json["additive"] == nil { json.append("additive", .bool(true)) }
                if r.time != .zero { json.append("addedAt", expression(r.time)) }
                if let key = r.key { json.append("key", .string("\(key) (superlayer)")) }
                result.append(.object(json))
            }
            run.note("the rotation of a superlayer turns \(name) with it: written as an additive rotation of \(name)")
        }
        return result
    }

    private func path(_ l: Object, lineWidth: Symbolic) -> JSONValue {
        var elements: [PathElementValue] = []
        if case .object(let p)? = l.fields["path"], p.kind == .path { elements = p.elements }
        if elements.isEmpty {
            let f = l.frameRect ?? Rect(x: .zero, y: .zero, width: .constant(40), height: .constant(40))
            let r = Symbolic.min(f.width, f.height) / .constant(2) - lineWidth / .constant(2)
            run.note("a layer whose path the code never builds is taken as a full circle from 12 o'clock, clockwise, inside its frame")
            return .object(JSONObject([("arc", arcJSON((f.width / .constant(2), f.height / .constant(2)), r, .constant(1.5 * Double.pi), .constant(3.5 * Double.pi), true))]))
        }
        if let (c, r, a, b, cw) = Self.singleCircle(elements) {
            return .object(JSONObject([("arc", arcJSON(c, r, a, b, cw))]))
        }
        if elements.count == 1, case .arc(let c, let r, let a, let b, let cw) = elements[0] {
            return .object(JSONObject([("arc", arcJSON(c, r, a, b, cw))]))
        }
        if elements.count == 1, case .oval(let rect) = elements[0] {
            return .object(JSONObject([("oval", .array([expression(rect.x), expression(rect.y), expression(rect.width), expression(rect.height)]))]))
        }
        var list: [JSONValue] = []
        for e in elements {
            switch e {
            case .move(let x, let y): list.append(.object(JSONObject([("move", .array([expression(x), expression(y)]))])))
            case .line(let x, let y): list.append(.object(JSONObject([("line", .array([expression(x), expression(y)]))])))
            case .arc(let c, let r, let a, let b, let cw): list.append(.object(JSONObject([("arc", arcJSON(c, r, a, b, cw))])))
            case .curve(let to, let c1, let c2):
                list.append(.object(JSONObject([("curve", .object(JSONObject([("to", pointJSON(to)), ("c1", pointJSON(c1)), ("c2", pointJSON(c2))])))])))
            case .quad(let to, let c):
                list.append(.object(JSONObject([("quad", .object(JSONObject([("to", pointJSON(to)), ("c", pointJSON(c))])))])))
            case .close: list.append(.object(JSONObject([("close", .bool(true))])))
            case .oval(let rect):
                // An oval among other elements: UIKit starts it at 3 o'clock, clockwise.
                let c = (rect.x + rect.width / .constant(2), rect.y + rect.height / .constant(2))
                list.append(.object(JSONObject([("move", .array([expression(rect.x + rect.width), expression(c.1)]))])))
                list.append(.object(JSONObject([("arc", arcJSON(c, rect.width / .constant(2), .zero, .constant(2 * Double.pi), true))])))
            }
        }
        return .object(JSONObject([("elements", .array(list))]))
    }

    /// On screen while every layer up the tree is: the latest addition, the earliest removal.
    private func visibility(_ l: Object) -> (Symbolic, Symbolic?) {
        var added = l.addedAt ?? .zero
        var removed = l.removedAt
        var up = l.superlayer
        var steps = 0
        while let p = up, steps < 64 {
            if let a = p.addedAt, a != .zero, added == .zero || (a.constant ?? 0) > (added.constant ?? 0) { added = a }
            if let r = p.removedAt, removed == nil { removed = r }
            up = p.superlayer
            steps += 1
        }
        return (added, removed)
    }

    private func pointJSON(_ p: (Symbolic, Symbolic)) -> JSONValue { .array([expression(p.0), expression(p.1)]) }

    private func arcJSON(_ c: (Symbolic, Symbolic), _ r: Symbolic, _ a: Symbolic, _ b: Symbolic, _ cw: Bool) -> JSONValue {
        .object(JSONObject([("center", pointJSON(c)), ("radius", expression(r)), ("startAngle", expression(a)), ("endAngle", expression(b)), ("clockwise", .bool(cw))]))
    }

    private mutating func animation(_ s: AnimationSnapshot, topLevel: Bool, file: String, line: Int) -> JSONObject? {
        var o = JSONObject()
        switch s.kind {
        case .basicAnimation: o.append("type", .string("basic"))
        case .keyframeAnimation: o.append("type", .string("keyframe"))
        case .animationGroup: o.append("type", .string("group"))
        default:
            warnings.append(UnsupportedStatement(file: file, line: line, code: "\(s.kind)", why: "this kind of animation is not in the model format"))
            return nil
        }
        if s.kind != .animationGroup {
            guard case .string(var keyPath)? = s.fields["keyPath"] else {
                warnings.append(UnsupportedStatement(file: file, line: line, code: "keyPath", why: "an animation whose key path the code does not fix"))
                return nil
            }
            if keyPath == "rotation.z" || keyPath == "rotation" { keyPath = "transform.rotation.z" }
            guard Self.keyPaths.contains(keyPath) else {
                warnings.append(UnsupportedStatement(file: file, line: line, code: keyPath, why: "key path '\(keyPath)' is not in the model format"))
                return nil
            }
            o.append("keyPath", .string(keyPath))
        }
        func num(_ key: String, default d: Double) {
            guard let v = s.fields[key]?.number else { return }
            if v.constant == d { return }
            if v.usesNow && !(topLevel && key == "beginTime") {
                warnings.append(UnsupportedStatement(file: file, line: line, code: key, why: "'\(key)' from CACurrentMediaTime() where the format has no clock"))
                return
            }
            o.append(key, expression(v))
        }
        num("duration", default: 0)
        num("beginTime", default: 0)
        num("speed", default: 1)
        num("timeOffset", default: 0)
        num("repeatCount", default: 0)
        num("repeatDuration", default: 0)
        if s.fields["autoreverses"]?.isTruthy == true { o.append("autoreverses", .bool(true)) }
        if let fill = s.fields["fillMode"] {
            var text: String?
            if case .named(let n) = fill { text = n }
            if case .string(let t) = fill { text = t }
            if let t = text, ["forwards", "backwards", "both", "removed"].contains(t), t != "removed" { o.append("fillMode", .string(t)) }
        }
        if let r = s.fields["removedOnCompletion"] ?? s.fields["isRemovedOnCompletion"], r.isTruthy == false { o.append("removedOnCompletion", .bool(false)) }
        if let t = s.fields["timingFunction"], let tf = timing(t) { o.append("timingFunction", tf) }
        if s.fields["additive"]?.isTruthy == true, s.kind != .animationGroup { o.append("additive", .bool(true)) }
        if s.fields["cumulative"]?.isTruthy == true, s.kind != .animationGroup { o.append("cumulative", .bool(true)) }
        switch s.kind {
        case .basicAnimation:
            for key in ["fromValue", "toValue", "byValue"] {
                if let v = s.fields[key], let n = v.number { o.append(key, expression(n)) }
            }
        case .keyframeAnimation:
            if case .array(let values)? = s.fields["values"] { o.append("values", .array(values.map { expression($0.number ?? .zero) })) }
            if case .array(let times)? = s.fields["keyTimes"] { o.append("keyTimes", .array(times.map { expression($0.number ?? .zero) })) }
            if case .array(let fs)? = s.fields["timingFunctions"] { o.append("timingFunctions", .array(fs.map { timing($0) ?? .string("linear") })) }
            if let mode = s.fields["calculationMode"] {
                var text: String?
                if case .named(let n) = mode { text = n }
                if case .string(let t) = mode { text = t.hasPrefix("kCAAnimation") ? String(t.dropFirst(12)).lowercased() : t }
                if let t = text, ["linear", "discrete", "paced", "cubic"].contains(t), t != "linear" { o.append("calculationMode", .string(t)) }
            }
        case .animationGroup:
            var children: [JSONValue] = []
            for c in s.children { if let j = animation(c, topLevel: false, file: file, line: line) { children.append(.object(j)) } }
            guard !children.isEmpty else { return nil }
            o.append("animations", .array(children))
        default: break
        }
        return o
    }

    private func timing(_ v: Value) -> JSONValue? {
        switch v {
        case .timingFunction(.named(let n)):
            let name = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"].contains(n) ? n : "default"
            return .string(name)
        case .timingFunction(.points(let p)) where p.count == 4:
            return .array(p.map { expression($0) })
        case .named(let n) where ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"].contains(n):
            return .string(n)
        default: return nil
        }
    }
}

extension ModelWriter {
    /// Arcs one after another on the same circle, in the same direction (UIKit's rounded rect
    /// whose corner radius is half its side, arcs added piecewise) are one arc: written so, the
    /// fit recognises the ring. Zero-length moves and lines between them change nothing.
    static func singleCircle(_ elements: [PathElementValue]) -> ((Symbolic, Symbolic), Symbolic, Symbolic, Symbolic, Bool)? {
        var arcs: [((Symbolic, Symbolic), Symbolic, Symbolic, Symbolic, Bool)] = []
        for e in elements {
            switch e {
            case .arc(let c, let r, let a, let b, let cw): arcs.append((c, r, a, b, cw))
            case .move, .line, .close: continue
            default: return nil
            }
        }
        guard arcs.count >= 2, let first = arcs.first else { return nil }
        var end = first.3
        for a in arcs.dropFirst() {
            guard a.0 == first.0, a.1 == first.1, a.4 == first.4, let x = a.2.value([:]), let y = end.value([:]), abs(x - y) < 1e-9 else { return nil }
            end = a.3
        }
        // Every line must be of zero length: its point on the circle where the arcs meet.
        var lines = 0
        for e in elements { if case .line = e { lines += 1 } }
        guard lines == 0 else { return nil }
        return (first.0, first.1, first.2, end, first.4)
    }
}
