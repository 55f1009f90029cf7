/// Reads source files into syntax trees: tokens, macros expanded (Objective-C), declarations.
enum SourceParser {
    /// Parses a lexed file once every file's `#define`s are known (a header's macros apply to the
    /// implementation files that import it).
    static func build(file: String, tokens: [Token], language: SourceLanguage, macros: [String: MacroDefinition]) throws(SourceError) -> SourceUnit {
        let expanded = language == .objectiveC ? MacroExpander.expand(tokens, macros: macros) : tokens
        var parser = try Parser(file: file, tokens: expanded, language: language)
        switch language {
        case .swift: return parser.swiftUnit()
        case .objectiveC: return parser.objectiveCUnit()
        }
    }
}
