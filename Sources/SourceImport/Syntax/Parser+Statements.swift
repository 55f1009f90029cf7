/// Statements of both languages, with recovery: a statement outside the subset is kept as
/// `unsupported` (its first words) and parsing goes on after it.
extension Parser {
    /// Statements up to the end of the current group (or a `case`/`default` label when `inSwitch`).
    mutating func statements(inSwitch: Bool = false) -> [Stmt] {
        var list: [Stmt] = []
        while !atEnd {
            if accept(";") { continue }
            if inSwitch, isWord("case") || isWord("default") || isWord("@unknown") { break }
            let start = i
            let startPosition = position
            do {
                let s = try statement()
                try endOfStatement()
                list.append(s)
            } catch {
                i = start
                skipStatement()
                if i == start { i += 1 }
                list.append(Stmt(kind: .unsupported(text(from: start)), position: startPosition))
            }
        }
        return list
    }

    private mutating func endOfStatement() throws(Unsupported) {
        if accept(";") { return }
        if atEnd { return }
        if language == .swift, let t = current, t.startsLine { return }
        // A compound statement ends with its body: `}` or (Objective-C, no braces) `;`.
        if let previous = i > 0 ? tokens[i - 1] : nil, previous.isSymbol("}") || previous.isSymbol(";") { return }
        throw Unsupported()
    }

    /// Moves past the statement at `i`, treating bracket groups as single tokens.
    mutating func skipStatement() {
        let start = i
        while !atEnd {
            let t = current!
            if i > start && language == .swift && t.startsLine { return }
            if t.isSymbol(";") { i += 1; return }
            if t.isSymbol("{") {
                skipGroup()
                if language == .objectiveC { accept(";"); return }
                continue
            }
            if partner[i] != nil { skipGroup(); continue }
            i += 1
        }
    }

    /// A `{ … }` body, or (Objective-C) a single statement.
    mutating func body() throws(Unsupported) -> [Stmt] {
        if isSymbol("{") {
            return try inside { (p: inout Parser) throws(Unsupported) in p.statements() }
        }
        guard language == .objectiveC else { throw Unsupported() }
        let s = try statement()
        accept(";")
        return [s]
    }

    mutating func statement() throws(Unsupported) -> Stmt {
        let start = position
        guard let t = current else { throw Unsupported() }
        func stmt(_ k: Stmt.Kind) -> Stmt { Stmt(kind: k, position: start) }
        if t.isSymbol("{") { return stmt(.block(try body())) }
        if t.kind == .word {
            switch t.text {
            case "if": i += 1; return stmt(try ifStatement())
            case "guard":
                i += 1
                let conditions = try self.conditions()
                try expect("else")
                return stmt(.guardStatement(conditions, otherwise: try body()))
            case "for": i += 1; return stmt(try forStatement())
            case "while":
                i += 1
                let c = try headCondition()
                return stmt(.loop(initial: [], condition: c, step: [], body: try body()))
            case "repeat", "do":
                i += 1
                let b = try body()
                if accept("while") { let c = try headCondition(); return stmt(.loop(initial: [], condition: c, step: [], body: b)) }
                if isWord("catch") { while accept("catch") { while !isSymbol("{") && !atEnd { i += 1 }; skipGroup() } }
                return stmt(.block(b))
            case "switch": i += 1; return stmt(try switchStatement())
            case "return":
                i += 1
                if atEnd || isSymbol(";") || isSymbol("}") || (language == .swift && (current?.startsLine ?? true)) {
                    return stmt(.returnStatement(nil))
                }
                return stmt(.returnStatement(try expression()))
            case "break": i += 1; if language == .swift, let l = current, l.kind == .word, !l.startsLine { i += 1 }; return stmt(.breakStatement)
            case "continue", "fallthrough": i += 1; return stmt(.continueStatement)
            case "defer":
                i += 1
                return stmt(.block(try body()))
            case "let", "var":
                guard language == .swift else { break }
                return try swiftVariable(start)
            case "func":
                guard language == .swift else { break }
                return stmt(.function(try swiftFunction(isStatic: false)))
            case "lazy", "weak", "unowned":
                if language == .swift { i += 1; return try statement() }
            default: break
            }
            if language == .objectiveC, let d = try objectiveCDeclaration(start) { return d }
        }
        let target = try expression()
        if let op = current, op.kind == .symbol, ["=", "+=", "-=", "*=", "/="].contains(op.text) {
            i += 1
            let value = try expression()
            return stmt(.assignment(target, op.text, value))
        }
        return stmt(.expression(target))
    }

    private mutating func ifStatement() throws(Unsupported) -> Stmt.Kind {
        let conditions = try self.conditions()
        let then = try body()
        var otherwise: [Stmt]?
        if accept("else") {
            if isWord("if") {
                let start = position
                i += 1
                otherwise = [Stmt(kind: try ifStatement(), position: start)]
            } else {
                otherwise = try body()
            }
        }
        return .ifStatement(conditions, then: then, otherwise: otherwise)
    }

    /// Objective-C `(cond)`; Swift `cond, let x = e, case …` up to the body.
    private mutating func conditions() throws(Unsupported) -> [Condition] {
        if language == .objectiveC {
            guard isSymbol("(") else { throw Unsupported() }
            return [.expression(try inside { (p: inout Parser) throws(Unsupported) in try p.expression() })]
        }
        let saved = noTrailingClosure
        noTrailingClosure = true
        defer { noTrailingClosure = saved }
        var list: [Condition] = []
        repeat {
            if isWord("let") || isWord("var") {
                i += 1
                let n = try name()
                if accept(":") { _ = typeName() }
                if accept("=") {
                    list.append(.binding(n, try expression()))
                } else {
                    // `if let x {` (Swift 5.7 shorthand).
                    list.append(.binding(n, Expr(kind: .name(n), position: position)))
                }
            } else if isWord("case") {
                throw Unsupported()
            } else {
                list.append(.expression(try expression()))
            }
        } while accept(",")
        return list
    }

    private mutating func headCondition() throws(Unsupported) -> Expr {
        let c = try conditions()
        guard c.count == 1, case .expression(let e) = c[0] else { throw Unsupported() }
        return e
    }

    private mutating func forStatement() throws(Unsupported) -> Stmt.Kind {
        if language == .objectiveC {
            guard isSymbol("(") else { throw Unsupported() }
            let head: Stmt.Kind = try inside { (p: inout Parser) throws(Unsupported) in
                // `for (Type *x in collection)`.
                var k = 0
                while let t = p.token(k), !t.isSymbol(";") {
                    if t.isWord("in") {
                        let n = p.tokens[p.i + k - 1].text
                        p.i += k + 1
                        return .forIn(n, try p.expression(), [])
                    }
                    k += 1
                }
                var initial: [Stmt] = []
                if !p.isSymbol(";") { initial.append(try p.statement()) }
                try p.expect(";")
                let condition = p.isSymbol(";") ? nil : try p.expression()
                try p.expect(";")
                var step: [Stmt] = []
                while !p.atEnd { step.append(try p.statement()); _ = p.accept(",") }
                return .loop(initial: initial, condition: condition, step: step, body: [])
            }
            let b = try body()
            switch head {
            case .forIn(let n, let e, _): return .forIn(n, e, b)
            case .loop(let a, let c, let s, _): return .loop(initial: a, condition: c, step: s, body: b)
            default: throw Unsupported()
            }
        }
        accept("case")
        var n = "_"
        if isSymbol("(") {
            // `for (index, ring) in rings.enumerated()`: the names, comma-separated.
            n = try inside { (p: inout Parser) throws(Unsupported) in
                var names: [String] = []
                while let t = p.current { if t.kind == .word || t.isSymbol("_") { names.append(t.text) }; p.i += 1 }
                return names.joined(separator: ",")
            }
        } else { n = try name() }
        if accept(":") { _ = typeName() }
        try expect("in")
        let saved = noTrailingClosure
        noTrailingClosure = true
        let sequence = try expression()
        noTrailingClosure = saved
        if accept("where") { noTrailingClosure = true; _ = try expression(); noTrailingClosure = saved }
        return .forIn(n, sequence, try body())
    }

    private mutating func switchStatement() throws(Unsupported) -> Stmt.Kind {
        let subject: Expr
        if language == .objectiveC {
            guard isSymbol("(") else { throw Unsupported() }
            subject = try inside { (p: inout Parser) throws(Unsupported) in try p.expression() }
        } else {
            let saved = noTrailingClosure
            noTrailingClosure = true
            subject = try expression()
            noTrailingClosure = saved
        }
        guard isSymbol("{") else { throw Unsupported() }
        let cases: [SwitchCase] = try inside { (p: inout Parser) throws(Unsupported) in
            var cases: [SwitchCase] = []
            while !p.atEnd {
                var patterns: [Expr] = []
                if p.accept("@unknown") || p.isWord("default") {
                    p.i += 1
                } else if p.accept("case") {
                    repeat {
                        let start = p.i
                        do { patterns.append(try p.expression()) } catch {
                            p.i = start
                            while !p.atEnd && !p.isSymbol(":") && !p.isSymbol(",") { if p.partner[p.i] != nil { p.skipGroup() } else { p.i += 1 } }
                            patterns.append(Expr(kind: .opaque("pattern"), position: p.position))
                        }
                        if p.accept("where") { _ = try? p.expression() }
                    } while p.accept(",")
                } else {
                    throw Unsupported()
                }
                try p.expect(":")
                cases.append(SwitchCase(patterns: patterns, body: p.statements(inSwitch: true)))
            }
            return cases
        }
        return .switchStatement(subject, cases)
    }

    private mutating func swiftVariable(_ start: Position) throws(Unsupported) -> Stmt {
        i += 1
        if isSymbol("(") { throw Unsupported() }
        let n = try name()
        var type: String?
        if accept(":") { type = typeName() }
        var value: Expr?
        if accept("=") { value = try expression() }
        if accept(",") { throw Unsupported() }
        return Stmt(kind: .declaration(name: n, type: type, value: value), position: start)
    }

    /// `CGFloat x = e;`, `CAShapeLayer *layer = …;`, `__block BOOL done = NO;`, `CGRect frame;`.
    private mutating func objectiveCDeclaration(_ start: Position) throws(Unsupported) -> Stmt? {
        var k = 0
        var words: [String] = []
        while let t = token(k) {
            if t.kind == .word { words.append(t.text); k += 1; continue }
            if t.isSymbol("*") { k += 1; continue }
            if t.isSymbol("<") { // `NSArray<NSNumber *> *values`
                var depth = 0
                while let u = token(k) { if u.isSymbol("<") { depth += 1 } else if u.isSymbol(">") { depth -= 1 }; k += 1; if depth == 0 { break } }
                continue
            }
            break
        }
        guard words.count >= 2, let after = token(k), after.isSymbol("=") || after.isSymbol(";") || after.isSymbol(",") || after.isSymbol("[") else { return nil }
        // A declaration's words are a type and a name; a message or a call has a bracket or a dot.
        let type = words.dropLast().last { !["const", "static", "__block", "__weak", "__strong", "__unsafe_unretained", "unsigned", "struct", "volatile", "extern"].contains($0) }
        let n = words.last!
        i += k
        if isSymbol("[") { skipGroup() }
        var value: Expr?
        if accept("=") { value = try expression() }
        if isSymbol(",") {
            // `CGFloat a = 1, b = 2;`: a block of declarations.
            var list = [Stmt(kind: .declaration(name: n, type: type, value: value), position: start)]
            while accept(",") {
                while accept("*") {}
                let m = try name()
                var v: Expr?
                if accept("=") { v = try expression() }
                list.append(Stmt(kind: .declaration(name: m, type: type, value: v), position: start))
            }
            return Stmt(kind: .block(list), position: start)
        }
        return Stmt(kind: .declaration(name: n, type: type, value: value), position: start)
    }
}
