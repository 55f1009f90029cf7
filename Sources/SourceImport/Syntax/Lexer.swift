/// Splits Objective-C or Swift source into tokens, dropping comments and collecting `#define`s.
///
/// Strict where a compiler is (an unterminated string or comment is an error with its position),
/// and otherwise lenient: a character it does not know becomes a one-character symbol, so a
/// construct outside the subset is skipped by the parser rather than stopping the import.
struct Lexer {
    let file: String
    let language: SourceLanguage
    private let chars: [Character]
    private var i = 0
    private var line = 1
    private var column = 1
    private var atLineStart = true
    private var sawSpace = true
    private(set) var tokens: [Token] = []
    private(set) var macros: [MacroDefinition] = []

    init(file: String, text: String, language: SourceLanguage) {
        self.file = file
        self.language = language
        self.chars = Array(text)
    }

    /// Tokens of the whole file (and its macros), or the first lexical error.
    static func tokenize(file: String, text: String, language: SourceLanguage) throws(SourceError) -> (tokens: [Token], macros: [MacroDefinition]) {
        var lexer = Lexer(file: file, text: text, language: language)
        try lexer.run()
        return (lexer.tokens, lexer.macros)
    }

    private func peek(_ k: Int = 0) -> Character? { i + k < chars.count ? chars[i + k] : nil }

    private mutating func advance() {
        if chars[i] == "\n" { line += 1; column = 1; atLineStart = true } else { column += 1 }
        i += 1
    }

    private func error(_ message: String, line: Int, column: Int) -> SourceError {
        SourceError(SourceLocation(file: file, line: line, column: column), message)
    }

    private mutating func run() throws(SourceError) {
        while let c = peek() {
            if c == "\n" || c == " " || c == "\t" || c == "\r" || c == "\u{0C}" || c == "\u{FEFF}" {
                advance(); sawSpace = true; continue
            }
            if c == "/" && peek(1) == "/" {
                while let d = peek(), d != "\n" { _ = d; advance() }
                sawSpace = true; continue
            }
            if c == "/" && peek(1) == "*" {
                try skipBlockComment(); sawSpace = true; continue
            }
            if c == "#" && language == .objectiveC && atLineStart {
                try preprocessorLine(); continue
            }
            let startLine = line, startColumn = column, startsLine = atLineStart
            atLineStart = false
            var token: Token
            if c.isLetter || c == "_" || c == "$" {
                token = Token(kind: .word, text: word(), line: startLine, column: startColumn, startsLine: startsLine, spaceBefore: sawSpace)
            } else if c.isNumber || (c == "." && language == .objectiveC && (peek(1)?.isNumber ?? false)) {
                let (text, value) = try number(startLine, startColumn)
                token = Token(kind: .number, text: text, number: value, line: startLine, column: startColumn, startsLine: startsLine, spaceBefore: sawSpace)
            } else if c == "\"" {
                let text = try string(startLine, startColumn)
                token = Token(kind: .string, text: text, line: startLine, column: startColumn, startsLine: startsLine, spaceBefore: sawSpace)
            } else if c == "@" && language == .objectiveC && peek(1) == "\"" {
                advance()
                let text = try string(startLine, startColumn)
                token = Token(kind: .string, text: text, line: startLine, column: startColumn, startsLine: startsLine, spaceBefore: sawSpace)
            } else if c == "'" && language == .objectiveC {
                let text = try characterLiteral(startLine, startColumn)
                token = Token(kind: .number, text: text, number: Double(text.unicodeScalars.first?.value ?? 0), line: startLine, column: startColumn, startsLine: startsLine, spaceBefore: sawSpace)
            } else if c == "@" && (peek(1)?.isLetter ?? false) {
                advance()
                token = Token(kind: .word, text: "@" + word(), line: startLine, column: startColumn, startsLine: startsLine, spaceBefore: sawSpace)
            } else if c == "#" && (peek(1)?.isLetter ?? false) {
                advance()
                token = Token(kind: .word, text: "#" + word(), line: startLine, column: startColumn, startsLine: startsLine, spaceBefore: sawSpace)
            } else {
                token = Token(kind: .symbol, text: symbol(), line: startLine, column: startColumn, startsLine: startsLine, spaceBefore: sawSpace)
            }
            tokens.append(token)
            sawSpace = false
        }
    }

    private mutating func word() -> String {
        var s = ""
        while let c = peek(), c.isLetter || c.isNumber || c == "_" || c == "$" { s.append(c); advance() }
        return s
    }

    private static let symbols3: Set<String> = ["...", "..<", "===", "!==", "<<=", ">>="]
    private static let symbols2: Set<String> = ["->", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=",
                                                "++", "--", "??", "?.", "<<", ">>", "@[", "@(", "@{", "::", "%=", "&=", "|="]

    private mutating func symbol() -> String {
        let three = String([peek(), peek(1), peek(2)].compactMap { $0 })
        if three.count == 3 && Self.symbols3.contains(three) { advance(); advance(); advance(); return three }
        let two = String([peek(), peek(1)].compactMap { $0 })
        if two.count == 2 && Self.symbols2.contains(two) {
            // Swift's `?.` only after an expression; `x ? .a : .b` is a ternary.
            if two == "?." && sawSpace { let c = peek()!; advance(); return String(c) }
            if two.hasPrefix("@") && language != .objectiveC { let c = peek()!; advance(); return String(c) }
            advance(); advance(); return two
        }
        let c = peek()!
        advance()
        return String(c)
    }

    private mutating func number(_ l: Int, _ c: Int) throws(SourceError) -> (String, Double) {
        var s = ""
        if peek() == "0", let x = peek(1), x == "x" || x == "X" {
            advance(); advance()
            var digits = ""
            while let d = peek(), d.isHexDigit || d == "_" { if d != "_" { digits.append(d) }; advance() }
            while let d = peek(), d == "u" || d == "U" || d == "l" || d == "L" { advance() }
            guard let v = UInt64(digits, radix: 16) else { throw error("malformed hexadecimal number", line: l, column: c) }
            return ("0x" + digits, Double(v))
        }
        while let d = peek(), d.isNumber || d == "_" { if d != "_" { s.append(d) }; advance() }
        // A fraction: `2.5`, `2.f`, `2.` (Objective-C); never `2.description` or a range `0..<n`.
        if peek() == ".", let n = peek(1) {
            if n.isNumber || (language == .objectiveC && !(n.isLetter && n != "f" && n != "F") && n != ".") {
                s.append("."); advance()
                while let d = peek(), d.isNumber || d == "_" { if d != "_" { s.append(d) }; advance() }
            }
        }
        if let e = peek(), e == "e" || e == "E", let n = peek(1), n.isNumber || ((n == "-" || n == "+") && (peek(2)?.isNumber ?? false)) {
            s.append("e"); advance()
            if peek() == "-" || peek() == "+" { s.append(peek()!); advance() }
            while let d = peek(), d.isNumber { s.append(d); advance() }
        }
        if language == .objectiveC {
            while let d = peek(), "fFuUlL".contains(d) { advance() }
        }
        if s.hasPrefix(".") { s = "0" + s }
        if s.hasSuffix(".") { s += "0" }
        guard let v = Double(s) else { throw error("malformed number", line: l, column: c) }
        return (s, v)
    }

    private mutating func string(_ l: Int, _ c: Int) throws(SourceError) -> String {
        // Swift's multi-line string literal.
        if language == .swift && peek() == "\"" && peek(1) == "\"" && peek(2) == "\"" {
            advance(); advance(); advance()
            var s = ""
            while true {
                guard let d = peek() else { throw error("unterminated string literal", line: l, column: c) }
                if d == "\"" && peek(1) == "\"" && peek(2) == "\"" { advance(); advance(); advance(); return s }
                s.append(d); advance()
            }
        }
        advance()  // opening quote
        var s = ""
        var depth = 0  // inside a Swift interpolation `\( … )`
        while true {
            guard let d = peek(), d != "\n" || depth > 0 else { throw error("unterminated string literal", line: l, column: c) }
            if d == "\\" {
                advance()
                guard let e = peek() else { throw error("unterminated string literal", line: l, column: c) }
                switch e {
                case "n": s.append("\n")
                case "t": s.append("\t")
                case "(" where language == .swift: s.append("\\("); depth += 1
                default: s.append(e)
                }
                advance(); continue
            }
            if depth > 0 {
                if d == "(" { depth += 1 } else if d == ")" { depth -= 1 }
                s.append(d); advance(); continue
            }
            if d == "\"" { advance(); return s }
            s.append(d); advance()
        }
    }

    private mutating func characterLiteral(_ l: Int, _ c: Int) throws(SourceError) -> String {
        advance()
        var s = ""
        while true {
            guard let d = peek(), d != "\n" else { throw error("unterminated character literal", line: l, column: c) }
            if d == "\\" { advance(); if let e = peek() { s.append(e); advance() }; continue }
            if d == "'" { advance(); return s }
            s.append(d); advance()
        }
    }

    private mutating func skipBlockComment() throws(SourceError) {
        let l = line, c = column
        advance(); advance()
        var depth = 1  // Swift nests block comments; Objective-C does not.
        while depth > 0 {
            guard let d = peek() else { throw error("unterminated comment", line: l, column: c) }
            if d == "*" && peek(1) == "/" { advance(); advance(); depth -= 1; continue }
            if language == .swift && d == "/" && peek(1) == "*" { advance(); advance(); depth += 1; continue }
            advance()
        }
    }

    /// `#import`, `#pragma`, `#if` … are skipped; `#define` is kept as a macro (with its
    /// continuation lines) so `RGBA(5, 154, 227, 1)` can be expanded where it is used.
    /// Skips lines up to the `#endif` that closes the current conditional.
    private mutating func skipConditionalBranches() throws(SourceError) {
        var depth = 0
        while let c = peek() {
            if c == "\n" { advance(); continue }
            // At the start of a line (after spaces): a directive?
            var k = 0
            while let d = peek(k), d == " " || d == "\t" { k += 1 }
            if peek(k) == "#" {
                var word = ""
                var j = k + 1
                while let d = peek(j), d == " " { j += 1 }
                while let d = peek(j), d.isLetter { word.append(d); j += 1 }
                if word.hasPrefix("if") { depth += 1 }
                if word == "endif" {
                    if depth == 0 { while let d = peek(), d != "\n" { _ = d; advance() }; return }
                    depth -= 1
                }
            }
            while let d = peek(), d != "\n" { _ = d; advance() }
        }
    }

    private mutating func preprocessorLine() throws(SourceError) {
        let startLine = line
        var text: [Character] = []
        while let d = peek() {
            if d == "\\" && peek(1) == "\n" { advance(); advance(); text.append(" "); continue }
            if d == "\n" { break }
            if d == "/" && peek(1) == "/" { while let e = peek(), e != "\n" { _ = e; advance() }; break }
            if d == "/" && peek(1) == "*" { try skipBlockComment(); text.append(" "); continue }
            text.append(d); advance()
        }
        let directive = String(text).drop { $0 == "#" || $0 == " " }
        // Only the first branch of `#if … #else … #endif` is read (the code a compiler for the
        // newest SDK sees, in practice); the other branches are skipped to their `#endif`.
        if directive.hasPrefix("else") || directive.hasPrefix("elif") {
            try skipConditionalBranches()
            return
        }
        guard directive.hasPrefix("define") else { return }
        var body = String(directive.dropFirst("define".count))
        body = String(body.drop { $0 == " " || $0 == "\t" })
        var nameEnd = body.startIndex
        while nameEnd < body.endIndex, body[nameEnd].isLetter || body[nameEnd].isNumber || body[nameEnd] == "_" { nameEnd = body.index(after: nameEnd) }
        let name = String(body[..<nameEnd])
        guard !name.isEmpty else { return }
        var rest = body[nameEnd...]
        var parameters: [String]?
        if rest.first == "(" {
            guard let close = rest.firstIndex(of: ")") else { return }
            parameters = rest[rest.index(after: rest.startIndex)..<close].split(separator: ",").map { $0.trimmingSpaces }
            rest = rest[rest.index(after: close)...]
        }
        var sub = Lexer(file: file, text: String(rest), language: .objectiveC)
        sub.line = startLine
        try sub.run()
        macros.append(MacroDefinition(name: name, parameters: parameters, body: sub.tokens, line: startLine))
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
