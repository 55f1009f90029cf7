/// Swift files: types and extensions, their properties (stored, computed, observed, lazy),
/// functions and initialisers; anything else at the top level is a statement (a pasted snippet).
extension Parser {
    static let swiftModifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "final", "override", "required", "convenience",
        "lazy", "weak", "unowned", "mutating", "nonmutating", "dynamic", "optional", "indirect", "nonisolated", "package",
    ]

    mutating func swiftUnit() -> SourceUnit {
        var unit = SourceUnit(file: file, language: .swift)
        var members = SwiftMembers()
        swiftMembers(into: &members, typeName: nil)
        unit.types = members.types
        unit.functions = members.functions
        unit.globals = members.properties
        unit.statements = members.statements
        return unit
    }

    struct SwiftMembers {
        var types: [TypeDecl] = []
        var functions: [FunctionDecl] = []
        var properties: [PropertyDecl] = []
        var cases: [(name: String, rawValue: Expr?)] = []
        var statements: [Stmt] = []
    }

    /// Declarations up to the end of the current group (a file or a type's braces).
    mutating func swiftMembers(into m: inout SwiftMembers, typeName: String?) {
        while !atEnd {
            let start = i
            let startPosition = position
            var isStatic = false
            var isLazy = false
            var isAction = false
            var isOutlet = false
            // Attributes and modifiers.
            while let t = current {
                if t.kind == .word && t.text.hasPrefix("@") { if t.text == "@IBAction" { isAction = true }; if t.text == "@IBOutlet" { isOutlet = true }; i += 1; if isSymbol("(") && !(current?.spaceBefore ?? true) { skipGroup() }; continue }
                if t.kind == .word && t.text.hasPrefix("#") { i += 1; if isSymbol("(") { skipGroup() }; continue }
                if t.kind == .word && Self.swiftModifiers.contains(t.text) {
                    if t.text == "lazy" { isLazy = true }
                    i += 1
                    if isSymbol("(") { skipGroup() }  // `private(set)`
                    continue
                }
                if t.isWord("static") || (t.isWord("class") && (isWord("func", at: 1) || isWord("var", at: 1) || isWord("let", at: 1) || Self.swiftModifiers.contains(token(1)?.text ?? ""))) {
                    isStatic = true; i += 1; continue
                }
                break
            }
            guard let t = current else { break }
            do {
                switch t.kind == .word ? t.text : "" {
                case "import", "typealias", "associatedtype", "precedencegroup", "operator", "prefix", "postfix", "infix":
                    i += 1
                    skipStatement()
                case "class", "struct", "enum", "extension", "protocol", "actor":
                    i += 1
                    m.types.append(try swiftType(keyword: t.text, start: startPosition))
                case "func":
                    var f = try swiftFunction(isStatic: isStatic)
                    f.isAction = isAction
                    m.functions.append(f)
                case "init", "deinit":
                    m.functions.append(try swiftFunction(isStatic: false))
                case "subscript":
                    i += 1
                    skipStatement()
                case "var", "let":
                    var list = try swiftProperty(isStatic: isStatic, isLazy: isLazy, start: startPosition)
                    for k in list.indices { list[k].isOutlet = isOutlet }
                    m.properties.append(contentsOf: list)
                case "case" where typeName != nil:
                    i += 1
                    repeat {
                        let n = try name()
                        if isSymbol("(") { skipGroup() }
                        var raw: Expr?
                        if accept("=") { raw = try expression() }
                        m.cases.append((n, raw))
                    } while accept(",")
                default:
                    if typeName != nil { throw Unsupported() }
                    let list = statements(untilDeclaration: true)
                    m.statements.append(contentsOf: list)
                }
            } catch {
                i = start
                skipStatement()
                if i == start { i += 1 }
                if typeName == nil { m.statements.append(Stmt(kind: .unsupported(text(from: start)), position: startPosition)) }
            }
        }
    }

    /// Top-level statements of a script or snippet, one at a time (declarations are parsed by the caller).
    private mutating func statements(untilDeclaration: Bool) -> [Stmt] {
        let start = i
        let startPosition = position
        do {
            let s = try statement()
            if !accept(";") && !atEnd && !(current?.startsLine ?? true) && !(tokens[i - 1].isSymbol("}")) { throw Unsupported() }
            return [s]
        } catch {
            i = start
            skipStatement()
            if i == start { i += 1 }
            return [Stmt(kind: .unsupported(text(from: start)), position: startPosition)]
        }
    }

    private mutating func swiftType(keyword: String, start: Position) throws(Unsupported) -> TypeDecl {
        var n = try name()
        while accept("."), let next = current, next.kind == .word { n = next.text; i += 1 }  // `extension UIBezierPath.Foo`
        if isSymbol("<") { skipAngles() }
        var inherited: [String] = []
        if accept(":") {
            repeat { inherited.append(typeName()) } while accept(",")
        }
        if accept("where") { while !atEnd && !isSymbol("{") { i += 1 } }
        guard isSymbol("{") else { throw Unsupported() }
        var members = SwiftMembers()
        try inside { (p: inout Parser) throws(Unsupported) in p.swiftMembers(into: &members, typeName: n) }
        let kind: TypeDecl.Kind = switch keyword {
        case "struct": .structType
        case "enum": .enumType
        case "extension": .extensionType
        case "protocol": .protocolType
        default: .classType
        }
        var decl = TypeDecl(name: n, kind: kind, superclass: keyword == "class" ? inherited.first : nil, position: start, file: file)
        decl.properties = members.properties
        decl.methods = members.functions
        decl.cases = members.cases
        // Raw values Swift gives implicitly: integers counting on, or the case's name.
        if keyword == "enum", let raw = inherited.first {
            if ["Int", "UInt", "Int32", "Int64", "UInt8", "Int16"].contains(raw) {
                var next = 0.0
                for k in decl.cases.indices {
                    if let r = decl.cases[k].rawValue, case .number(let v) = r.kind { next = v }
                    else if decl.cases[k].rawValue == nil { decl.cases[k].rawValue = Expr(kind: .number(next), position: start) }
                    next += 1
                }
            } else if raw == "String" {
                for k in decl.cases.indices where decl.cases[k].rawValue == nil {
                    decl.cases[k].rawValue = Expr(kind: .string(decl.cases[k].name), position: start)
                }
            }
        }
        // Nested types keep their own names (`Constants.ringKey` is looked up by the last name).
        return members.types.isEmpty ? decl : decl.withNested(members.types)
    }

    mutating func swiftFunction(isStatic: Bool) throws(Unsupported) -> FunctionDecl {
        let start = position
        let keyword = take().text
        var n = keyword
        if keyword == "func" {
            guard let t = current else { throw Unsupported() }
            n = t.text
            i += 1
        }
        if isSymbol("?") || isSymbol("!") { i += 1 }
        if isSymbol("<") { skipAngles() }
        var parameters: [Parameter] = []
        if isSymbol("(") {
            parameters = try inside { (p: inout Parser) throws(Unsupported) in try p.swiftParameters() }
        }
        var returnType: String?
        while let t = current, t.isWord("throws") || t.isWord("rethrows") || t.isWord("async") { i += 1 }
        if accept("->") { returnType = typeName() }
        if accept("where") { while !atEnd && !isSymbol("{") { i += 1 } }
        var bodyStatements: [Stmt]?
        if isSymbol("{") {
            bodyStatements = try inside { (p: inout Parser) throws(Unsupported) in p.implicitReturn(p.statements()) }
        }
        return FunctionDecl(name: n, parameters: parameters, body: bodyStatements, isStatic: isStatic, returnType: returnType, position: start, file: file)
    }

    private mutating func swiftParameters() throws(Unsupported) -> [Parameter] {
        var list: [Parameter] = []
        while !atEnd {
            var names: [String] = []
            while let t = current, t.kind == .word || t.isSymbol("_") {
                names.append(t.text); i += 1
            }
            try expect(":")
            let type = typeName()
            if accept("...") {}
            var defaultValue: Expr?
            if accept("=") { defaultValue = try expression() }
            guard let last = names.last else { throw Unsupported() }
            let label: String? = names.count >= 2 ? (names[0] == "_" ? nil : names[0]) : last
            list.append(Parameter(label: label, name: last, type: type, defaultValue: defaultValue))
            if !accept(",") { break }
        }
        return list
    }

    private mutating func swiftProperty(isStatic: Bool, isLazy: Bool, start: Position) throws(Unsupported) -> [PropertyDecl] {
        i += 1
        if isSymbol("(") { throw Unsupported() }
        var list: [PropertyDecl] = []
        repeat {
            let n = try name()
            var type: String?
            if accept(":") { type = typeName() }
            var initial: Expr?
            if accept("=") {
                let saved = noTrailingClosure
                noTrailingClosure = true
                initial = try expression()
                noTrailingClosure = saved
            }
            var p = PropertyDecl(name: n, type: type, initial: initial, getter: nil, setter: nil, didSet: nil,
                                 isStatic: isStatic, isLazy: isLazy, position: start, file: file)
            if isSymbol("{") { try accessors(&p) }
            list.append(p)
        } while accept(",")
        return list
    }

    /// `{ get … set … }`, `{ didSet … willSet … }`, or a getter's body.
    private mutating func accessors(_ p: inout PropertyDecl) throws(Unsupported) {
        let first = token(1)
        let isAccessorList = first.map { t in t.kind == .word && ["get", "set", "didSet", "willSet", "_modify", "mutating", "nonmutating"].contains(t.text) } ?? false
        guard isAccessorList else {
            p.getter = try inside { (q: inout Parser) throws(Unsupported) in q.implicitReturn(q.statements()) }
            return
        }
        try inside { (q: inout Parser) throws(Unsupported) in
            while !q.atEnd {
                while let t = q.current, t.kind == .word, Self.swiftModifiers.contains(t.text) { q.i += 1 }
                let accessor = try q.name()
                var parameter = accessor == "set" ? "newValue" : (accessor == "willSet" ? "newValue" : "oldValue")
                if q.isSymbol("(") { parameter = try q.inside { (r: inout Parser) throws(Unsupported) in try r.name() } }
                guard q.isSymbol("{") else { continue }  // `{ get set }` in a protocol
                let b = try q.inside { (r: inout Parser) throws(Unsupported) in r.statements() }
                switch accessor {
                case "get": p.getter = q.implicitReturn(b)
                case "set": p.setter = (parameter, b)
                case "didSet": p.didSet = b
                default: break
                }
            }
        }
    }
}

extension TypeDecl {
    /// Nested types travel with their parent until the program merges declarations by name.
    func withNested(_ nested: [TypeDecl]) -> TypeDecl {
        var copy = self
        copy.nested = nested
        return copy
    }
}

extension Parser {
    /// Swift returns the value of a body that is one expression (closures, getters, functions):
    /// written as the `return` it stands for, so the run needs no special case.
    func implicitReturn(_ body: [Stmt]) -> [Stmt] {
        guard language == .swift, body.count == 1, case .expression(let e) = body[0].kind else { return body }
        return [Stmt(kind: .returnStatement(e), position: body[0].position)]
    }
}
