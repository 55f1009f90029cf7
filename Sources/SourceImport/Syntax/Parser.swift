/// A recursive-descent parser over one file's tokens, for the subset of Objective-C and Swift that
/// builds layers and animations (expressions, statements, classes and their members).
///
/// Brackets are matched up front, so an unbalanced file is an error with the position of the
/// culprit, and any construct outside the subset can be skipped as a whole: the parser records it
/// as `unsupported` and goes on at the next statement.
struct Parser {
    let file: String
    let language: SourceLanguage
    var tokens: [Token]
    /// For every opening bracket, the index of its closing one (and the reverse).
    var partner: [Int: Int] = [:]
    var i = 0
    /// Tokens from `end` on are outside the group being parsed.
    var end: Int
    /// Groups open around the parser (a bound: recursion must not overflow the stack on
    /// machine-made input; deeper code is skipped as unsupported).
    var nesting = 0
    static let nestingLimit = 200
    /// While parsing an `if`/`while`/`for`/`switch` head, `{` starts the body, not a trailing closure.
    var noTrailingClosure = false

    /// Internal signal that the construct at hand is outside the subset; the statement is skipped.
    struct Unsupported: Error {}

    init(file: String, tokens: [Token], language: SourceLanguage) throws(SourceError) {
        self.file = file
        self.tokens = tokens
        self.language = language
        self.end = tokens.count
        try matchBrackets()
    }

    private static let closers: [String: String] = ["(": ")", "[": "]", "{": "}", "@[": "]", "@(": ")", "@{": "}"]

    private mutating func matchBrackets() throws(SourceError) {
        var stack: [Int] = []
        for (k, t) in tokens.enumerated() where t.kind == .symbol {
            if Self.closers[t.text] != nil {
                stack.append(k)
            } else if t.text == ")" || t.text == "]" || t.text == "}" {
                guard let open = stack.popLast() else {
                    throw SourceError(location(t), "unbalanced brackets: '\(t.text)' has no opening bracket")
                }
                guard Self.closers[tokens[open].text] == t.text else {
                    throw SourceError(location(t), "unbalanced brackets: '\(t.text)' closes '\(tokens[open].text)' opened at line \(tokens[open].line), column \(tokens[open].column)")
                }
                partner[open] = k
                partner[k] = open
            }
        }
        if let open = stack.last {
            throw SourceError(location(tokens[open]), "unbalanced brackets: '\(tokens[open].text)' is never closed")
        }
    }

    func location(_ t: Token) -> SourceLocation { SourceLocation(file: file, line: t.line, column: t.column) }

    // MARK: Token access

    var atEnd: Bool { i >= end }
    var current: Token? { i < end ? tokens[i] : nil }
    func token(_ k: Int) -> Token? { i + k < end ? tokens[i + k] : nil }
    var position: Position { current.map { Position(line: $0.line, column: $0.column) } ?? Position(line: tokens.last?.line ?? 1, column: tokens.last?.column ?? 1) }

    func isSymbol(_ s: String, at k: Int = 0) -> Bool { token(k)?.isSymbol(s) ?? false }
    func isWord(_ w: String, at k: Int = 0) -> Bool { token(k)?.isWord(w) ?? false }

    mutating func take() -> Token { let t = tokens[i]; i += 1; return t }

    @discardableResult
    mutating func accept(_ s: String) -> Bool {
        if isSymbol(s) || isWord(s) { i += 1; return true }
        return false
    }

    mutating func expect(_ s: String) throws(Unsupported) {
        guard accept(s) else { throw Unsupported() }
    }

    mutating func name() throws(Unsupported) -> String {
        guard let t = current, t.kind == .word else { throw Unsupported() }
        i += 1
        return t.text
    }

    /// Moves past the bracket group that starts here (the opening token at `i`).
    mutating func skipGroup() {
        if let close = partner[i] { i = close + 1 } else { i += 1 }
    }

    /// The index of the bracket that closes the group opening at `i` (or the end).
    func closing(_ k: Int) -> Int { partner[k] ?? tokens.count }

    /// Runs `body` over the tokens inside the group opening at `i` and moves past its closer.
    mutating func inside<T>(_ body: (inout Parser) throws(Unsupported) -> T) throws(Unsupported) -> T {
        let close = closing(i)
        guard nesting < Self.nestingLimit else { throw Unsupported() }
        let savedEnd = end, savedFlag = noTrailingClosure
        i += 1
        end = close
        noTrailingClosure = false
        nesting += 1
        defer { end = savedEnd; noTrailingClosure = savedFlag; i = close + 1; nesting -= 1 }
        return try body(&self)
    }

    /// Text of the tokens from `start` up to `i`, for messages (the first few words).
    func text(from start: Int, limit: Int = 12) -> String {
        let stop = min(i, tokens.count)
        guard start < stop else { return "" }
        let slice = tokens[start..<min(stop, start + limit)]
        var s = ""
        for t in slice {
            if !s.isEmpty && t.spaceBefore { s += " " }
            s += t.kind == .string ? "\"\(t.text)\"" : t.text
        }
        return stop - start > limit ? s + " …" : s
    }
}
