import JSON

/// `variables`: names bound to numbers, optionally free for the fit inside a range.
///
/// Decisions (MODEL-FORMAT.md leaves them open):
/// - A variable's value may use the variables declared before it (`"succeed": "start + 2.5"`), never
///   later ones, so there are no cycles and the file reads top to bottom.
/// - A name is an ASCII identifier (letters, digits, `_`, not starting with a digit): anything else
///   could never be written in an expression.
/// - A value may be infinite (`"forever": "inf"` for a `repeatCount`); each field decides whether it
///   takes infinity. NaN (`"0/0"`) is rejected at once.
/// - `fit` bounds are numbers or constant expressions: a bound that moved with another fitted
///   variable would make the range itself a moving target. They must be finite, `min < max`, and
///   contain the declared value (which is where the fit starts).
extension ModelReader {
    mutating func readVariables(_ field: JSONField) throws(FieldError) -> [Variable] {
        let object = try field.object()
        var variables: [Variable] = []
        let names = object.keys
        for (i, name) in names.enumerated() {
            let member = object.optional(name)!
            try checkVariableName(name, at: member.path)
            variables.append(try readVariable(name, member, declaredLater: names[(i + 1)...]))
        }
        return variables
    }

    private func checkVariableName(_ name: String, at path: FieldPath) throws(FieldError) {
        let scalars = Array(name.unicodeScalars)
        let isIdentifier = !scalars.isEmpty && !("0"..."9").contains(scalars[0])
            && scalars.allSatisfy { $0.isASCII && ExpressionLexer.isNameContinuation($0) }
        guard isIdentifier else {
            throw FieldError(path, "\(MessageText.quoted(name)) is not a valid variable name (use letters, digits and '_', not starting with a digit)")
        }
        if let reason = ExpressionConstants.reservation(of: name) {
            throw FieldError(path, "\(reason) and cannot be a variable name")
        }
    }

    private mutating func readVariable(_ name: String, _ field: JSONField, declaredLater: ArraySlice<String>) throws(FieldError) -> Variable {
        var valueField = field
        var fitField: JSONField?
        if case .object = field.value {
            let object = try field.object()
            try object.allowOnly(["value", "fit"])
            valueField = try object.required("value", note: "a variable is a number, or {\"value\": …, \"fit\": [min, max]}")
            fitField = object.optional("fit")
        }
        let expression = try self.expression(valueField, scope: scopeForVariable(name, declaredLater: declaredLater))
        let value = evaluate(expression)
        if value.isNaN {
            throw FieldError(valueField.path, "must be a number (\(written(valueField, value)))")
        }
        var fit: ClosedRange<Double>?
        if let fitField {
            fit = try readFitRange(fitField, value: value)
        }
        declare(name, value: value)
        return Variable(name: name, value: expression, fit: fit)
    }

    /// Earlier variables are usable; later ones get a message saying why they are not.
    private func scopeForVariable(_ name: String, declaredLater: ArraySlice<String>) -> ExpressionScope {
        var scope = scope(allowsNow: false)
        for later in declaredLater {
            scope.unavailable[later] = "it is declared after '\(name)'; a variable may use only the variables declared before it"
        }
        scope.unavailable[name] = "a variable cannot use itself"
        return scope
    }

    private mutating func readFitRange(_ field: JSONField, value: Double) throws(FieldError) -> ClosedRange<Double> {
        let bounds = try field.array(count: 2, what: "a range [min, max]")
        var unavailable: [String: String] = [:]
        for name in variableNames { unavailable[name] = "fit bounds may use numbers and constants only" }
        let scope = ExpressionScope(variables: [], allowsNow: false, unavailable: unavailable)
        var limits: [Double] = []
        for bound in bounds {
            let v = evaluate(try expression(bound, scope: scope))
            guard v.isFinite else {
                throw FieldError(bound.path, "must be a finite number (\(written(bound, v)))")
            }
            limits.append(v)
        }
        guard limits[0] < limits[1] else {
            throw FieldError(field.path, "the range must have min < max (found [\(MessageText.number(limits[0])), \(MessageText.number(limits[1]))])")
        }
        guard (limits[1] - limits[0]).isFinite else {
            throw FieldError(field.path, "the range must be narrower than the largest double (found [\(MessageText.number(limits[0])), \(MessageText.number(limits[1]))])")
        }
        let range = limits[0]...limits[1]
        guard range.contains(value) else {
            throw FieldError(field.path, "the range [\(MessageText.number(limits[0])), \(MessageText.number(limits[1]))] does not contain the value \(MessageText.number(value))")
        }
        return range
    }
}
