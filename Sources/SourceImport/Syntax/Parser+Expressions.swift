/// Expressions: precedence climbing over the binary operators both languages share, then postfix
/// chains (members, calls, subscripts, trailing closures) over primaries.
extension Parser {
    /// Binary operators and their precedence (higher binds tighter); Swift's and C's agree on
    /// every operator this subset meets, except `??` and the ranges, which only Swift has.
    static let precedence: [String: Int] = [
        "||": 1, "&&": 2,
        "==": 3, "!=": 3, "<": 3, ">": 3, "<=": 3, ">=": 3, "===": 3, "!==": 3,
        "??": 4, "...": 5, "..<": 5,
        "|": 6, "^": 6, "+": 7, "-": 7, "&": 8, "*": 8, "/": 8, "%": 8, "<<": 9, ">>": 9,
    ]

    mutating func expression() throws(Unsupported) -> Expr {
        let start = position
        let condition = try binary(0)
        if let t = current, t.isSymbol("?"), language == .objectiveC || t.spaceBefore {
            i += 1
            // GNU `a ?: b`.
            if isSymbol(":") { i += 1; let b = try expression(); return Expr(kind: .binary("??", condition, b), position: start) }
            let a = try expression()
            try expect(":")
            let b = try expression()
            return Expr(kind: .ternary(condition, a, b), position: start)
        }
        return condition
    }

    mutating func binary(_ minimum: Int) throws(Unsupported) -> Expr {
        var left = try unary()
        var chain = 0
        while let t = current {
            // A chain of thousands of operators is machine-made; its tree would be too deep to run.
            chain += 1
            if chain > 1_000 { throw Unsupported() }
            if language == .swift && t.kind == .word && (t.text == "as" || t.text == "is") {
                guard minimum <= 4 else { break }
                i += 1
                if isSymbol("?") || isSymbol("!") { i += 1 }
                let type = typeName()
                left = t.text == "as" ? Expr(kind: .cast(left, type), position: left.position) : Expr(kind: .opaque("is"), position: left.position)
                continue
            }
            guard t.kind == .symbol, let p = Self.precedence[t.text], p > minimum else { break }
            // Swift: `a -b` is `a` then a prefix minus (a new statement in practice); `a - b` and `a-b` are binary.
            if language == .swift, t.spaceBefore, let next = token(1), !next.spaceBefore, t.text == "-" || t.text == "&" {
                if t.startsLine { break }
            }
            i += 1
            let right = try binary(p)
            left = Expr(kind: .binary(t.text, left, right), position: left.position)
        }
        return left
    }

    mutating func unary() throws(Unsupported) -> Expr {
        guard nesting < Self.nestingLimit else { throw Unsupported() }
        nesting += 1
        defer { nesting -= 1 }
        let start = position
        guard let t = current else { throw Unsupported() }
        if t.kind == .symbol && ["-", "+", "!", "~", "&", "*"].contains(t.text) {
            i += 1
            let operand = try unary()
            if t.text == "-", case .number(let v) = operand.kind { return Expr(kind: .number(-v), position: start) }
            if t.text == "+" || t.text == "&" || t.text == "*" { return operand }
            return Expr(kind: .unary(t.text, operand), position: start)
        }
        if t.isWord("try") || t.isWord("await") {
            i += 1
            if isSymbol("?") || isSymbol("!") { i += 1 }
            return try unary()
        }
        if t.kind == .symbol && (t.text == "++" || t.text == "--") {
            i += 1
            return Expr(kind: .unary(t.text, try unary()), position: start)
        }
        if language == .objectiveC, t.isSymbol("("), let cast = try castIfAny() { return cast }
        return try postfix(try primary())
    }

    /// `(CGFloat)x`, `(CAShapeLayer *)self.layer`, `(__bridge id)path.CGPath`.
    private mutating func castIfAny() throws(Unsupported) -> Expr? {
        let close = closing(i)
        guard close > i + 1, close < end else { return nil }
        var words: [String] = []
        var stars = 0
        for k in (i + 1)..<close {
            let t = tokens[k]
            if t.kind == .word { words.append(t.text) }
            else if t.isSymbol("*") { stars += 1 }
            else if t.isSymbol("<") || t.isSymbol(">") || t.isSymbol(",") { continue }
            else { return nil }
        }
        guard let type = words.last, !words.isEmpty else { return nil }
        let known: Set<String> = ["CGFloat", "float", "double", "int", "long", "NSInteger", "NSUInteger", "BOOL", "id",
                                  "CGRect", "CGPoint", "CGSize", "CFTimeInterval", "NSTimeInterval", "CGColorRef", "CGPathRef",
                                  "unsigned", "short", "char", "uint32_t", "int32_t", "void", "Class", "instancetype", "CGFloat_t"]
        // C's `int64_t`, `size_t`: lowercase names ending in `_t` are types.
        let isType = stars > 0 || words.contains(where: { known.contains($0) || $0.hasPrefix("__") || ($0.hasSuffix("_t") && $0.first?.isLowercase == true) }) || (words.count > 1)
        guard isType else { return nil }
        // What follows must start an operand, else this was a parenthesised name: `(x) * 2`.
        guard close + 1 < end else { return nil }
        let next = tokens[close + 1]
        let startsOperand = next.kind != .symbol || ["(", "[", "@[", "@(", "@{", "^", "-", "!", "@"].contains(next.text)
        guard startsOperand else { return nil }
        let start = position
        i = close + 1
        let operand = try unary()
        return Expr(kind: .cast(operand, type), position: start)
    }

    mutating func postfix(_ base: Expr) throws(Unsupported) -> Expr {
        var e = base
        while let t = current {
            if t.isSymbol(".") || t.isSymbol("?.") || (language == .objectiveC && t.isSymbol("->")) {
                guard let n = token(1) else { break }
                i += 2
                if n.kind == .word || n.kind == .number {
                    e = Expr(kind: .member(e, n.text), position: Position(line: n.line, column: n.column))
                    continue
                }
                throw Unsupported()
            }
            if t.isSymbol("(") && !(language == .swift && t.startsLine) {
                let args = try inside { (p: inout Parser) throws(Unsupported) in try p.arguments() }
                e = Expr(kind: .call(e, args), position: e.position)
                if language == .swift { try trailingClosures(&e) }
                continue
            }
            if t.isSymbol("[") && !t.startsLine && !(language == .objectiveC && t.spaceBefore) {
                let args = try inside { (p: inout Parser) throws(Unsupported) in try p.arguments() }
                e = Expr(kind: .subscripted(e, args), position: e.position)
                continue
            }
            if language == .swift && (t.isSymbol("!") || t.isSymbol("?")) && !t.spaceBefore {
                i += 1
                continue
            }
            if t.isSymbol("++") || t.isSymbol("--") {
                i += 1
                e = Expr(kind: .postfix(t.text, e), position: e.position)
                continue
            }
            if language == .swift && t.isSymbol("{") && !noTrailingClosure && !t.startsLine {
                try trailingClosures(&e)
                if case .call = e.kind { continue }
                break
            }
            break
        }
        return e
    }

    /// `f(x) { … }` and `f { … }`, and further labelled ones: `completion: { … }`.
    private mutating func trailingClosures(_ e: inout Expr) throws(Unsupported) {
        guard !noTrailingClosure, let t = current, t.isSymbol("{"), !t.startsLine else { return }
        let closure = try closureLiteral()
        var args: [Argument] = []
        var callee = e
        if case .call(let f, let a) = e.kind { callee = f; args = a }
        args.append(Argument(label: nil, value: closure))
        while let l = current, l.kind == .word, isSymbol(":", at: 1), isSymbol("{", at: 2) {
            i += 2
            args.append(Argument(label: l.text, value: try closureLiteral()))
        }
        e = Expr(kind: .call(callee, args), position: e.position)
    }

    /// Arguments between the parentheses of a call: `x, label: y`.
    mutating func arguments() throws(Unsupported) -> [Argument] {
        var args: [Argument] = []
        while !atEnd {
            var label: String?
            if let t = current, t.kind == .word, isSymbol(":", at: 1) { label = t.text; i += 2 }
            args.append(Argument(label: label, value: try expression()))
            if !accept(",") { break }
        }
        guard atEnd else { throw Unsupported() }
        return args
    }

    /// A Swift type after `:`, `as`, `->`: its name (`CGFloat`, `[CAShapeLayer]`, `UIColor?`).
    mutating func typeName() -> String {
        var name = ""
        if isWord("inout") || isWord("some") || isWord("any") { i += 1 }
        while let t = current, t.kind == .word, t.text.hasPrefix("@") { i += 1; if isSymbol("(") { skipGroup() } }
        if isSymbol("[") || isSymbol("(") {
            let open = i
            skipGroup()
            name = tokens[open].text == "[" ? "Array" : "Tuple"
        } else if let t = current, t.kind == .word {
            name = t.text
            i += 1
            while isSymbol("."), let n = token(1), n.kind == .word { name = n.text; i += 2 }
            if isSymbol("<") && !(current?.spaceBefore ?? true) { skipAngles() }
        }
        while let t = current, (t.isSymbol("?") || t.isSymbol("!")) && !t.spaceBefore { i += 1 }
        if isSymbol("->") { i += 1; _ = typeName(); name = "Function" }
        return name
    }

    /// Generic arguments `<…>` (not brackets for the matcher: `<` is also an operator).
    mutating func skipAngles() {
        var depth = 0
        while let t = current {
            if t.isSymbol("<") { depth += 1 } else if t.isSymbol(">") { depth -= 1 }
            else if t.isSymbol(">>") { depth -= 2 }
            else if t.isSymbol("(") || t.isSymbol("[") { skipGroup(); continue }
            i += 1
            if depth <= 0 { return }
        }
    }
}
