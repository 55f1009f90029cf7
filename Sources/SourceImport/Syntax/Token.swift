/// One token of Objective-C or Swift source.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A name or keyword (`let`, `self`, `CAShapeLayer`); Objective-C `@interface`-style
        /// keywords keep their `@`.
        case word
        /// A number literal; `text` is as written, `number` its value (suffixes such as `f`,
        /// `u`, `L` dropped).
        case number
        /// A string literal's contents with escapes resolved (Swift interpolations kept as text).
        case string
        /// Punctuation or an operator (`(`, `.`, `+=`, `->`, `@[`, `@(`, `^`, …).
        case symbol
    }

    var kind: Kind
    var text: String
    var number: Double = 0
    var line: Int
    var column: Int
    /// A line break (or the start of the file) comes before this token: Swift ends statements there.
    var startsLine: Bool
    /// Whitespace comes before this token (Swift tells `a - b` from `a -b` and `x?` from `x ?`).
    var spaceBefore: Bool

    func isWord(_ w: String) -> Bool { kind == .word && text == w }
    func isSymbol(_ s: String) -> Bool { kind == .symbol && text == s }
}
