/// Expands Objective-C `#define`s where they are used: `RGBA(5, 154, 227, 1)` becomes its body with
/// the arguments in place, `kDuration` its value. Expanded tokens take the position of the use, so
/// messages point at the line the user wrote. Expansion is bounded (a macro that expands itself
/// stops after a few rounds).
enum MacroExpander {
    static func expand(_ tokens: [Token], macros: [String: MacroDefinition], depth: Int = 0) -> [Token] {
        guard !macros.isEmpty, depth < 8 else { return tokens }
        var out: [Token] = []
        out.reserveCapacity(tokens.count)
        var k = 0
        var changed = false
        while k < tokens.count {
            let t = tokens[k]
            guard t.kind == .word, let m = macros[t.text], !(k > 0 && tokens[k - 1].isSymbol(".")) else {
                out.append(t); k += 1; continue
            }
            if let parameters = m.parameters {
                guard k + 1 < tokens.count, tokens[k + 1].isSymbol("(") else { out.append(t); k += 1; continue }
                // Split the arguments at top-level commas.
                var args: [[Token]] = [[]]
                var depth = 0
                var j = k + 2
                while j < tokens.count {
                    let u = tokens[j]
                    if u.isSymbol("(") || u.isSymbol("[") || u.isSymbol("{") || u.isSymbol("@[") || u.isSymbol("@(") { depth += 1 }
                    if u.isSymbol(")") || u.isSymbol("]") || u.isSymbol("}") {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    if depth == 0 && u.isSymbol(",") { args.append([]) } else { args[args.count - 1].append(u) }
                    j += 1
                }
                guard j < tokens.count else { out.append(t); k += 1; continue }
                var replacement: [Token] = [placed(Token(kind: .symbol, text: "(", line: 0, column: 0, startsLine: false, spaceBefore: false), at: t)]
                for b in m.body {
                    if b.kind == .word, let index = parameters.firstIndex(of: b.text), index < args.count {
                        replacement.append(placed(Token(kind: .symbol, text: "(", line: 0, column: 0, startsLine: false, spaceBefore: false), at: t))
                        replacement += args[index].map { placed($0, at: t) }
                        replacement.append(placed(Token(kind: .symbol, text: ")", line: 0, column: 0, startsLine: false, spaceBefore: false), at: t))
                    } else {
                        replacement.append(placed(b, at: t))
                    }
                }
                replacement.append(placed(Token(kind: .symbol, text: ")", line: 0, column: 0, startsLine: false, spaceBefore: false), at: t))
                out += replacement
                k = j + 1
            } else {
                out += m.body.map { placed($0, at: t) }
                k += 1
            }
            changed = true
        }
        return changed ? expand(out, macros: macros, depth: depth + 1) : out
    }

    private static func placed(_ token: Token, at use: Token) -> Token {
        var copy = token
        copy.line = use.line
        copy.column = use.column
        copy.startsLine = false
        copy.spaceBefore = true
        return copy
    }
}
