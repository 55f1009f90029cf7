/// A numeric expression from a model file: a JSON number or a string such as `"D*2/3"`,
/// `"3*pi/2"` or `"now + 0.25"`. Evaluated against variable bindings (which the fit varies)
/// and, where allowed, the layer clock (`now`).
public indirect enum ModelExpression: Sendable, Equatable {
    case number(Double)
    /// A declared variable.
    case variable(String)
    /// The layer's own clock at the moment the expression is used (only in a top-level
    /// animation's `beginTime` and in an event's `set` values).
    case now
    case negate(ModelExpression)
    case binary(BinaryOperator, ModelExpression, ModelExpression)
    case call(Function, [ModelExpression])

    public enum BinaryOperator: String, Sendable, Equatable {
        case add = "+", subtract = "-", multiply = "*", divide = "/"
    }

    public enum Function: String, Sendable, Equatable, CaseIterable {
        case min, max
    }

    /// The value, with `variables` bound by name and `now` as given (nil where `now` is not allowed).
    public func evaluate(_ variables: [String: Double], now: Double? = nil) throws(ExpressionError) -> Double {
        switch self {
        case .number(let v): return v
        case .variable(let name):
            guard let v = variables[name] else { throw .unboundVariable(name) }
            return v
        case .now:
            guard let now else { throw .nowNotAllowed }
            return now
        case .negate(let e): return -(try e.evaluate(variables, now: now))
        case .binary(let op, let l, let r):
            let a = try l.evaluate(variables, now: now), b = try r.evaluate(variables, now: now)
            switch op {
            case .add: return a + b
            case .subtract: return a - b
            case .multiply: return a * b
            case .divide: return a / b
            }
        case .call(let f, let args):
            var values: [Double] = []
            for a in args { values.append(try a.evaluate(variables, now: now)) }
            switch f {
            case .min: return values.min() ?? .nan
            case .max: return values.max() ?? .nan
            }
        }
    }

    /// Whether the expression mentions `now`.
    public var usesNow: Bool {
        switch self {
        case .now: true
        case .number, .variable: false
        case .negate(let e): e.usesNow
        case .binary(_, let l, let r): l.usesNow || r.usesNow
        case .call(_, let args): args.contains { $0.usesNow }
        }
    }

    /// Names of the variables the expression mentions.
    public var variableNames: Set<String> {
        switch self {
        case .variable(let n): [n]
        case .number, .now: []
        case .negate(let e): e.variableNames
        case .binary(_, let l, let r): l.variableNames.union(r.variableNames)
        case .call(_, let args): args.reduce(into: Set<String>()) { $0.formUnion($1.variableNames) }
        }
    }
}

/// Why an expression could not be evaluated (the loader prevents these for valid files).
public enum ExpressionError: Error, Sendable, Equatable {
    case unboundVariable(String)
    case nowNotAllowed
}

/// Plain numbers can be written as literals when models are built in code.
extension ModelExpression: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}
