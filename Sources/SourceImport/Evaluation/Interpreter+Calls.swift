/// Calls: user functions and methods (by name and argument labels, up the class chain), Objective-C
/// messages, initialisers (`alloc`/`init…`, Swift `Type(…)`), closures; everything else goes to the
/// builtins of UIKit and Core Animation.
extension Interpreter {
    func call(_ callee: Expr, _ args: [Argument], _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        var values: [Value] = []
        for a in args { values.append(try eval(a.value, ctx)) }
        let labels = args.map(\.label)
        switch callee.kind {
        case .name(let n):
            if let v = ctx.scope.lookup(n) {
                if case .closure(let c) = v { return try run(c, values) }
                if case .type(let t) = v { return try construct(t, labels, values, ctx, position) }
            }
            if let o = ctx.selfObject, let (f, owner) = program.method(n, labels: labels, in: o.className, isStatic: false) {
                return try invoke(f, owner: owner, on: o, arguments: values, labels: labels, ctx, position)
            }
            if let cls = ctx.className, let (f, owner) = program.method(n, labels: labels, in: cls, isStatic: true) {
                return try invoke(f, owner: owner, on: nil, arguments: values, labels: labels, ctx, position)
            }
            if let f = program.functions[n]?.first(where: { $0.accepts(labels) || !ctx.file.hasSuffix(".swift") }) {
                return try invoke(f, owner: nil, on: nil, arguments: values, labels: labels, ctx, position)
            }
            if program.types[n] != nil { return try construct(n, labels, values, ctx, position) }
            // Builtin functions run once (some schedule code: `dispatch_after`).
            if let v = builtinFunction(n, labels, values, ctx, position) { return v }
            if n.first?.isUppercase == true { return try construct(n, labels, values, ctx, position) }
            if n == "super", let o = ctx.selfObject { return try superCall("init", labels, values, o, ctx, position) }
            if n == "self", let o = ctx.selfObject { return try send(.object(o), "init", labels, values, ctx, position) }
            return .unknown(n)
        case .member(let baseExpr, let m):
            if case .name("super") = baseExpr.kind, let o = ctx.selfObject { return try superCall(m, labels, values, o, ctx, position) }
            let base = try eval(baseExpr, ctx)
            forgetObserverSelectors(m, values)
            if case .array(let items) = base, let changed = mutated(items, m, values) {
                try assign(baseExpr, .array(changed), ctx)
                return .null
            }
            if m == "init", case .type(let t) = base { return try construct(t, labels, values, ctx, position) }
            return try send(base, m, labels, values, ctx, position)
        case .implicitMember(let m):
            // `.init(name: .easeOut)` where a timing function is expected.
            if m == "init", labels.first == "name" || labels.first == "controlPoints" {
                return try builtinConstructor("CAMediaTimingFunction", labels, values, ctx, position) ?? .unknown("init")
            }
            return builtinFunction(m, labels, values, ctx, position) ?? .named(m)
        default:
            let f = try eval(callee, ctx)
            if case .closure(let c) = f { return try run(c, values) }
            if case .type(let t) = f { return try construct(t, labels, values, ctx, position) }
            return .unknown("call")
        }
    }

    func message(_ receiverExpr: Expr, _ parts: [String], _ args: [Expr], _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        var values: [Value] = []
        for a in args { values.append(try eval(a, ctx)) }
        let name = parts[0]
        let labels: [String?] = args.isEmpty ? [] : [nil] + parts.dropFirst().map { Optional($0) }
        if case .name("super") = receiverExpr.kind, let o = ctx.selfObject {
            return try superCall(name, labels, values, o, ctx, position)
        }
        let receiver = try eval(receiverExpr, ctx)
        forgetObserverSelectors(name, values)
        if case .array(let items) = receiver, let changed = mutated(items, name, values) {
            try assign(receiverExpr, .array(changed), ctx)
            return .null
        }
        // `performSelector:withObject:afterDelay:` runs the method later.
        if name == "performSelector", labels.last == "afterDelay", case .selector(let s)? = values.first, case .object(let target) = receiver {
            selectorTargets.remove(s)
            let delay = values.last?.number ?? .zero
            let argument = values.count > 2 ? values[1] : Value.null
            schedule(at: now + delay) { (me: Interpreter) throws(Stop) in
                if let (f, owner) = me.program.method(s, labels: [nil], in: target.className, isStatic: false) ?? me.program.method(s, labels: [], in: target.className, isStatic: false) {
                    _ = try me.invoke(f, owner: owner, on: target, arguments: [argument], Context(scope: Scope(parent: nil), selfObject: target, className: owner, file: f.file), f.position)
                }
            }
            return .null
        }
        return try send(receiver, name, labels, values, ctx, position)
    }

    /// Notification observers run on system events, not on the user's actions.
    func forgetObserverSelectors(_ name: String, _ values: [Value]) {
        guard name == "addObserver" || name.hasPrefix("performSelector") == false && name == "publisher" else { return }
        for case .selector(let s) in values { selectorTargets.remove(s) }
    }

    /// A method call on a value: user methods first, then the builtins.
    func send(_ receiver: Value, _ name: String, _ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        // A layer added to a layer the given code does not make (`self.hudView.layer` in a
        // pasted method): it is on screen from here, wherever that layer is.
        if case .unknown(let host) = receiver, name == "addSublayer" || name == "insertSublayer",
           case .object(let layer)? = values.first, layer.isLayer {
            if layer.addedAt == nil { layer.addedAt = now }
            note("a layer is added to \(host), which the given code does not make: taken as on screen from then")
            return .null
        }
        switch receiver {
        case .object(let o):
            if let (f, owner) = program.method(name, labels: labels, in: o.className, isStatic: false) {
                return try invoke(f, owner: owner, on: o, arguments: values, labels: labels, ctx, position)
            }
            // A property holding a closure: `self.completion?()`.
            if labels.isEmpty || labels.allSatisfy({ $0 == nil }), case .closure(let c)? = o.fields[name] { return try run(c, values) }
            // Objective-C setter message: `[layer setStrokeEnd:0.5]`.
            if let property = Self.property(ofSetter: name), values.count == 1, labels == [nil] {
                if program.property(property, in: o.className) != nil || Self.layerProperties.contains(property) || Self.viewProperties.contains(property) || o.isAnimation {
                    try setMember(o, property, values[0], ctx, position, direct: false)
                    return .null
                }
            }
            if let v = try builtinMethod(o, name, labels, values, ctx, position) { return v }
            if values.isEmpty, labels.isEmpty { return try member(receiver, name, ctx, position) }
            return .unknown(name)
        case .type(let t):
            if let (f, owner) = program.method(name, labels: labels, in: t, isStatic: true) {
                return try invoke(f, owner: owner, on: nil, arguments: values, labels: labels, ctx, position)
            }
            if name == "class" || name == "self" { return .type(t) }
            if name == "alloc" || name == "new" {
                let o = allocate(t)
                if name == "new" { return try send(.object(o), "init", [], [], ctx, position) }
                return .object(o)
            }
            return try builtinStatic(t, name, labels, values, ctx, position)
        case .closure(let c):
            return try run(c, values)
        case .unknown(let n) where ctx.selfObject != nil && (n.hasPrefix("_") || n.first?.isLowercase == true):
            // An outlet the given code never declares (its header is missing): the one view class
            // that answers this message is what the storyboard connected.
            if let view = outlet(n, answering: name, labels, ctx) { return try send(.object(view), name, labels, values, ctx, position) }
            return .unknown(name)
        default:
            if case .rect(let r) = receiver, name == "inset" || name == "insetBy", let v = builtinFunction(name, labels, [.rect(r)] + values, ctx, position) { return v }
            if let t = valueTypeName(receiver), let (f, owner) = program.method(name, labels: labels, in: t, isStatic: false) {
                var inner = ctx
                inner.selfValue = receiver
                inner.selfObject = nil
                return try invokeOnValue(f, owner: owner, receiver, values, inner, position)
            }
            return try builtinValueMethod(receiver, name, labels, values, ctx, position)
        }
    }

    /// `super.method(…)` / `[super method…]`: the next class up that declares it, else the builtin.
    func superCall(_ name: String, _ labels: [String?], _ values: [Value], _ o: Object, _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        if let cls = ctx.className, let parent = program.types[cls]?.superclass,
           let (f, owner) = program.method(name, labels: labels, in: parent, isStatic: false) {
            return try invoke(f, owner: owner, on: o, arguments: values, labels: labels, ctx, position)
        }
        if name.hasPrefix("init") {
            try builtinInit(o, name, labels, values, ctx, position)
            return .object(o)
        }
        // `[super setIndeterminate:x]` where the superclass only synthesises the property.
        if let property = Self.property(ofSetter: name), values.count == 1 {
            if program.property(property, in: o.className) != nil {
                try setMember(o, property, values[0], ctx, position, direct: true)
                return .null
            }
        }
        return try builtinMethod(o, name, labels, values, ctx, position) ?? .null
    }

    /// A new object of a class (user or builtin) before its initialiser runs.
    func allocate(_ className: String) -> Object {
        let root = program.builtinRoot(className)
        let kind = Self.kind(ofBuiltin: root)
        let o = newObject(className, program.types[className] != nil && kind == .other ? .user : kind)
        initializeStoredProperties(o)
        if program.types[className] != nil { instances.append(o) }
        return o
    }

    /// Swift stored properties with initial values take them before `init` runs (lazy ones wait).
    func initializeStoredProperties(_ o: Object) {
        for t in program.chain(o.className).reversed() {
            for p in t.properties where !p.isStatic && !p.isLazy && p.getter == nil && p.initial != nil && p.file.hasSuffix(".swift") {
                if case .closure = p.initial!.kind {} else if isSimple(p.initial!) {
                    let ctx = Context(scope: Scope(parent: nil), selfObject: o, className: o.className, file: p.file)
                    if let v = try? eval(p.initial!, ctx) { o.fields[p.name] = v }
                }
            }
        }
    }

    /// Initial values that do not depend on `self` can be taken at once; the rest on first use.
    private func isSimple(_ e: Expr) -> Bool {
        switch e.kind {
        case .number, .string, .bool, .null, .implicitMember: return true
        case .unary(_, let a): return isSimple(a)
        case .binary(_, let a, let b): return isSimple(a) && isSimple(b)
        case .member(let b, _): if case .name(let n) = b.kind { return n.first?.isUppercase == true }; return false
        case .array(let items): return items.allSatisfy(isSimple)
        default: return false
        }
    }

    static func kind(ofBuiltin root: String) -> Object.Kind {
        switch root {
        case "CAShapeLayer": return .shapeLayer
        case "CALayer", "CAGradientLayer", "CAReplicatorLayer", "CATextLayer": return .layer
        case "CABasicAnimation": return .basicAnimation
        case "CAKeyframeAnimation": return .keyframeAnimation
        case "CASpringAnimation": return .springAnimation
        case "CAAnimationGroup": return .animationGroup
        case "UIBezierPath", "CGMutablePath", "NSBezierPath": return .path
        case "Timer", "NSTimer", "CADisplayLink": return .timer
        default:
            if root.hasPrefix("UI") && (root.hasSuffix("View") || root.hasSuffix("Button") || root.hasSuffix("Control") || root.hasSuffix("Label") || root == "UIWindow") { return .view }
            return .other
        }
    }

    /// `Type(…)`, `Type.init(…)`, `[[Type alloc] init…]`.
    func construct(_ t: String, _ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        if program.types[t]?.kind == .enumType, let raw = values.first {
            return program.types[t]!.cases.first { c in c.rawValue.map { (try? eval($0, ctx)).flatMap { equal($0, raw) } ?? false } ?? false }.map { .named($0.name) } ?? raw
        }
        let userInit = program.method("init", labels: labels, in: t, isStatic: false) != nil
        if !userInit, let v = try builtinConstructor(t, labels, values, ctx, position) { return v }
        let o = allocate(t)
        let result = try send(.object(o), "init", labels, values, ctx, position)
        // A convenience initialiser of a framework value type (`UIColor(hex:)`) made a plain value.
        if let v = o.fields["\u{0}value"] { return v }
        return result
    }

    /// A method of a user extension of a value type (`CGRect.center`, `UIColor(hex:)` helpers).
    func invokeOnValue(_ f: FunctionDecl, owner: String, _ receiver: Value, _ arguments: [Value], _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        let scope = Scope(parent: nil)
        for (k, p) in f.parameters.enumerated() { scope.values[p.name] = k < arguments.count ? arguments[k] : .unknown(p.name) }
        let inner = Context(scope: scope, selfObject: nil, className: owner, file: f.file, selfValue: receiver)
        if case .returned(let v) = try exec(f.body ?? [], inner) { return v }
        return .null
    }

    /// Runs a user function with arguments bound to its parameters by position.
    func invoke(_ f: FunctionDecl, owner: String?, on object: Object?, arguments: [Value], labels: [String?]? = nil, _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        guard depth < Self.depthLimit else { return .unknown(f.name) }
        depth += 1
        callStack.append(f)
        invoked.insert("\(f.file):\(f.position.line):\(f.position.column)")
        if traceCalls { trace("\(String(repeating: " ", count: depth))\(owner ?? "")·\(f.name) at \(now.text)") }
        defer { depth -= 1; callStack.removeLast() }
        let scope = Scope(parent: nil)
        var k = 0
        let inner = Context(scope: scope, selfObject: object, className: owner ?? ctx.className, file: f.file)
        for p in f.parameters {
            // With labels, an argument goes to the parameter it names; parameters left out take
            // their defaults (`hudCreate(status:image:hide:)` skips `progress`).
            let matches: Bool
            if let labels, k < labels.count {
                matches = labels[k] == p.label || (labels[k] == nil && (k == 0 || k == labels.count - 1)) || p.defaultValue == nil
            } else {
                matches = k < arguments.count
            }
            if matches && k < arguments.count { scope.values[p.name] = arguments[k]; k += 1 }
            else if let d = p.defaultValue { scope.values[p.name] = try eval(d, inner) }
            else { scope.values[p.name] = .unknown(p.name) }
        }
        let flow = try exec(f.body ?? [], inner)
        // An initialiser gives its object (or the one `self.init(…)` / `[super init…]` returned).
        if f.name.hasPrefix("init"), let object {
            if case .returned(.object(let o)) = flow { return .object(o) }
            return .object(object)
        }
        if case .returned(let v) = flow { return v }
        return .null
    }

    func run(_ c: Closure, _ arguments: [Value]) throws(Stop) -> Value {
        guard depth < Self.depthLimit else { return .unknown("closure") }
        depth += 1
        defer { depth -= 1 }
        let scope = Scope(parent: c.scope)
        for (k, p) in c.parameters.enumerated() { scope.values[p] = k < arguments.count ? arguments[k] : .unknown(p) }
        for (k, a) in arguments.enumerated() { scope.values["$\(k)"] = a }
        // The closure's `self` is the one it was created with.
        let ctx = Context(scope: scope, selfObject: c.selfObject, className: c.className ?? c.selfObject?.className, file: c.file)
        if case .returned(let v) = try exec(c.body, ctx) { return v }
        return .null
    }

}

extension Interpreter {
    func outlet(_ n: String, answering name: String, _ labels: [String?], _ ctx: Context) -> Object? {
        guard let owner = ctx.selfObject else { return nil }
        let candidates = program.order.filter { t in
            Self.kind(ofBuiltin: program.builtinRoot(t)) == .view && program.method(name, labels: labels, in: t, isStatic: false) != nil
        }
        // The most derived class: no other candidate inherits from it.
        let leaves = candidates.filter { c in !candidates.contains { $0 != c && program.chain($0).contains { $0.name == c } } }
        guard leaves.count == 1, let type = leaves.first else { return nil }
        let field = n.hasPrefix("_") ? String(n.dropFirst()) : n
        guard let view = try? makeFromStoryboard(type, in: controllerView(owner)) else { return nil }
        view.origin = field
        owner.fields[field] = .object(view)
        owner.fields[n] = .object(view)
        note("\(n) is taken as the \(type) a storyboard connects (the only view class that answers \(name))")
        return view
    }
}

extension Interpreter {
    /// Arrays are values here: `rings.append(ring)`, `[layers addObject:l]` give a new array that
    /// is written back where the old one was.
    func mutated(_ items: [Value], _ name: String, _ values: [Value]) -> [Value]? {
        switch name {
        case "append", "addObject":
            guard let v = values.first else { return nil }
            return items.count < Self.loopLimit ? items + [v] : items
        case "appendContentsOf", "addObjectsFromArray":
            if case .array(let more)? = values.first { return Array((items + more).prefix(Self.loopLimit)) }
            return nil
        case "insert", "insertObject":
            guard let v = values.first else { return nil }
            let k = values.count > 1 ? Int(values[1].number?.constant ?? 0) : 0
            var copy = items
            copy.insert(v, at: max(0, min(k, copy.count)))
            return copy
        case "removeAll", "removeAllObjects": return []
        case "removeLast", "removeLastObject": return items.isEmpty ? items : Array(items.dropLast())
        case "removeFirst": return items.isEmpty ? items : Array(items.dropFirst())
        default: return nil
        }
    }
}
