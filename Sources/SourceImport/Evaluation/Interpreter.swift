#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the code symbolically: objects are created, properties set, methods called, layers and
/// animations recorded with the moment (model time) each change happened. What the code leaves
/// open becomes a variable, what it does that the model cannot hold becomes an unsupported item.
///
/// Bounded: a step budget, a recursion limit and loop limits keep any input from hanging the run.
final class Interpreter {
    let program: Program
    /// `STROKESCOPE_IMPORT_TRACE=1`: every user function called, on stderr (for reports of
    /// code the importer misreads).
    let traceCalls = getenv("STROKESCOPE_IMPORT_TRACE").map { String(cString: $0) == "1" } ?? false

    func trace(_ line: String) {
        let text = line + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }
    var nextID = 0
    /// Model time of the scene being run: 0 for set-up, a constant after a delay, a variable
    /// named after an action.
    var now: Symbolic = .zero
    var notes: [String] = []
    var unsupported: [UnsupportedStatement] = []
    var variables: [ImportedVariable] = []
    /// Every view and layer created, in creation order.
    var created: [Object] = []
    /// Every object of a class the code declares, in creation order.
    var instances: [Object] = []
    var tasks: [ScheduledTask] = []
    /// The latest fixed moment code ran at: actions at variable moments are fitted after it.
    var latestFixedTime = 0.0
    /// The latest moment code ran at, variables at their values: an action's value comes after
    /// it, so the layers' lists stay in order.
    var latestMoment = 0.0
    /// Actions run at variable moments so far.
    var actionCount = 0
    /// The current `CATransaction`'s settings for implicit animations.
    var actionsDisabled = false
    var transactionDuration: Symbolic?
    /// `self` of code outside any class.
    var snippetObject: Object?
    var taskCounter = 0
    var steps = 0
    var depth = 0
    static let stepBudget = 3_000_000
    static let depthLimit = 100
    static let evalDepthLimit = 600
    var evalDepth = 0
    static let loopLimit = 10_000
    /// Properties assigned anywhere in the code (a property never assigned is set from outside).
    let assignedNames: Set<String>
    /// The assumed screen for view controllers' root views.
    static let screen = (width: 375.0, height: 667.0)
    var globalsCache: [String: Value] = [:]
    /// Methods named by `@selector`/`#selector`: targets of buttons, gestures, notifications.
    var selectorTargets = Set<String>()
    /// Functions that ran (by position), so actions nobody called can be run at their moment.
    var invoked = Set<String>()
    /// The user functions running, innermost last.
    var callStack: [FunctionDecl] = []
    var transactionCompletion: [Closure] = []
    var currentTransactionAnimations: [(Object, AnimationSnapshot)] = []

    /// What the user said about values the code leaves open.
    let options: ImportOptions

    init(program: Program, options: ImportOptions = ImportOptions()) {
        self.program = program
        self.options = options
        var names = Set<String>()
        func scan(_ stmts: [Stmt]) {
            for s in stmts {
                switch s.kind {
                case .assignment(let target, _, _):
                    if case .member(_, let n) = target.kind { names.insert(n) }
                    if case .name(let n) = target.kind { names.insert(n); if n.hasPrefix("_") { names.insert(String(n.dropFirst())) } }
                case .expression(let e):
                    if case .message(_, let parts, let args) = e.kind, parts.count == 1, args.count == 1, let n = Interpreter.property(ofSetter: parts[0]) {
                        names.insert(n)
                    }
                case .ifStatement(_, let a, let b): scan(a); scan(b ?? [])
                case .guardStatement(_, let b): scan(b)
                case .forIn(_, _, let b): scan(b)
                case .loop(_, _, _, let b): scan(b)
                case .switchStatement(_, let cases): for c in cases { scan(c.body) }
                case .block(let b): scan(b)
                default: break
                }
            }
        }
        for t in program.types.values { for m in t.methods { scan(m.body ?? []) }; for p in t.properties { scan(p.getter ?? []); scan(p.didSet ?? []); scan(p.setter?.body ?? []) } }
        for fs in program.functions.values { for f in fs { scan(f.body ?? []) } }
        for s in program.statements { scan(s.statements) }
        assignedNames = names
    }

    /// The frame of a running function: its scope, `self`, the class its code belongs to.
    struct Context {
        var scope: Scope
        var selfObject: Object?
        var className: String?
        var file: String
        /// `self` in an extension of a value type (`extension CGRect { var center: CGPoint … }`).
        var selfValue: Value? = nil
    }

    enum Flow {
        case normal
        case returned(Value)
        case breakLoop
        case continueLoop
    }

    struct Stop: Error {}

    func newObject(_ className: String, _ kind: Object.Kind) -> Object {
        nextID += 1
        let o = Object(id: nextID, className: className, kind: kind)
        if kind == .view || kind == .layer || kind == .shapeLayer { created.append(o) }
        return o
    }

    func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }

    func warn(_ ctx: Context, _ position: Position, _ code: String, _ why: String) {
        let item = UnsupportedStatement(file: ctx.file, line: position.line, code: code, why: why)
        if !unsupported.contains(item) { unsupported.append(item) }
    }

    /// A variable for a value the code does not fix, named after where it comes from.
    func variable(_ name: String, value: Double, fit: ClosedRange<Double>?, because why: String) -> Symbolic {
        if let existing = variables.first(where: { $0.origin == name }) { return .variable(existing.name) }
        var base = name.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        if base.isEmpty || base.first!.isNumber { base = "v" + base }
        let reserved: Set<String> = ["pi", "M_PI", "M_PI_2", "M_PI_4", "inf", "infinity", "INFINITY", "HUGE_VALF", "FLT_MAX", "CGFLOAT_MAX", "INTMAX_MAX", "min", "max", "now"]
        var unique = base
        var k = 2
        while reserved.contains(unique) || variables.contains(where: { $0.name == unique }) { unique = "\(base)\(k)"; k += 1 }
        variables.append(ImportedVariable(name: unique, value: value, fit: fit, origin: name))
        note(why.split(separator: "{name}", omittingEmptySubsequences: false).joined(separator: unique))
        return .variable(unique)
    }

    /// The import's variables at their values: moments and conditions that name them are
    /// ordered and decided there.
    var variableValues: [String: Double] {
        Dictionary(variables.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    /// `setStrokeEnd` for `strokeEnd`: Objective-C's setter of a property.
    static func setterName(_ property: String) -> String { "set" + property.prefix(1).uppercased() + property.dropFirst() }

    /// `strokeEnd` for `setStrokeEnd`; nil for names that are not setters.
    static func property(ofSetter name: String) -> String? {
        guard name.hasPrefix("set"), name.count > 3 else { return nil }
        return name.dropFirst(3).prefix(1).lowercased() + name.dropFirst(4)
    }

    /// One level deeper into expressions and statements. Property getters and class properties
    /// can call each other without a method call between (`class var x { shared.x }`); past the
    /// bound the cycle is cut short (and noted) instead of overflowing the stack.
    func enter() -> Bool {
        guard evalDepth < Self.evalDepthLimit else {
            note("the run met a cycle of properties reading each other and cut it short")
            return false
        }
        evalDepth += 1
        return true
    }

    func tick() throws(Stop) {
        steps += 1
        if steps > Self.stepBudget { throw Stop() }
    }

    // MARK: Statements

    func exec(_ statements: [Stmt], _ ctx: Context) throws(Stop) -> Flow {
        for s in statements {
            let flow = try exec(s, ctx)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    func exec(_ s: Stmt, _ ctx: Context) throws(Stop) -> Flow {
        try tick()
        guard enter() else { return .normal }
        defer { evalDepth -= 1 }
        switch s.kind {
        case .expression(let e):
            _ = try eval(e, ctx)
        case .declaration(let n, let type, let value):
            var v: Value = value != nil ? try eval(value!, ctx) : defaultValue(type)
            if case .number(let x) = v, let t = type, ["Int", "int", "NSInteger", "NSUInteger", "long"].contains(t), let c = x.constant { v = .number(.constant(c.rounded(.towardZero))) }
            if case .object(let held) = v, held.origin.isEmpty { held.origin = n }
            ctx.scope.values[n] = v
        case .assignment(let target, let op, let valueExpr):
            var v = try eval(valueExpr, ctx)
            if op != "=" {
                let old = try eval(target, ctx)
                v = arithmetic(String(op.dropLast()), old, v)
            }
            try assign(target, v, ctx)
        case .ifStatement(let conditions, let then, let otherwise):
            let scope = Scope(parent: ctx.scope)
            var inner = ctx
            inner.scope = scope
            switch try test(conditions, inner) {
            case true?: return try exec(then, inner)
            case false?: if let otherwise { return try exec(otherwise, inner) }
            case nil:
                // The code decides at run time on something it does not know: take the branch
                // that does something (the first), and say so.
                undecided(conditions)
                return try exec(then, inner)
            }
        case .guardStatement(let conditions, let otherwise):
            if try test(conditions, ctx) == false { return try exec(otherwise, ctx) }
        case .forIn(let n, let sequenceExpr, let body):
            let sequence = try eval(sequenceExpr, ctx)
            var items: [Value] = []
            switch sequence {
            case .array(let a): items = a
            case .dictionary(let d): items = d.map { .array([$0.0, $0.1]) }
            default: items = []
            }
            let names = n.split(separator: ",").map(String.init)
            for item in items.prefix(Self.loopLimit) {
                if names.count > 1, case .array(let parts) = item {
                    for (k, name) in names.enumerated() where k < parts.count { ctx.scope.values[name] = parts[k] }
                } else {
                    ctx.scope.values[n] = item
                }
                let flow = try exec(body, ctx)
                if case .breakLoop = flow { break }
                if case .returned = flow { return flow }
            }
        case .loop(let initial, let condition, let step, let body):
            _ = try exec(initial, ctx)
            var count = 0
            while count < Self.loopLimit {
                count += 1
                if let condition {
                    guard let c = try eval(condition, ctx).isTruthy else { note("a loop whose end the code decides at run time ran once"); _ = try exec(body, ctx); break }
                    if !c { break }
                }
                let flow = try exec(body, ctx)
                if case .breakLoop = flow { break }
                if case .returned = flow { return flow }
                _ = try exec(step, ctx)
            }
        case .switchStatement(let subjectExpr, let cases):
            let subject = try eval(subjectExpr, ctx)
            var matched = false
            for c in cases {
                if !matched {
                    if c.patterns.isEmpty { matched = true }
                    for p in c.patterns where !matched {
                        if case .opaque = p.kind { continue }
                        if case .implicitMember(let m) = p.kind, case .named(let n) = subject { matched = m == n; continue }
                        let v = try eval(p, ctx)
                        matched = equal(subject, v) ?? false
                    }
                }
                guard matched else { continue }
                let flow = try exec(c.body, ctx)
                if case .breakLoop = flow { return .normal }
                if case .continueLoop = flow { continue }  // fallthrough
                if case .returned = flow { return flow }
                if ctx.file.hasSuffix(".swift") { return .normal }  // Swift cases do not fall through
            }
        case .returnStatement(let e):
            return .returned(e != nil ? try eval(e!, ctx) : .null)
        case .block(let b):
            return try exec(b, ctx)
        case .breakStatement: return .breakLoop
        case .continueStatement: return .continueLoop
        case .function(let f):
            ctx.scope.values[f.name] = .closure(Closure(parameters: f.parameters.map(\.name), body: f.body ?? [], scope: ctx.scope, file: ctx.file, selfObject: ctx.selfObject, className: ctx.className))
        case .unsupported(let text):
            if Self.mentionsAnimation(text) {
                warn(ctx, s.position, text, "not understood by the importer (outside the Objective-C/Swift subset it reads)")
            }
        }
        return .normal
    }

    static func mentionsAnimation(_ text: String) -> Bool {
        ["layer", "Layer", "nimation", "stroke", "Path", "path", "beginTime", "duration", "speed"].contains { text.contains($0) }
    }

    /// A note naming what an undecidable condition depends on, and how to decide it.
    func undecided(_ conditions: [Condition]) {
        var names: [String] = []
        func collect(_ e: Expr) {
            if let p = Self.dottedPath(e) { if !names.contains(p) { names.append(p) }; return }
            switch e.kind {
            case .binary(_, let a, let b): collect(a); collect(b)
            case .unary(_, let a), .postfix(_, let a), .cast(let a, _): collect(a)
            case .call(let f, _): collect(f)
            case .message(let r, _, _): collect(r)
            default: break
            }
        }
        for c in conditions { if case .expression(let e) = c { collect(e) } else if case .binding(_, let e) = c { collect(e) } }
        let shown = names.filter { $0 != "self" }.prefix(3)
        if shown.isEmpty { note("a condition the code decides at run time was taken as true"); return }
        note("the code decides on \(shown.joined(separator: ", ")) at run time: taken as true (give --assume \(shown.first!)=VALUE for what the recording shows)")
    }

    private func test(_ conditions: [Condition], _ ctx: Context) throws(Stop) -> Bool? {
        for c in conditions {
            switch c {
            case .expression(let e):
                guard let t = try eval(e, ctx).isTruthy else { return nil }
                if !t { return false }
            case .binding(let n, let e):
                let v = try eval(e, ctx)
                if case .null = v { return false }
                ctx.scope.values[n] = v
            }
        }
        return true
    }

    func defaultValue(_ type: String?) -> Value {
        guard let type else { return .null }
        if ["CGFloat", "Float", "Double", "float", "double", "Int", "int", "NSInteger", "NSUInteger", "CFTimeInterval", "NSTimeInterval", "TimeInterval"].contains(type) { return .number(.zero) }
        if type == "BOOL" || type == "Bool" { return .bool(false) }
        if type == "CGRect" { return .rect(.zero) }
        if type == "CGPoint" { return .point(.zero, .zero) }
        if type == "CGSize" { return .size(.zero, .zero) }
        return .null
    }
}

/// A statement that builds or changes a layer or animation and cannot be transcribed.
public struct UnsupportedStatement: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var code: String
    public var why: String
}

/// A variable the import introduced: a value set outside the code, an action's moment.
public struct ImportedVariable: Sendable, Equatable {
    public var name: String
    public var value: Double
    public var fit: ClosedRange<Double>?
    /// What in the code it stands for.
    public var origin: String
}

/// Code to run later: a delayed block, a timer firing, an action at a variable moment.
struct ScheduledTask {
    var time: Symbolic
    var order: Int
    var run: (Interpreter) throws(Interpreter.Stop) -> Void
}

/// Settings of one import.
public struct ImportOptions: Sendable {
    /// Values for what the code leaves to run time, by name or dotted path as the code writes it
    /// (`indexPath.row`, `isIndeterminate`, `slider.value`): which table row a demo's user
    /// tapped, a switch's state.
    public var assumptions: [String: AssumedValue] = [:]
    /// The user's actions the recording shows, in order (method names: `handleTap`, a button's
    /// action); empty: every action the code has, once each, in the order it declares them.
    public var actions: [String] = []
    public init(assumptions: [String: AssumedValue] = [:], actions: [String] = []) {
        self.assumptions = assumptions
        self.actions = actions
    }
}

/// A value given with `--assume`: a number, a Boolean or a string.
public enum AssumedValue: Sendable, Equatable {
    case number(Double)
    case bool(Bool)
    case string(String)

    /// `2`, `0.5`, `true`/`YES`, anything else a string.
    public init(text: String) {
        if let v = Double(text) { self = .number(v) }
        else if ["true", "YES", "yes"].contains(text) { self = .bool(true) }
        else if ["false", "NO", "no"].contains(text) { self = .bool(false) }
        else { self = .string(text) }
    }

    var value: Value {
        switch self {
        case .number(let v): .number(.constant(v))
        case .bool(let b): .bool(b)
        case .string(let s): .string(s)
        }
    }
}
