/// Reading and writing members: user properties (stored, lazy, computed, observed, Objective-C
/// accessors), the UIKit and Core Animation properties the model holds, and struct fields.
extension Interpreter {
    static let viewProperties: Set<String> = ["frame", "bounds", "center", "layer", "tintColor", "superview", "subviews", "isHidden", "hidden", "alpha", "backgroundColor", "window", "transform"]
    static let layerProperties: Set<String> = ["path", "lineWidth", "strokeColor", "fillColor", "lineCap", "lineJoin", "strokeStart", "strokeEnd", "speed", "timeOffset", "beginTime", "sublayers", "superlayer", "frame", "bounds", "position", "opacity", "anchorPoint", "mask", "lineDashPattern", "transform", "cornerRadius", "contentsScale", "miterLimit", "hidden", "isHidden", "backgroundColor", "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset", "actions", "fillRule", "lineDashPhase"]
    /// Layer properties the model format holds (the rest of `layerProperties` are noted when animated).
    static let timedLayerProperties: Set<String> = ["strokeStart", "strokeEnd", "speed", "timeOffset", "beginTime"]

    func member(_ base: Value, _ m: String, _ ctx: Context, _ position: Position, direct: Bool = false) throws(Stop) -> Value {
        if let t = valueTypeName(base), let p = program.property(m, in: t), let g = p.getter {
            let inner = Context(scope: Scope(parent: nil), selfObject: nil, className: t, file: p.file, selfValue: base)
            if case .returned(let v) = try exec(g, inner) { return v }
        }
        switch base {
        case .object(let o): return try objectMember(o, m, ctx, position, direct: direct)
        case .rect(let r):
            switch m {
            case "origin": return .point(r.x, r.y)
            case "size": return .size(r.width, r.height)
            case "x", "minX": return .number(r.x)
            case "y", "minY": return .number(r.y)
            case "width": return .number(r.width)
            case "height": return .number(r.height)
            case "midX": return .number(r.x + r.width / .constant(2))
            case "midY": return .number(r.y + r.height / .constant(2))
            case "maxX": return .number(r.x + r.width)
            case "maxY": return .number(r.y + r.height)
            default: return .unknown(m)
            }
        case .size(let w, let h):
            if m == "width" { return .number(w) }
            if m == "height" { return .number(h) }
        case .point(let x, let y):
            if m == "x" { return .number(x) }
            if m == "y" { return .number(y) }
        case .color:
            if m == "cgColor" || m == "CGColor" { return base }
        case .timingFunction, .number, .string, .bool:
            if m == "cgColor" || m == "CGColor" || m == "floatValue" || m == "doubleValue" || m == "CGFloatValue" { return base }
        case .array(let a):
            if m == "count" { return .number(.constant(Double(a.count))) }
            if m == "first" { return a.first ?? .null }
            if m == "last" { return a.last ?? .null }
            if m == "isEmpty" { return .bool(a.isEmpty) }
        case .type(let t): return try typeMember(t, m, ctx, position)
        case .named(let n):
            if n == "screen", m == "bounds" { return .rect(Rect(x: .zero, y: .zero, width: .constant(Self.screen.width), height: .constant(Self.screen.height))) }
            // A computed property of the user enum that has this case.
            for t in program.types.values where t.kind == .enumType && t.cases.contains(where: { $0.name == n }) {
                if let p = t.properties.first(where: { $0.name == m }), let g = p.getter {
                    let inner = Context(scope: Scope(parent: nil), selfObject: nil, className: t.name, file: p.file, selfValue: base)
                    if case .returned(let v) = try exec(g, inner) { return v }
                }
            }
            if m == "rawValue" {
                // The raw value of the user enum that has this case.
                for t in program.types.values where t.kind == .enumType {
                    if let c = t.cases.first(where: { $0.name == n }), let raw = c.rawValue {
                        return try eval(raw, Context(scope: Scope(parent: nil), selfObject: nil, className: t.name, file: t.file))
                    }
                }
                return .string(n)
            }
            if m == "cgColor" || m == "CGColor" { return base }
        default: break
        }
        return .unknown(m)
    }

    private func typeMember(_ t: String, _ m: String, _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        // `CAShapeLayer.self`, `Self.self`: the type itself.
        if m == "self" { return .type(t) }
        if let decl = program.types[t] {
            if let p = program.chain(t).lazy.flatMap(\.properties).first(where: { $0.name == m && $0.isStatic }) { return try staticProperty(p, t) }
            if decl.kind == .enumType, decl.cases.contains(where: { $0.name == m }) {
                // Swift enum cases stay names (their raw values are read by `rawValue`); C
                // enumerators are numbers (globals).
                if decl.file.hasSuffix(".swift") { return .named(m) }
                if let raw = decl.cases.first(where: { $0.name == m })?.rawValue { return try eval(raw, Context(scope: Scope(parent: nil), selfObject: nil, className: t, file: decl.file)) }
                return .named(m)
            }
        }
        if ["CGFloat", "Double", "Float", "Float32", "Float64", "CFTimeInterval", "TimeInterval"].contains(t), let v = Value.namedNumbers[m] {
            return .number(.constant(t == "Float" || m != "greatestFiniteMagnitude" ? v : Double.greatestFiniteMagnitude))
        }
        if m == "zero" {
            switch t { case "CGRect": return .rect(.zero); case "CGPoint": return .point(.zero, .zero); case "CGSize": return .size(.zero, .zero); default: return .number(.zero) }
        }
        if t == "UIColor" || t == "NSColor", let c = Colors.named(m) { return .color(c) }
        if t == "DispatchQueue" || t == "RunLoop" || t == "OperationQueue" { return .named(m) }
        if t == "UIScreen", m == "main" { return .named("screen") }
        if t == "UIApplication" {
            if m == "shared" || m == "sharedApplication" { return .type("UIApplication") }
            if m == "keyWindow" || m == "windows" { return .object(window()) }
        }
        return .named(m)
    }

    private func objectMember(_ o: Object, _ m: String, _ ctx: Context, _ position: Position, direct: Bool) throws(Stop) -> Value {
        if o.kind == .user || program.types[o.className] != nil {
            if let p = program.property(m, in: o.className) {
                let m = p.name
                // A class property read through an instance's implicit `self`.
                if p.isStatic, let owner = program.chain(o.className).first(where: { $0.properties.contains { $0.name == m && $0.isStatic } }) {
                    return try staticProperty(p, owner.name)
                }
                if let v = o.fields[m] { return v }
                if !direct, let g = p.getter {
                    let inner = Context(scope: Scope(parent: nil), selfObject: o, className: o.className, file: p.file)
                    if case .returned(let v) = try exec(g, inner) { return v }
                    return .null
                }
                if !direct, !p.file.hasSuffix(".swift"), let (f, owner) = program.method(m, labels: [], in: o.className, isStatic: false) {
                    return try invoke(f, owner: owner, on: o, arguments: [], ctx, position)
                }
                if let e = p.initial {
                    let inner = Context(scope: Scope(parent: nil), selfObject: o, className: o.className, file: p.file)
                    let v = try eval(e, inner)
                    // A layer made in the property's own initialiser closure is named for the property.
                    var madeHere = false
                    if case .call(let f, _) = e.kind, case .closure = f.kind { madeHere = true }
                    if case .object(let held) = v, held.origin.isEmpty || held.origin == "layer" || madeHere { held.origin = m }
                    o.fields[m] = v
                    return v
                }
                if !Self.viewProperties.contains(m) && !Self.layerProperties.contains(m) {
                    let v = unsetProperty(p, o)
                    o.fields[m] = v
                    return v
                }
            } else if let (f, owner) = program.method(m, labels: [], in: o.className, isStatic: false) {
                // Objective-C dot syntax calls a method of that name (`self.indicatorLayer`).
                return try invoke(f, owner: owner, on: o, arguments: [], ctx, position)
            }
        }
        return try builtinMember(o, m, ctx, position)
    }

    /// A declared property nothing in the code sets: its value comes from outside (a storyboard,
    /// a caller not among the files). Numbers become variables; `fit` ranges follow the name.
    func unsetProperty(_ p: PropertyDecl, _ o: Object) -> Value {
        let assigned = assignedNames.contains(p.name)
        let type = p.type ?? ""
        // An outlet to a view class of the code: the storyboard made it and put it on screen.
        if !assigned || p.isOutlet, program.types[type] != nil, Self.kind(ofBuiltin: program.builtinRoot(type)) == .view {
            guard let view = try? makeFromStoryboard(type, in: controllerView(o)) else { return .unknown(p.name) }
            view.origin = p.name
            note("\(p.name) is a \(type) from a storyboard (an outlet nothing in the code sets)")
            return .object(view)
        }
        let numeric = ["CGFloat", "Float", "Double", "float", "double", "CFTimeInterval", "NSTimeInterval", "TimeInterval", "Int", "NSInteger", "NSUInteger", "int"].contains(type)
        if assigned || !numeric { return defaultValue(p.type) }
        return .number(outsideVariable(p.name))
    }

    /// A variable for a number that comes from outside the code (a storyboard, a slider), with a
    /// `fit` range that suits its name.
    func outsideVariable(_ name: String) -> Symbolic {
        let lower = name.lowercased()
        if lower.contains("duration") || lower.contains("time") || lower.contains("interval") || lower.contains("delay") || lower.contains("period") {
            return variable(name, value: 1, fit: 0.05...10, because: "'\(name)' is set outside the given code: the variable {name} (a duration, fitted in 0.05…10 s)")
        }
        if lower.contains("progress") || lower.contains("percent") || lower.contains("fraction") || lower.contains("ratio") || lower.contains("value") {
            return variable(name, value: 0.5, fit: 0...1, because: "'\(name)' is set outside the given code: the variable {name} (a fraction, fitted in 0…1)")
        }
        if lower.contains("angle") || lower.contains("rotation") {
            return variable(name, value: 0, fit: 0...(2 * Double.pi), because: "'\(name)' is set outside the given code: the variable {name} (an angle, fitted in 0…2π)")
        }
        if lower.contains("width") || lower.contains("radius") || lower.contains("size") {
            return variable(name, value: lower.contains("width") ? 2 : 20, fit: nil, because: "'\(name)' is set outside the given code: the variable {name}, a length the fit does not estimate (edit its value)")
        }
        return variable(name, value: 1, fit: nil, because: "'\(name)' is set outside the given code: the variable {name} = 1 (edit its value)")
    }

    // MARK: Assignment

    func assign(_ target: Expr, _ value: Value, _ ctx: Context) throws(Stop) {
        switch target.kind {
        case .name(let n):
            if ctx.scope.lookup(n) != nil { ctx.scope.assign(n, value); return }
            if n == "self" { return }
            if let o = ctx.selfObject {
                let field = n.hasPrefix("_") && program.property(String(n.dropFirst()), in: o.className) != nil ? String(n.dropFirst()) : n
                if program.property(field, in: o.className) != nil || Self.viewProperties.contains(field) || (o.isLayer && Self.layerProperties.contains(field)) {
                    try setMember(o, field, value, ctx, target.position, direct: field != n)
                    return
                }
            }
            ctx.scope.assign(n, value)
        case .member(let baseExpr, let m):
            var base: Value
            if case .name("super") = baseExpr.kind, let o = ctx.selfObject { base = .object(o) } else { base = try eval(baseExpr, ctx) }
            switch base {
            case .object(let o): try setMember(o, m, value, ctx, target.position, direct: false)
            case .rect(var r):
                switch (m, value) {
                case ("origin", .point(let x, let y)): r.x = x; r.y = y
                case ("size", .size(let w, let h)): r.width = w; r.height = h
                case ("x", _): r.x = value.number ?? r.x
                case ("y", _): r.y = value.number ?? r.y
                case ("width", _): r.width = value.number ?? r.width
                case ("height", _): r.height = value.number ?? r.height
                default: return
                }
                try assign(baseExpr, .rect(r), ctx)
            case .point(var x, var y):
                if m == "x" { x = value.number ?? x } else if m == "y" { y = value.number ?? y } else { return }
                try assign(baseExpr, .point(x, y), ctx)
            case .size(var w, var h):
                if m == "width" { w = value.number ?? w } else if m == "height" { h = value.number ?? h } else { return }
                try assign(baseExpr, .size(w, h), ctx)
            case .type(let t):
                try setStaticProperty(t, m, value)
            default: return
            }
        case .subscripted(let baseExpr, let args):
            guard case .array(var a) = try eval(baseExpr, ctx), let k = try args.first.map({ (x: Argument) throws(Stop) in try eval(x.value, ctx) })?.number?.constant, k >= 0, Int(k) < a.count else { return }
            a[Int(k)] = value
            try assign(baseExpr, .array(a), ctx)
        default:
            return
        }
    }

    func setMember(_ o: Object, _ m: String, _ value: Value, _ ctx: Context, _ position: Position, direct: Bool) throws(Stop) {
        if let p = program.property(m, in: o.className) {
            let m = p.name
            if p.isStatic {
                try setStaticProperty(o.className, m, value)
                return
            }
            if !direct, let setter = p.setter {
                let scope = Scope(parent: nil)
                scope.values[setter.name] = value
                _ = try exec(setter.body, Context(scope: scope, selfObject: o, className: o.className, file: p.file))
                return
            }
            if !direct, !p.file.hasSuffix(".swift") {
                if let (f, owner) = program.method(Self.setterName(m), labels: [nil], in: o.className, isStatic: false), ctx.selfObject !== o || !isInside(f, ctx) {
                    _ = try invoke(f, owner: owner, on: o, arguments: [value], ctx, position)
                    return
                }
            }
            let old = o.fields[m]
            if case .object(let held) = value, held.origin.isEmpty { held.origin = m }
            // A number from outside the code (a slider's value) assigned to a numeric property.
            var value = value
            if case .unknown = value, ["CGFloat", "Float", "Double", "CFTimeInterval", "NSTimeInterval", "TimeInterval", "float", "double"].contains(p.type ?? "") {
                value = .number(outsideVariable(m))
            }
            if !Self.viewProperties.contains(m) && !(o.isLayer && Self.layerProperties.contains(m)) {
                o.fields[m] = value
            } else {
                try builtinSet(o, m, value, ctx, position)
                o.fields[m] = value
            }
            if let didSet = p.didSet, !direct {
                let scope = Scope(parent: nil)
                scope.values["oldValue"] = old ?? .null
                _ = try exec(didSet, Context(scope: scope, selfObject: o, className: o.className, file: p.file))
            }
            return
        }
        if !direct, program.types[o.className] != nil, !ctx.file.hasSuffix(".swift") {
            if let (f, owner) = program.method(Self.setterName(m), labels: [nil], in: o.className, isStatic: false) {
                _ = try invoke(f, owner: owner, on: o, arguments: [value], ctx, position)
                return
            }
        }
        try builtinSet(o, m, value, ctx, position)
    }

    /// Whether the code running is the setter itself (`self.x = x` inside `setX:` would recurse).
    private func isInside(_ f: FunctionDecl, _ ctx: Context) -> Bool {
        callStack.last.map { $0.name == f.name && $0.position == f.position } ?? false
    }
}

extension Interpreter {
    /// The framework type of a plain value, for user extensions of it.
    func valueTypeName(_ v: Value) -> String? {
        switch v {
        case .rect: return "CGRect"
        case .size: return "CGSize"
        case .point: return "CGPoint"
        case .color: return "UIColor"
        case .named(let n):
            return program.order.first { t in program.types[t]?.kind == .enumType && program.types[t]!.cases.contains { $0.name == n } }
        case .number: return nil
        default: return nil
        }
    }
}

extension Interpreter {
    /// The app's key window: the screen (an iPhone 8, 375 × 667 pt, as the code does not say).
    func window() -> Object {
        if let w = created.first(where: { $0.className == "UIWindow" }) { return w }
        let w = newObject("UIWindow", .view)
        w.frameRect = Rect(x: .zero, y: .zero, width: .constant(Self.screen.width), height: .constant(Self.screen.height))
        w.origin = "window"
        note("the key window is the screen of an iPhone 8 (375 × 667 pt), as the code does not fix it")
        return w
    }
}
