/// Reads source files into syntax trees: tokens, macros expanded (Objective-C), declarations.
enum SourceParser {
    /// One file, with the `#define`s of every file of the import in scope.
    static func parse(file: String, text: String, language: SourceLanguage) throws(SourceError) -> (unit: SourceUnit, tokens: [Token]) {
        let (tokens, macros) = try Lexer.tokenize(file: file, text: text, language: language)
        var unit = SourceUnit(file: file, language: language)
        unit.macros = macros
        return (unit, tokens)
    }

    /// Parses lexed files once every file's macros are known.
    static func build(file: String, tokens: [Token], language: SourceLanguage, macros: [String: MacroDefinition], ownMacros: [MacroDefinition]) throws(SourceError) -> SourceUnit {
        let expanded = language == .objectiveC ? MacroExpander.expand(tokens, macros: macros) : tokens
        var parser = try Parser(file: file, tokens: expanded, language: language)
        switch language {
        case .swift: return parser.swiftUnit()
        case .objectiveC: return parser.objectiveCUnit(macros: ownMacros)
        }
    }
}
