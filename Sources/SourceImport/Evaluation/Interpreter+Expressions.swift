/// Expressions: names, members, operators, literals; calls are in Interpreter+Calls.
extension Interpreter {
    func eval(_ e: Expr, _ ctx: Context) throws(Stop) -> Value {
        try tick()
        guard enter() else { return .unknown("cycle") }
        defer { evalDepth -= 1 }
        switch e.kind {
        case .number(let v): return .number(.constant(v))
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .name(let n): return try name(n, ctx, e.position)
        case .member(let base, let m):
            if case .name("super") = base.kind, let o = ctx.selfObject { return try member(.object(o), m, ctx, e.position) }
            let v = try member(try eval(base, ctx), m, ctx, e.position)
            if case .unknown = v, !options.assumptions.isEmpty, let path = Self.dottedPath(e), let given = options.assumptions[path] {
                return try assumed(given)
            }
            return v
        case .implicitMember(let m): return .named(m)
        case .call(let callee, let args): return try call(callee, args, ctx, e.position)
        case .message(let receiver, let parts, let args): return try message(receiver, parts, args, ctx, e.position)
        case .subscripted(let base, let args):
            let b = try eval(base, ctx)
            guard let first = args.first else { return .unknown("subscript") }
            let index = try eval(first.value, ctx)
            if case .array(let a) = b, let k = index.number?.constant, k >= 0, Int(k) < a.count { return a[Int(k)] }
            if case .dictionary(let d) = b { return d.first { equal($0.0, index) == true }?.1 ?? .null }
            return .unknown("subscript")
        case .unary(let op, let a):
            let v = try eval(a, ctx)
            switch op {
            case "-": if let n = v.number { return .number(-n) }
            case "!": if let t = v.isTruthy { return .bool(!t) }
            case "++", "--":
                if let n = v.number { let r = Value.number(n + .constant(op == "++" ? 1 : -1)); try assign(a, r, ctx); return r }
            default: break
            }
            return .unknown(op)
        case .postfix(let op, let a):
            let v = try eval(a, ctx)
            if let n = v.number { try assign(a, .number(n + .constant(op == "++" ? 1 : -1)), ctx) }
            return v
        case .binary(let op, let a, let b):
            let x = try eval(a, ctx)
            if op == "&&" { if x.isTruthy == false { return .bool(false) } }
            if op == "||" { if x.isTruthy == true { return .bool(true) } }
            if op == "??" { if case .null = x {} else if case .unknown = x {} else { return x } }
            let y = try eval(b, ctx)
            if op == "??" { return y }
            return arithmetic(op, x, y)
        case .ternary(let c, let a, let b):
            switch try eval(c, ctx).isTruthy {
            case true?: return try eval(a, ctx)
            case false?: return try eval(b, ctx)
            case nil:
                undecided([.expression(c)])
                return try eval(a, ctx)
            }
        case .array(let items):
            var list: [Value] = []
            for i in items { list.append(try eval(i, ctx)) }
            return .array(list)
        case .dictionary(let pairs):
            var list: [(Value, Value)] = []
            for (k, v) in pairs { list.append((try eval(k, ctx), try eval(v, ctx))) }
            return .dictionary(list)
        case .closure(let parameters, let body):
            return .closure(Closure(parameters: parameters, body: body, scope: ctx.scope, file: ctx.file, selfObject: ctx.selfObject, className: ctx.className))
        case .cast(let a, let type):
            let v = try eval(a, ctx)
            if ["int", "NSInteger", "Int", "long", "int64_t", "NSUInteger", "uint64_t", "int32_t", "uint32_t", "size_t"].contains(type), let n = v.number?.constant { return .number(.constant(n.rounded(.towardZero))) }
            if ["float", "Float"].contains(type), let n = v.number?.constant { return .number(.constant(Double(Float(n)))) }
            return v
        case .selector(let n):
            selectorTargets.insert(n)
            return .selector(n)
        case .opaque(let s): return .unknown(s)
        }
    }

    func arithmetic(_ op: String, _ x: Value, _ y: Value) -> Value {
        switch op {
        case "==": return equal(x, y).map { .bool($0) } ?? .unknown("==")
        case "!=": return equal(x, y).map { .bool(!$0) } ?? .unknown("!=")
        case "&&": if let a = x.isTruthy, let b = y.isTruthy { return .bool(a && b) }; return .unknown("&&")
        case "||": if let a = x.isTruthy, let b = y.isTruthy { return .bool(a || b) }; return .unknown("||")
        default: break
        }
        if op == "+", case .string(let a) = x, case .string(let b) = y { return .string(a + b) }
        if op == "+", case .array(let a) = x, case .array(let b) = y { return .array(a + b) }
        if case .point(let a, let b) = x, case .point(let c, let d) = y {
            if op == "+" { return .point(a + c, b + d) }
            if op == "-" { return .point(a - c, b - d) }
        }
        if case .point(let a, let b) = x, let k = y.number {
            if op == "*" { return .point(a * k, b * k) }
            if op == "/" { return .point(a / k, b / k) }
        }
        if case .size(let a, let b) = x, let k = y.number {
            if op == "*" { return .size(a * k, b * k) }
            if op == "/" { return .size(a / k, b / k) }
        }
        guard let a = x.number, let b = y.number else { return .unknown(op) }
        switch op {
        case "+": return .number(a + b)
        case "-": return .number(a - b)
        case "*": return .number(a * b)
        case "/":
            if let p = a.constant, let q = b.constant, q == 0 { return .number(.constant(p == 0 ? .nan : p / q)) }
            return .number(a / b)
        case "%":
            if let p = a.constant, let q = b.constant, q != 0 { return .number(.constant(p.truncatingRemainder(dividingBy: q))) }
        case "<", ">", "<=", ">=":
            guard let p = decided(a), let q = decided(b) else { return .unknown(op) }
            switch op { case "<": return .bool(p < q); case ">": return .bool(p > q); case "<=": return .bool(p <= q); default: return .bool(p >= q) }
        case "...", "..<":
            guard let p = a.constant, let q = b.constant, q - p < Double(Self.loopLimit) else { return .unknown(op) }
            let upper = op == "..." ? q : q - 1
            return .array(p <= upper ? stride(from: p, through: upper, by: 1).map { .number(.constant($0)) } : [])
        default: break
        }
        return .unknown(op)
    }

    func equal(_ x: Value, _ y: Value) -> Bool? {
        switch (x, y) {
        case (.null, .null): return true
        case (.unknown, _), (_, .unknown): return nil
        // A value that is there is not nil (`progress == nil` with progress 0).
        case (.null, _), (_, .null): return false
        case (.object(let a), .object(let b)): return a === b
        case (.string(let a), .string(let b)): return a == b
        case (.named(let a), .named(let b)): return a == b
        case (.selector(let a), .selector(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        default:
            if let a = x.number.flatMap(decided), let b = y.number.flatMap(decided) { return a == b }
            return nil
        }
    }

    /// A number for a decision: a constant, or an expression over the import's variables at their
    /// values (`if (self.animationDuration == 0) return;` with the duration a fitted variable),
    /// noted, since the fit may move them.
    func decided(_ s: Symbolic) -> Double? {
        if let c = s.constant { return c }
        guard !s.usesNow, !s.variables.isEmpty else { return nil }
        let values = variableValues
        guard let v = s.value(values) else { return nil }
        note("a condition on \(s.text) was decided at the variables' values")
        return v
    }

    // MARK: Names

    func name(_ n: String, _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        if let v = ctx.scope.lookup(n) {
            if case .unknown = v, let given = options.assumptions[n] { return try assumed(given) }
            return v
        }
        if let given = options.assumptions[n], ctx.selfObject.map({ program.property(n, in: $0.className) == nil }) ?? true, program.globals[n] == nil { return try assumed(given) }
        if n == "self" { return ctx.selfValue ?? ctx.selfObject.map { .object($0) } ?? .null }
        if let v = ctx.selfValue, n != "super" {
            let m = try member(v, n, ctx, position)
            if case .unknown = m {} else { return m }
        }
        if n == "super" { return ctx.selfObject.map { .object($0) } ?? .null }
        // Pasted code's own top-level names come before the members of its stand-in `self`.
        if let o = ctx.selfObject, o === snippetObject, let v = try global(n) { return v }
        if let o = ctx.selfObject {
            // Objective-C instance variables `_name` are the property's storage.
            let field = n.hasPrefix("_") && o.fields[n] == nil && program.property(String(n.dropFirst()), in: o.className) != nil ? String(n.dropFirst()) : n
            if o.fields[field] != nil || program.property(field, in: o.className) != nil {
                return try member(.object(o), field, ctx, position, direct: field != n)
            }
            if let (m, owner) = program.method(n, labels: [], in: o.className, isStatic: false), m.parameters.isEmpty, ctx.file.hasSuffix(".swift") == false {
                _ = owner
                return .selector(n)
            }
            if Self.viewProperties.contains(n) || (o.isLayer && Self.layerProperties.contains(n)) { return try member(.object(o), n, ctx, position) }
        }
        if let cls = ctx.className, let t = program.types[cls], let p = t.properties.first(where: { $0.name == n && $0.isStatic }) {
            return try staticProperty(p, cls)
        }
        if let v = try global(n) { return v }
        if program.types[n] != nil { return .type(n) }
        if let c = Self.constant(n) { return c }
        if n.first?.isUppercase == true { return .type(n) }
        return .unknown(n)
    }

    func global(_ n: String) throws(Stop) -> Value? {
        if let v = globalsCache[n] { return v }
        guard let g = program.globals[n] else { return nil }
        let ctx = Context(scope: Scope(parent: nil), selfObject: nil, className: nil, file: g.file)
        globalsCache[n] = .unknown(n)
        let v = try g.initial.map { (e: Expr) throws(Stop) in try eval(e, ctx) } ?? .unknown(n)
        // A top-level `let ring = CAShapeLayer()` names the layer, as a local or a property does.
        if case .object(let o) = v, o.origin.isEmpty { o.origin = n }
        globalsCache[n] = v
        return v
    }

    func staticProperty(_ p: PropertyDecl, _ cls: String) throws(Stop) -> Value {
        let key = cls + "." + p.name
        if let v = globalsCache[key] { return v }
        let ctx = Context(scope: Scope(parent: nil), selfObject: nil, className: cls, file: p.file)
        // A computed class property runs its getter every time.
        if let g = p.getter {
            if case .returned(let r) = try exec(g, ctx) { return r }
            return .unknown(p.name)
        }
        var v: Value = .unknown(p.name)
        // Initialised once: code that reads the property while it is being made sees it unset
        // (Swift would trap; the run must not recurse).
        globalsCache[key] = .unknown(p.name)
        if let e = p.initial { v = try eval(e, ctx) }
        if case .object(let o) = v, o.origin.isEmpty { o.origin = p.name }
        globalsCache[key] = v
        return v
    }

    /// `Type.property = value`: a class property's setter, or its storage.
    func setStaticProperty(_ t: String, _ m: String, _ value: Value) throws(Stop) {
        if let owner = program.chain(t).first(where: { $0.properties.contains { $0.name == m && $0.isStatic } }),
           let p = owner.properties.first(where: { $0.name == m && $0.isStatic }), let setter = p.setter {
            let scope = Scope(parent: nil)
            scope.values[setter.name] = value
            _ = try exec(setter.body, Context(scope: scope, selfObject: nil, className: owner.name, file: p.file))
            return
        }
        let owner = program.chain(t).first(where: { $0.properties.contains { $0.name == m && $0.isStatic } })?.name ?? t
        globalsCache[owner + "." + m] = value
    }

    /// Objective-C and C constants the subset knows: Core Animation's string constants carry the
    /// names the model format uses.
    static func constant(_ n: String) -> Value? {
        switch n {
        case "M_PI": return .number(.constant(Double.pi))
        case "M_PI_2": return .number(.constant(Double.pi / 2))
        case "M_PI_4": return .number(.constant(Double.pi / 4))
        case "M_2_PI": return .number(.constant(2 / Double.pi))
        case "INFINITY", "HUGE_VALF", "HUGE_VAL", "HUGE": return .number(.constant(.infinity))
        case "FLT_MAX", "MAXFLOAT", "CGFLOAT_MAX": return .number(.constant(Double(Float.greatestFiniteMagnitude)))
        case "NSEC_PER_SEC": return .number(.constant(1e9))
        case "NSEC_PER_USEC": return .number(.constant(1e3))
        case "NSEC_PER_MSEC": return .number(.constant(1e6))
        case "USEC_PER_SEC": return .number(.constant(1e6))
        case "DISPATCH_TIME_NOW": return .number(.zero)
        case "CGRectZero": return .rect(.zero)
        case "CGPointZero": return .point(.zero, .zero)
        case "CGSizeZero": return .size(.zero, .zero)
        default: break
        }
        for (prefix, _) in [("kCALineCap", 0), ("kCALineJoin", 0), ("kCAFillMode", 0), ("kCAMediaTimingFunction", 0), ("kCAAnimation", 0)] where n.hasPrefix(prefix) {
            let rest = n.dropFirst(prefix.count)
            return .named(rest.prefix(1).lowercased() + rest.dropFirst())
        }
        return nil
    }
}

extension Interpreter {
    /// `indexPath.row`, `self.slider.value`: the text of a chain of names, for `--assume`.
    static func dottedPath(_ e: Expr) -> String? {
        switch e.kind {
        case .name(let n): return n
        case .member(let b, let m): return dottedPath(b).map { $0 == "self" ? m : $0 + "." + m }
        default: return nil
        }
    }
}

extension Interpreter {
    /// A `--assume` value; a name is the code's own constant or enum case (`BEMAnimationTypeOneStroke`, `.succeed`).
    func assumed(_ given: AssumedValue) throws(Stop) -> Value {
        guard case .string(let text) = given else { return given.value }
        let name = text.hasPrefix(".") ? String(text.dropFirst()) : text
        if let v = try global(name) { return v }
        if program.types.values.contains(where: { $0.kind == .enumType && $0.cases.contains { $0.name == name } }) { return .named(name) }
        return given.value
    }
}
