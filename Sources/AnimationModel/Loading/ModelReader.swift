import JSON

/// The state of one load: the variables declared so far with their values, which variables were
/// used, and the warnings. The reading itself is spread over extensions, one file per part of the
/// format (variables, layers, paths, animations, events).
struct ModelReader {
    /// Variable names in declaration order; an expression may use the ones already here.
    private(set) var variableNames: [String] = []
    /// Declared values, for checking fields (a duration must not be negative at these values).
    private(set) var values: [String: Double] = [:]
    /// Every variable some expression mentions, for the "never used" warning.
    private(set) var usedVariables: Set<String> = []
    private(set) var warnings: [(path: FieldPath, message: String)] = []

    /// What `now` reads while a field that uses it is checked: MODEL-FORMAT.md's
    /// `CACurrentMediaTime()` at model time 0. Only finiteness is checked with it, so any
    /// realistic clock reading would do; this one is the one the evaluators use.
    static let nowForChecks = 10_000.0

    mutating func warn(_ path: FieldPath, _ message: String) {
        warnings.append((path, message))
    }

    mutating func declare(_ name: String, value: Double) {
        variableNames.append(name)
        values[name] = value
    }

    /// The variables an expression may use at this point of the file.
    func scope(allowsNow: Bool) -> ExpressionScope {
        ExpressionScope(variables: variableNames, allowsNow: allowsNow)
    }

    /// The expression in `field` (a JSON number or an expression string), parsed in `scope`.
    mutating func expression(_ field: JSONField, scope: ExpressionScope) throws(FieldError) -> ModelExpression {
        let expression: ModelExpression
        switch field.value {
        case .int(let i): expression = .number(Double(i))
        case .double(let d): expression = .number(d)
        case .string(let text):
            do {
                expression = try ModelExpressionParser.parse(text, scope: scope)
            } catch {
                throw FieldError(field.path, error.description)
            }
        default:
            throw field.mismatch("a number or an expression string")
        }
        usedVariables.formUnion(expression.variableNames)
        return expression
    }

    /// A numeric field, parsed with the variables declared so far and checked against `rule` at
    /// their declared values.
    mutating func number(_ field: JSONField, _ rule: NumberRule, allowsNow: Bool = false) throws(FieldError) -> ModelExpression {
        let expression = try expression(field, scope: scope(allowsNow: allowsNow))
        let value = evaluate(expression)
        if let violation = rule.violation(value) {
            throw FieldError(field.path, violation + " (" + written(field, value) + ")")
        }
        return expression
    }

    /// `number` for a member that may be absent.
    mutating func number(_ key: String, in object: JSONObjectField, _ rule: NumberRule, allowsNow: Bool = false) throws(FieldError) -> ModelExpression? {
        guard let field = object.optional(key) else { return nil }
        return try number(field, rule, allowsNow: allowsNow)
    }

    /// The value of an expression that passed the scope check, so only arithmetic can go wrong.
    func evaluate(_ expression: ModelExpression) -> Double {
        (try? expression.evaluate(values, now: ModelReader.nowForChecks)) ?? .nan
    }

    /// `found 2` for a JSON number, `'D - 3' is -1.5` for an expression string.
    func written(_ field: JSONField, _ value: Double) -> String {
        if case .string(let text) = field.value {
            return MessageText.quoted(text) + " is " + MessageText.number(value)
        }
        return "found " + MessageText.number(value)
    }
}
