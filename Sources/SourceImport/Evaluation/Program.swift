/// Every file's declarations merged by name: a class with its extensions and categories, the
/// Objective-C `@interface` with its `@implementation`, globals and macros.
struct Program {
    var types: [String: TypeDecl] = [:]
    var functions: [String: [FunctionDecl]] = [:]
    var globals: [String: PropertyDecl] = [:]
    var statements: [(file: String, statements: [Stmt])] = []
    /// Type names in the order they were first declared (drivers run in this order).
    var order: [String] = []

    init(units: [SourceUnit]) {
        for unit in units {
            for t in unit.types { add(t) }
            for f in unit.functions { functions[f.name, default: []].append(f) }
            for g in unit.globals { globals[g.name] = g }
            if !unit.statements.isEmpty { statements.append((unit.file, unit.statements)) }
        }
    }

    private mutating func add(_ t: TypeDecl) {
        for n in t.nested { add(n) }
        guard var existing = types[t.name] else {
            types[t.name] = t
            order.append(t.name)
            return
        }
        existing.superclass = existing.superclass ?? t.superclass
        if existing.kind == .extensionType { existing.kind = t.kind }
        // Properties declared twice (an interface and a class extension) keep the one with a value.
        // (A class property and an instance property may share a name.)
        for p in t.properties where !existing.properties.contains(where: { $0.name == p.name && $0.isStatic == p.isStatic && ($0.initial != nil || p.initial == nil) }) {
            existing.properties.removeAll { $0.name == p.name && $0.isStatic == p.isStatic }
            existing.properties.append(p)
        }
        // A method with a body replaces its declaration.
        for var m in t.methods {
            // An `IBAction` declared in the header stays an action where it is implemented.
            if existing.methods.contains(where: { $0.name == m.name && $0.labels == m.labels && $0.isAction }) { m.isAction = true }
            if m.body != nil { existing.methods.removeAll { $0.name == m.name && $0.labels == m.labels && $0.body == nil } }
            else if let k = existing.methods.firstIndex(where: { $0.name == m.name && $0.labels == m.labels && $0.body != nil }) {
                if m.isAction { existing.methods[k].isAction = true }
                continue
            }
            existing.methods.append(m)
        }
        existing.cases += t.cases
        types[t.name] = existing
    }

    /// The class and its superclasses that the code declares, nearest first.
    func chain(_ name: String) -> [TypeDecl] {
        var list: [TypeDecl] = []
        var n: String? = name
        var seen = Set<String>()
        while let c = n, !seen.contains(c) {
            seen.insert(c)
            if let t = types[c] {
                list.append(t)
                n = t.superclass ?? Self.frameworkSuperclass[c]
            } else {
                // Extensions of framework classes apply to their subclasses too.
                n = Self.frameworkSuperclass[c]
            }
        }
        return list
    }

    /// The framework's own class hierarchy, as far as extensions of it matter.
    static let frameworkSuperclass: [String: String] = [
        "CABasicAnimation": "CAPropertyAnimation", "CAKeyframeAnimation": "CAPropertyAnimation", "CASpringAnimation": "CABasicAnimation",
        "CAPropertyAnimation": "CAAnimation", "CAAnimationGroup": "CAAnimation", "CATransition": "CAAnimation",
        "CAShapeLayer": "CALayer", "CAGradientLayer": "CALayer", "CAReplicatorLayer": "CALayer",
        "UIButton": "UIControl", "UIControl": "UIView", "UILabel": "UIView", "UIImageView": "UIView", "UIWindow": "UIView",
        "UIViewController": "UIResponder", "UIView": "UIResponder",
    ]

    /// The first class up the chain that the code does not declare (`UIView`, `CAShapeLayer`, …).
    func builtinRoot(_ name: String) -> String {
        var n = name
        var seen = Set<String>()
        while let t = types[n], let s = t.superclass, !seen.contains(n) { seen.insert(n); n = s }
        return n
    }

    /// A method by name and argument labels, up the class chain (static or instance).
    func method(_ name: String, labels: [String?], in className: String, isStatic: Bool) -> (FunctionDecl, String)? {
        for t in chain(className) {
            if let m = t.methods.first(where: { $0.name == name && $0.isStatic == isStatic && $0.body != nil && $0.accepts(labels) }) {
                return (m, t.name)
            }
        }
        return nil
    }

    /// A property by name up the class chain; an instance's own before a class property of the
    /// same name (`class var colorAnimation` forwarding to the instance's `colorAnimation`).
    func property(_ name: String, in className: String) -> PropertyDecl? {
        for t in chain(className) {
            if let p = t.properties.first(where: { $0.name == name && !$0.isStatic }) { return p }
        }
        for t in chain(className) {
            if let p = t.properties.first(where: { $0.name == name }) { return p }
        }
        for t in chain(className) {
            if let p = t.properties.first(where: { $0.getterName == name }) { return p }
        }
        return nil
    }
}

extension FunctionDecl {
    var labels: [String?] { parameters.map(\.label) }

    /// Whether a call with these labels can call this function (parameters with defaults may be left out).
    func accepts(_ given: [String?]) -> Bool {
        var k = 0
        for p in parameters {
            // Swift 2 leaves the first label out; a trailing closure has none.
            if k < given.count && (given[k] == p.label || (given[k] == nil && (k == 0 || k == given.count - 1))) { k += 1; continue }
            if p.defaultValue != nil { continue }
            return false
        }
        return k == given.count
    }
}
