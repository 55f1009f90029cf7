/// A number as the code computes it: a constant, or an expression over the model's variables and
/// `now` (the layer clock when an animation is added), folded where the operands are known.
indirect enum Symbolic: Sendable, Equatable {
    case constant(Double)
    case variable(String)
    case now
    case negate(Symbolic)
    case binary(Character, Symbolic, Symbolic)
    case minimum(Symbolic, Symbolic)
    case maximum(Symbolic, Symbolic)

    static let zero = Symbolic.constant(0)

    var constant: Double? {
        if case .constant(let v) = self { return v }
        return nil
    }

    var isConstant: Bool { constant != nil }

    var usesNow: Bool {
        switch self {
        case .now: true
        case .constant, .variable: false
        case .negate(let a): a.usesNow
        case .binary(_, let a, let b), .minimum(let a, let b), .maximum(let a, let b): a.usesNow || b.usesNow
        }
    }

    var variables: Set<String> {
        switch self {
        case .variable(let n): [n]
        case .constant, .now: []
        case .negate(let a): a.variables
        case .binary(_, let a, let b), .minimum(let a, let b), .maximum(let a, let b): a.variables.union(b.variables)
        }
    }

    /// The value with every variable at `values` (and `now` at 0); nil when one is missing.
    func value(_ values: [String: Double]) -> Double? {
        switch self {
        case .constant(let v): return v
        case .variable(let n): return values[n]
        case .now: return 0
        case .negate(let a): return a.value(values).map { -$0 }
        case .binary(let op, let a, let b):
            guard let x = a.value(values), let y = b.value(values) else { return nil }
            switch op { case "+": return x + y; case "-": return x - y; case "*": return x * y; default: return x / y }
        case .minimum(let a, let b):
            guard let x = a.value(values), let y = b.value(values) else { return nil }
            return Swift.min(x, y)
        case .maximum(let a, let b):
            guard let x = a.value(values), let y = b.value(values) else { return nil }
            return Swift.max(x, y)
        }
    }

    static func + (a: Symbolic, b: Symbolic) -> Symbolic {
        if let x = a.constant, let y = b.constant { return .constant(x + y) }
        if a.constant == 0 { return b }
        if b.constant == 0 { return a }
        if let y = b.constant, y < 0 { return .binary("-", a, .constant(-y)) }
        return .binary("+", a, b)
    }

    static func - (a: Symbolic, b: Symbolic) -> Symbolic {
        if let x = a.constant, let y = b.constant { return .constant(x - y) }
        if b.constant == 0 { return a }
        if a == b { return .zero }
        return .binary("-", a, b)
    }

    static func * (a: Symbolic, b: Symbolic) -> Symbolic {
        if let x = a.constant, let y = b.constant { return .constant(x * y) }
        if a.constant == 1 { return b }
        if b.constant == 1 { return a }
        if a.constant == 0 || b.constant == 0 { return .zero }
        return .binary("*", a, b)
    }

    static func / (a: Symbolic, b: Symbolic) -> Symbolic {
        if let x = a.constant, let y = b.constant, y != 0 { return .constant(x / y) }
        if b.constant == 1 { return a }
        return .binary("/", a, b)
    }

    static prefix func - (a: Symbolic) -> Symbolic {
        if let x = a.constant { return .constant(-x) }
        if case .negate(let inner) = a { return inner }
        return .negate(a)
    }

    static func min(_ a: Symbolic, _ b: Symbolic) -> Symbolic {
        if let x = a.constant, let y = b.constant { return .constant(Swift.min(x, y)) }
        return .minimum(a, b)
    }

    static func max(_ a: Symbolic, _ b: Symbolic) -> Symbolic {
        if let x = a.constant, let y = b.constant { return .constant(Swift.max(x, y)) }
        return .maximum(a, b)
    }

    /// The model file's expression text (`"D*2/3"`) or number.
    var text: String { render(0) }

    private func render(_ context: Int) -> String {
        switch self {
        case .constant(let v): return Self.format(v)
        case .variable(let n): return n
        case .now: return "now"
        case .negate(let a): return "-" + a.render(3)
        case .minimum(let a, let b): return "min(\(a.render(0)), \(b.render(0)))"
        case .maximum(let a, let b): return "max(\(a.render(0)), \(b.render(0)))"
        case .binary(let op, let a, let b):
            let p = op == "+" || op == "-" ? 1 : 2
            let s = a.render(p) + (p == 1 ? " \(op) " : String(op)) + b.render(p + 1)
            return p < context ? "(\(s))" : s
        }
    }

    /// Shortest text that reads back as the same Double, in plain notation where reasonable.
    static func format(_ v: Double) -> String {
        if v.isInfinite { return v > 0 ? "INFINITY" : "-INFINITY" }
        if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
        let s = "\(v)"
        return s
    }
}
