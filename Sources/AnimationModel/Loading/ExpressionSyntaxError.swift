/// Why an expression string could not be read, and where.
///
/// `column` is 1-based and counts Unicode scalars of the expression text, as `JSONParseError`
/// does, so it matches what an editor shows inside the string. An error at the end of the text
/// points one past its last character.
public struct ExpressionSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of mistake, each with what the message quotes.
    public enum Reason: Sendable, Equatable {
        /// The string is empty or only spaces.
        case empty
        /// A character that no token starts with.
        case unexpectedCharacter(String)
        /// A token (quoted as written) where another kind was expected; `expected` says which.
        case unexpectedToken(String, expected: String)
        /// The text stops where an operand or `)` was still needed.
        case unexpectedEnd(expected: String)
        /// Digits that do not form a number, such as `1e` or `2.0f`.
        case invalidNumber(String)
        /// A name that is neither a constant, a function, `now` nor a usable variable.
        case unknownName(String, suggestion: String?)
        /// A variable that exists but may not be used here; `note` says why.
        case unavailableName(String, note: String)
        /// `now` where MODEL-FORMAT.md does not allow it.
        case nowNotAllowed
        /// `min` or `max` without its argument list.
        case functionWithoutArguments(String)
        /// A call of something that is not a function (`pi(2)`, `D(1)`).
        case notAFunction(String, suggestion: String?)
        /// `min`/`max` with other than two arguments.
        case wrongArgumentCount(String, found: Int)
        /// Parentheses, calls or signs nested deeper than ``ModelExpressionParser/maximumDepth``.
        case nestingTooDeep
        /// Longer than ``ModelExpressionParser/maximumLength`` characters.
        case tooLong(Int)
    }

    /// What went wrong.
    public var reason: Reason
    /// Where: 1-based, in Unicode scalars.
    public var column: Int

    /// An error of `reason` at `column` (1-based, in Unicode scalars).
    public init(_ reason: Reason, column: Int) {
        self.reason = reason
        self.column = column
    }

    /// One line, position included: `unknown name 'Dur' at column 1 (did you mean 'D'?)`.
    public var description: String {
        let at = "at column \(column)"
        switch reason {
        case .empty:
            return "empty expression"
        case .unexpectedCharacter(let c):
            return "unexpected character '\(c)' \(at)"
        case .unexpectedToken(let token, let expected):
            return "unexpected '\(token)' \(at) (expected \(expected))"
        case .unexpectedEnd(let expected):
            return "unexpected end of expression \(at) (expected \(expected))"
        case .invalidNumber(let text):
            return "invalid number '\(text)' \(at)"
        case .unknownName(let name, let suggestion):
            return "unknown name '\(name)' \(at)" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .unavailableName(let name, let note):
            return "'\(name)' \(at) cannot be used here (\(note))"
        case .nowNotAllowed:
            return "'now' \(at) is only allowed in a top-level animation's beginTime and in an event's set values"
        case .functionWithoutArguments(let name):
            return "function '\(name)' \(at) needs its arguments, as in \(name)(a, b)"
        case .notAFunction(let name, let suggestion):
            return "'\(name)' \(at) is not a function" + (suggestion.map { " (did you mean '\($0)'?)" } ?? " (the functions are min and max)")
        case .wrongArgumentCount(let name, let found):
            return "\(name)() \(at) takes 2 arguments, found \(found)"
        case .nestingTooDeep:
            return "expression nested too deeply \(at) (more than \(ModelExpressionParser.maximumDepth) levels)"
        case .tooLong(let length):
            return "expression of \(length) characters, longer than the limit of \(ModelExpressionParser.maximumLength)"
        }
    }
}
