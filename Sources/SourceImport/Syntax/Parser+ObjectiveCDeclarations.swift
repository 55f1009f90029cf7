/// Objective-C files: `@interface` (properties), `@implementation` (methods), enums, constants,
/// C functions; top-level statements elsewhere are kept for pasted snippets.
extension Parser {
    mutating func objectiveCUnit() -> SourceUnit {
        var unit = SourceUnit(file: file, language: .objectiveC)
        var current_: TypeDecl?
        while !atEnd {
            let start = i
            let startPosition = position
            guard let t = current else { break }
            // Attribute macros on their own: `IB_DESIGNABLE`, `NS_ASSUME_NONNULL_BEGIN`.
            if t.kind == .word, t.text.contains("_"), t.text == t.text.uppercased(), !isSymbol("(", at: 1) || t.text.hasPrefix("NS_") {
                i += 1
                if isSymbol("(") { skipGroup() }
                continue
            }
            do {
                switch t.kind == .word ? t.text : "" {
                case "@interface", "@implementation", "@protocol":
                    i += 1
                    let n = try name()
                    var superclass: String?
                    if accept(":") { superclass = try name() }
                    if isSymbol("(") { skipGroup() }           // category or class extension
                    if isSymbol("<") { skipAngles() }          // protocols
                    var decl = TypeDecl(name: n, kind: t.text == "@protocol" ? .protocolType : .classType, superclass: superclass, position: startPosition, file: file)
                    if isSymbol("{") {                          // instance variables
                        decl.properties += try inside { (p: inout Parser) throws(Unsupported) in p.instanceVariables() }
                    }
                    current_ = decl
                case "@end":
                    i += 1
                    if let d = current_ { unit.types.append(d) }
                    current_ = nil
                case "@property":
                    i += 1
                    var getterName: String?
                    if isSymbol("(") {
                        let open = i
                        skipGroup()
                        for k in (open + 1)..<(i - 1) where tokens[k].isWord("getter") && tokens[k + 1].isSymbol("=") && k + 2 < i - 1 {
                            getterName = tokens[k + 2].text
                        }
                    }
                    var words: [String] = []
                    while let w = current, !w.isSymbol(";") {
                        if w.kind == .word { words.append(w.text) }
                        if partner[i] != nil { skipGroup() } else { i += 1 }
                    }
                    accept(";")
                    if let n = words.last(where: { !$0.hasPrefix("NS_") && !$0.hasPrefix("IB") && !$0.hasPrefix("__") }) {
                        let type = words.count >= 2 ? words[words.count - 2] : nil
                        current_?.properties.append(PropertyDecl(name: n, type: type, initial: nil, getter: nil, setter: nil, didSet: nil, isStatic: false, isLazy: false, position: startPosition, file: file, getterName: getterName, isOutlet: words.contains("IBOutlet")))
                    }
                case "@class", "@import", "@synthesize", "@dynamic", "@compatibility_alias":
                    skipStatement()
                case "typedef", "enum":
                    try typedef(&unit)
                default:
                    if t.isSymbol("-") || t.isSymbol("+") {
                        let method = try objectiveCMethod()
                        if current_ != nil { current_?.methods.append(method) } else { unit.functions.append(method) }
                    } else if current_ == nil, looksLikeStatement() {
                        // A snippet: statements pasted without the method around them.
                        let s = try statement()
                        accept(";")
                        unit.statements.append(s)
                    } else if let f = try cFunctionOrGlobal(&unit) {
                        unit.functions.append(f)
                    }
                }
            } catch {
                i = start
                skipStatement()
                if i == start { i += 1 }
                unit.statements.append(Stmt(kind: .unsupported(text(from: start)), position: startPosition))
            }
        }
        if let d = current_ { unit.types.append(d) }
        return unit
    }

    private mutating func instanceVariables() -> [PropertyDecl] {
        var list: [PropertyDecl] = []
        while !atEnd {
            let start = position
            var words: [String] = []
            while let w = current, !w.isSymbol(";") { if w.kind == .word { words.append(w.text) }; i += 1 }
            accept(";")
            if let n = words.last, !n.hasPrefix("@") {
                list.append(PropertyDecl(name: n, type: words.dropLast().last, initial: nil, getter: nil, setter: nil, didSet: nil, isStatic: false, isLazy: false, position: start, file: file))
            }
        }
        return list
    }

    /// `- (void)setProgress:(CGFloat)progress animated:(BOOL)animated { … }` (or `;` in an interface).
    private mutating func objectiveCMethod() throws(Unsupported) -> FunctionDecl {
        let start = position
        let isStatic = take().text == "+"
        var returnType: String?
        if isSymbol("(") {
            returnType = try lastWordInside()
        }
        var baseName = ""
        var parameters: [Parameter] = []
        while let t = current, t.kind == .word {
            i += 1
            guard accept(":") else {
                if parameters.isEmpty { baseName = t.text }
                break
            }
            var type: String?
            if isSymbol("(") {
                type = try lastWordInside()
            }
            let n = try name()
            if parameters.isEmpty { baseName = t.text; parameters.append(Parameter(label: nil, name: n, type: type)) }
            else { parameters.append(Parameter(label: t.text, name: n, type: type)) }
        }
        if accept(",") { accept("...") }  // variadic
        while let t = current, t.kind == .word { i += 1; if isSymbol("(") { skipGroup() } }  // NS_DESIGNATED_INITIALIZER, attributes
        var body: [Stmt]?
        if isSymbol("{") {
            body = try inside { (p: inout Parser) throws(Unsupported) in p.statements() }
        } else {
            accept(";")
        }
        return FunctionDecl(name: baseName, parameters: parameters, body: body, isStatic: isStatic, returnType: returnType, position: start, file: file, isAction: returnType == "IBAction")
    }

    /// `typedef NS_ENUM(NSInteger, Style) { A, B = 2 };`, `typedef enum { … } Name;`, other typedefs skipped.
    private mutating func typedef(_ unit: inout SourceUnit) throws(Unsupported) {
        let start = position
        accept("typedef")
        var typeName: String?
        if let t = current, t.kind == .word, t.text == "NS_ENUM" || t.text == "NS_OPTIONS" || t.text == "NS_CLOSED_ENUM" {
            i += 1
            typeName = try lastWordInside()
        } else if accept("enum") {
            if let t = current, t.kind == .word { typeName = t.text; i += 1 }
            if accept(":") { _ = try name() }
        } else {
            skipStatement()
            return
        }
        guard isSymbol("{") else { skipStatement(); return }
        var next = 0.0
        let cases: [(String, Expr?)] = try inside { (p: inout Parser) throws(Unsupported) in
            var cases: [(String, Expr?)] = []
            while !p.atEnd {
                let n = try p.name()
                var raw: Expr?
                if p.accept("=") { raw = try p.expression() }
                cases.append((n, raw))
                if !p.accept(",") { break }
            }
            return cases
        }
        if let t = current, t.kind == .word { typeName = typeName ?? t.text; i += 1 }
        accept(";")
        var decl = TypeDecl(name: typeName ?? "enum", kind: .enumType, superclass: nil, position: start, file: file)
        for (n, raw) in cases {
            // C enumerators are integers counting on from the last explicit value.
            var value = Expr(kind: .number(next), position: start)
            if let raw { value = raw; if case .number(let v) = raw.kind { next = v } }
            next += 1
            decl.cases.append((n, value))
            unit.globals.append(PropertyDecl(name: n, type: typeName, initial: value, getter: nil, setter: nil, didSet: nil, isStatic: true, isLazy: false, position: start, file: file))
        }
        unit.types.append(decl)
    }

    /// `static const CGFloat kX = 2.0;`, `NSString *const kKey = @"k";`, or a C function.
    private mutating func cFunctionOrGlobal(_ unit: inout SourceUnit) throws(Unsupported) -> FunctionDecl? {
        let start = position
        var k = 0
        var words: [String] = []
        while let t = token(k), t.kind == .word || t.isSymbol("*") { if t.kind == .word { words.append(t.text) }; k += 1 }
        guard let n = words.last, words.count >= 2, let after = token(k) else { throw Unsupported() }
        i += k
        if after.isSymbol("=") || after.isSymbol(";") {
            var value: Expr?
            if accept("=") { value = try expression() }
            accept(";")
            unit.globals.append(PropertyDecl(name: n, type: words.dropLast().last, initial: value, getter: nil, setter: nil, didSet: nil, isStatic: true, isLazy: false, position: start, file: file))
            return nil
        }
        guard after.isSymbol("(") else { throw Unsupported() }
        let parameters: [Parameter] = try inside { (p: inout Parser) throws(Unsupported) in
            var list: [Parameter] = []
            while !p.atEnd {
                var ws: [String] = []
                while let u = p.current, !u.isSymbol(",") { if u.kind == .word { ws.append(u.text) }; p.i += 1 }
                if let last = ws.last, last != "void" { list.append(Parameter(label: nil, name: last, type: ws.dropLast().last)) }
                _ = p.accept(",")
            }
            return list
        }
        guard isSymbol("{") else { accept(";"); return nil }
        let body = try inside { (p: inout Parser) throws(Unsupported) in p.statements() }
        return FunctionDecl(name: n, parameters: parameters, body: body, isStatic: true, returnType: words.dropLast().last, position: start, file: file)
    }
}

extension Parser {
    /// Top-level code that is a statement rather than a declaration: a message, an assignment,
    /// a local declaration initialised with a message (`CAShapeLayer *l = [CAShapeLayer layer];`).
    func looksLikeStatement() -> Bool {
        guard let t = current else { return false }
        if t.isSymbol("[") || t.isSymbol("(") { return true }
        if t.kind == .word, ["if", "for", "while", "switch", "return", "self", "dispatch_after", "dispatch_async"].contains(t.text) { return true }
        if ["static", "extern", "const", "typedef", "inline", "void"].contains(t.text) { return false }
        // `name.prop = …`, `name = …`, `f(…);`.
        if let n = token(1), n.isSymbol(".") || n.isSymbol("=") || n.isSymbol("->") { return true }
        // `Type *name = [`: a local declared from a message or a call.
        var k = 0
        while let u = token(k), u.kind == .word || u.isSymbol("*") { k += 1 }
        if let eq = token(k), eq.isSymbol("="), let v = token(k + 1), v.isSymbol("[") || v.isSymbol("@") || (v.kind == .word && token(k + 2)?.isSymbol("(") == true) {
            // A global constant is also `Type name = value;`, but not from a message.
            return v.isSymbol("[") || v.kind == .word
        }
        return false
    }
}

extension Parser {
    /// The last name between the parentheses here: a method's return or parameter type
    /// (`(CAShapeLayer *)`), an `NS_ENUM(NSInteger, Style)`'s name.
    mutating func lastWordInside() throws(Unsupported) -> String? {
        try inside { (p: inout Parser) throws(Unsupported) in
            var last: String?
            while let t = p.current { if t.kind == .word { last = t.text }; p.i += 1 }
            return last
        }
    }
}
