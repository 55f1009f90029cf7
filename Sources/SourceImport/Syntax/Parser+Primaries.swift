/// Literals, names, closures and blocks, Objective-C messages and boxed values.
extension Parser {
    mutating func primary() throws(Unsupported) -> Expr {
        guard let t = current else { throw Unsupported() }
        let start = Position(line: t.line, column: t.column)
        switch t.kind {
        case .number:
            i += 1
            return Expr(kind: .number(t.number), position: start)
        case .string:
            i += 1
            var s = t.text
            // Adjacent C string literals concatenate.
            while language == .objectiveC, let n = current, n.kind == .string { s += n.text; i += 1 }
            return Expr(kind: .string(s), position: start)
        case .word:
            return try wordPrimary(t, start)
        case .symbol:
            return try symbolPrimary(t, start)
        }
    }

    private mutating func wordPrimary(_ t: Token, _ start: Position) throws(Unsupported) -> Expr {
        i += 1
        switch t.text {
        case "true", "YES", "@YES", "TRUE": return Expr(kind: .bool(true), position: start)
        case "false", "NO", "@NO", "FALSE": return Expr(kind: .bool(false), position: start)
        case "nil", "NULL", "Nil": return Expr(kind: .null, position: start)
        case "#keyPath":
            // `#keyPath(CAShapeLayer.strokeEnd)` is the string "strokeEnd".
            guard isSymbol("(") else { throw Unsupported() }
            let open = i
            skipGroup()
            var words: [String] = []
            for k in (open + 1)..<(i - 1) where tokens[k].kind == .word { words.append(tokens[k].text) }
            if words.count > 1, words[0].first?.isUppercase == true { words.removeFirst() }
            return Expr(kind: .string(words.joined(separator: ".")), position: start)
        case "@selector", "#selector":
            guard isSymbol("(") else { throw Unsupported() }
            let open = i
            skipGroup()
            // The method's base name: `@selector(paySuccess:)`, `#selector(Self.tapped(_:))`.
            var name = ""
            for k in (open + 1)..<(i - 1) where tokens[k].kind == .word && !tokens[k + 1].isSymbol(".") {
                if tokens[k].text != "self" && tokens[k].text != "Self" { name = tokens[k].text; break }
            }
            return Expr(kind: .selector(name), position: start)
        case "@encode", "sizeof", "@available", "#available", "typeof", "__typeof", "__typeof__":
            if isSymbol("(") { skipGroup() }
            return Expr(kind: .opaque(t.text), position: start)
        case "if", "switch", "for", "while", "return", "guard", "let", "var", "case", "default", "else", "do":
            throw Unsupported()
        default:
            // Swift generic arguments in expressions: `Array<CGFloat>()`.
            if language == .swift, isSymbol("<"), !(current?.spaceBefore ?? true), t.text.first?.isUppercase == true {
                skipAngles()
            }
            return Expr(kind: .name(t.text), position: start)
        }
    }

    private mutating func symbolPrimary(_ t: Token, _ start: Position) throws(Unsupported) -> Expr {
        switch t.text {
        case "(":
            let items = try inside { (p: inout Parser) throws(Unsupported) in try p.arguments() }
            guard let first = items.first else { return Expr(kind: .opaque("()"), position: start) }
            return items.count == 1 ? first.value : Expr(kind: .array(items.map(\.value)), position: start)
        case "[":
            if language == .objectiveC { return try message(start) }
            return try inside { (p: inout Parser) throws(Unsupported) in try p.collectionLiteral(start) }
        case "@[":
            return try inside { (p: inout Parser) throws(Unsupported) in try p.collectionLiteral(start) }
        case "@{":
            return try inside { (p: inout Parser) throws(Unsupported) in try p.collectionLiteral(start, dictionary: true) }
        case "@(":
            return try inside { (p: inout Parser) throws(Unsupported) in try p.expression() }
        case "@":
            // `@0`, `@.25`, `@-1`.
            i += 1
            return try unary()
        case "{":
            guard language == .swift else { throw Unsupported() }
            return try closureLiteral()
        case "^":
            return try block(start)
        case ".":
            guard language == .swift, let n = token(1), n.kind == .word else { throw Unsupported() }
            i += 2
            return Expr(kind: .implicitMember(n.text), position: start)
        default:
            throw Unsupported()
        }
    }

    /// `[a, b]`, `[k: v]`, `[:]`, `@[a, b]`, `@{k: v}`.
    mutating func collectionLiteral(_ start: Position, dictionary: Bool = false) throws(Unsupported) -> Expr {
        if isSymbol(":") && token(1) == nil { i += 1; return Expr(kind: .dictionary([]), position: start) }
        var items: [Expr] = []
        var pairs: [(Expr, Expr)] = []
        var isDictionary = dictionary
        while !atEnd {
            let key = try expression()
            if accept(":") {
                isDictionary = true
                pairs.append((key, try expression()))
            } else {
                items.append(key)
            }
            if !accept(",") { break }
        }
        guard atEnd else { throw Unsupported() }
        return isDictionary ? Expr(kind: .dictionary(pairs), position: start) : Expr(kind: .array(items), position: start)
    }

    /// `[receiver part: arg part: arg]`, `[receiver unary]`, variadic `arrayWithObjects:a, b, nil`.
    private mutating func message(_ start: Position) throws(Unsupported) -> Expr {
        try inside { (p: inout Parser) throws(Unsupported) in
            let receiver: Expr
            // `[super init]`, `[Foo alloc]`: the receiver is a name or an expression up to the selector.
            receiver = try p.postfix(try p.primary())
            var parts: [String] = []
            var args: [Expr] = []
            while let t = p.current {
                // `functionWithControlPoints:0.4 :0 :0.2 :1` has parts without names.
                if t.isSymbol(":"), !parts.isEmpty {
                    p.i += 1
                    parts.append("")
                    args.append(try p.expression())
                    continue
                }
                guard t.kind == .word else { break }
                p.i += 1
                parts.append(t.text)
                if p.accept(":") {
                    args.append(try p.expression())
                    while p.accept(",") { args.append(try p.expression()) }
                } else {
                    break
                }
            }
            guard p.atEnd, !parts.isEmpty else { throw Unsupported() }
            return Expr(kind: .message(receiver, parts, args), position: start)
        }
    }

    /// A Swift closure `{ [weak self] a, b in … }` or `{ … }` (parameters `$0`, `$1`).
    mutating func closureLiteral() throws(Unsupported) -> Expr {
        let start = position
        guard isSymbol("{") else { throw Unsupported() }
        let close = closing(i)
        // Find `in` at this closure's own depth, if any, to split the parameters from the body.
        var k = i + 1
        var inIndex: Int?
        while k < close {
            let t = tokens[k]
            if t.isWord("in") { inIndex = k; break }
            if let p = partner[k], p > k { k = p + 1; continue }
            if t.kind == .symbol && !(t.isSymbol(",") || t.isSymbol("_") || t.isSymbol(":") || t.isSymbol("->") || t.isSymbol("?") || t.isSymbol("!") || t.isSymbol(".") || t.isSymbol("<") || t.isSymbol(">")) { break }
            if t.kind == .word && k > i + 1 && (t.startsLine) { break }
            k += 1
        }
        var parameters: [String] = []
        var bodyStart = i + 1
        if let inIndex {
            var k2 = i + 1
            if tokens[k2].isSymbol("[") { k2 = (partner[k2] ?? k2) + 1 }  // capture list
            var expectName = true
            while k2 < inIndex {
                let t = tokens[k2]
                if t.isSymbol("(") { k2 += 1; continue }
                if t.isSymbol(")") { k2 += 1; continue }
                if t.isSymbol(":") || t.isSymbol("->") { expectName = false; k2 += 1; continue }
                if t.isSymbol(",") { expectName = true; k2 += 1; continue }
                if expectName && (t.kind == .word || t.isSymbol("_")) { parameters.append(t.text); expectName = false }
                k2 += 1
            }
            bodyStart = inIndex + 1
        }
        guard nesting < Self.nestingLimit else { throw Unsupported() }
        let savedEnd = end, savedFlag = noTrailingClosure
        i = bodyStart
        end = close
        noTrailingClosure = false
        nesting += 1
        let body = implicitReturn(statements())
        nesting -= 1
        end = savedEnd
        noTrailingClosure = savedFlag
        i = close + 1
        return Expr(kind: .closure(parameters: parameters, body: body), position: start)
    }

    /// An Objective-C block: `^{ … }`, `^(BOOL finished) { … }`, `^void (void) { … }`.
    private mutating func block(_ start: Position) throws(Unsupported) -> Expr {
        i += 1
        if let t = current, t.kind == .word { i += 1; while isSymbol("*") { i += 1 } }
        var parameters: [String] = []
        if isSymbol("(") {
            let close = closing(i)
            var lastWord: String?
            for k in (i + 1)..<close {
                let t = tokens[k]
                if t.kind == .word { lastWord = t.text }
                if t.isSymbol(",") || k == close - 1 {
                    if let w = lastWord, w != "void" { parameters.append(w) }
                    lastWord = nil
                }
            }
            i = close + 1
        }
        guard isSymbol("{") else { throw Unsupported() }
        let close = closing(i)
        guard nesting < Self.nestingLimit else { throw Unsupported() }
        let savedEnd = end
        i += 1
        end = close
        nesting += 1
        let body = statements()
        nesting -= 1
        end = savedEnd
        i = close + 1
        return Expr(kind: .closure(parameters: parameters, body: body), position: start)
    }
}
