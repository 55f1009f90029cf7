/// Reads the expression strings of MODEL-FORMAT.md: `+ - * /` with the usual precedence and left
/// associativity, parentheses, unary minus (and, harmlessly, unary plus), C-style decimal numbers,
/// the constants of ``ExpressionConstants``, `min(a, b)`, `max(a, b)`, variable names and `now`.
///
/// Every sub-expression without a variable or `now` is folded to `.number` at once, so `"3*pi/2"`
/// becomes one number. Folding evaluates the sub-tree with ``ModelExpression/evaluate(_:now:)``
/// itself, so the folded value is bit-for-bit what evaluating the tree later would give.
public enum ModelExpressionParser {
    /// How deeply parentheses, calls and signs may nest. The parser recurses once per level, so a
    /// limit keeps a hostile string from exhausting the stack; real expressions use a handful.
    public static let maximumDepth = 100
    /// The longest expression text, in Unicode scalars: real ones are a few dozen; the limit keeps
    /// the lexer's and folder's work (and their messages) small whatever a file holds.
    public static let maximumLength = 4096

    /// The expression in `text`, or the first syntax or name error with its column.
    public static func parse(_ text: String, scope: ExpressionScope = .unrestricted) throws(ExpressionSyntaxError) -> ModelExpression {
        let length = text.unicodeScalars.count
        if length > maximumLength { throw ExpressionSyntaxError(.tooLong(length), column: 1) }
        let tokens = try ExpressionLexer.tokens(text)
        if tokens.count == 1 { throw ExpressionSyntaxError(.empty, column: 1) }
        var parser = ExpressionParserState(tokens: tokens, scope: scope)
        let expression = try parser.sum()
        let last = parser.current
        if last.kind != .end {
            let expected = last.kind == .closeParenthesis ? "an operator; this ')' closes nothing" : "an operator or the end"
            throw ExpressionSyntaxError(.unexpectedToken(last.text, expected: expected), column: last.column)
        }
        return expression
    }
}

/// Recursive descent, one function per precedence level.
private struct ExpressionParserState {
    let tokens: [ExpressionToken]
    let scope: ExpressionScope
    var position = 0
    /// Current nesting of parentheses, calls and signs.
    var depth = 0

    init(tokens: [ExpressionToken], scope: ExpressionScope) {
        self.tokens = tokens
        self.scope = scope
    }

    var current: ExpressionToken { tokens[position] }

    static let operand = "a number, a name or '('"

    /// sum := product (('+' | '-') product)*
    mutating func sum() throws(ExpressionSyntaxError) -> ModelExpression {
        var left = try product()
        while case .symbol(let s) = current.kind, s == "+" || s == "-" {
            position += 1
            let right = try product()
            left = fold(.binary(s == "+" ? .add : .subtract, left, right))
        }
        return left
    }

    /// product := unary (('*' | '/') unary)*
    mutating func product() throws(ExpressionSyntaxError) -> ModelExpression {
        var left = try unary()
        while case .symbol(let s) = current.kind, s == "*" || s == "/" {
            position += 1
            let right = try unary()
            left = fold(.binary(s == "*" ? .multiply : .divide, left, right))
        }
        return left
    }

    /// unary := ('-' | '+') unary | primary
    mutating func unary() throws(ExpressionSyntaxError) -> ModelExpression {
        if case .symbol(let s) = current.kind, s == "-" || s == "+" {
            try enter()
            defer { depth -= 1 }
            position += 1
            let operand = try unary()
            return s == "-" ? fold(.negate(operand)) : operand
        }
        return try primary()
    }

    /// primary := number | name | name '(' sum ',' sum ')' | '(' sum ')'
    mutating func primary() throws(ExpressionSyntaxError) -> ModelExpression {
        let token = current
        switch token.kind {
        case .number(let value):
            position += 1
            return .number(value)
        case .openParenthesis:
            try enter()
            defer { depth -= 1 }
            position += 1
            let inner = try sum()
            try expect(.closeParenthesis, "')' to close the '(' at column \(token.column)")
            return inner
        case .name(let name):
            position += 1
            if current.kind == .openParenthesis { return try call(name, at: token.column) }
            return try resolve(name, at: token.column)
        case .end:
            throw ExpressionSyntaxError(.unexpectedEnd(expected: ExpressionParserState.operand), column: token.column)
        default:
            throw ExpressionSyntaxError(.unexpectedToken(token.text, expected: ExpressionParserState.operand), column: token.column)
        }
    }

    mutating func call(_ name: String, at column: Int) throws(ExpressionSyntaxError) -> ModelExpression {
        guard let function = ModelExpression.Function(rawValue: name) else {
            throw ExpressionSyntaxError(
                .notAFunction(name, suggestion: NameSuggestion.closest(to: name, among: ExpressionConstants.functionNames)),
                column: column)
        }
        try enter()
        defer { depth -= 1 }
        position += 1
        var arguments: [ModelExpression] = []
        if current.kind != .closeParenthesis {
            arguments.append(try sum())
            while current.kind == .comma {
                position += 1
                arguments.append(try sum())
            }
        }
        try expect(.closeParenthesis, "',' or ')' in the call of \(name) at column \(column)")
        guard arguments.count == 2 else {
            throw ExpressionSyntaxError(.wrongArgumentCount(name, found: arguments.count), column: column)
        }
        return fold(.call(function, arguments))
    }

    func resolve(_ name: String, at column: Int) throws(ExpressionSyntaxError) -> ModelExpression {
        if let value = ExpressionConstants.values[name] { return .number(value) }
        if name == ExpressionConstants.now {
            guard scope.allowsNow else { throw ExpressionSyntaxError(.nowNotAllowed, column: column) }
            return .now
        }
        if ModelExpression.Function(rawValue: name) != nil {
            throw ExpressionSyntaxError(.functionWithoutArguments(name), column: column)
        }
        guard let variables = scope.variables else { return .variable(name) }
        if variables.contains(name) { return .variable(name) }
        if let note = scope.unavailable[name] {
            throw ExpressionSyntaxError(.unavailableName(name, note: note), column: column)
        }
        var candidates = variables + ExpressionConstants.names + ExpressionConstants.functionNames
        if scope.allowsNow { candidates.append(ExpressionConstants.now) }
        throw ExpressionSyntaxError(
            .unknownName(name, suggestion: NameSuggestion.closest(to: name, among: candidates)), column: column)
    }

    /// One level deeper, at the current token.
    mutating func enter() throws(ExpressionSyntaxError) {
        depth += 1
        if depth > ModelExpressionParser.maximumDepth {
            throw ExpressionSyntaxError(.nestingTooDeep, column: current.column)
        }
    }

    mutating func expect(_ kind: ExpressionToken.Kind, _ expected: String) throws(ExpressionSyntaxError) {
        guard current.kind == kind else {
            if current.kind == .end {
                throw ExpressionSyntaxError(.unexpectedEnd(expected: expected), column: current.column)
            }
            throw ExpressionSyntaxError(.unexpectedToken(current.text, expected: expected), column: current.column)
        }
        position += 1
    }

    /// The expression itself, or its value when all its operands are numbers. Sub-trees are
    /// folded as they are built, so checking the immediate operands is enough.
    func fold(_ expression: ModelExpression) -> ModelExpression {
        let operands: [ModelExpression]
        switch expression {
        case .negate(let e): operands = [e]
        case .binary(_, let l, let r): operands = [l, r]
        case .call(_, let arguments): operands = arguments
        case .number, .variable, .now: return expression
        }
        guard operands.allSatisfy({ if case .number = $0 { true } else { false } }),
              let value = try? expression.evaluate([:])
        else { return expression }
        return .number(value)
    }
}
