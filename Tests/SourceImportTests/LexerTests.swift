import Testing
@testable import SourceImport

@Suite("Tokenizer: the literals both languages write, and errors with positions")
struct LexerTests {
    @Test("Objective-C numbers: boxed, suffixed, leading dot", arguments: [
        ("@0", 0.0), ("@.25", 0.25), ("2.f", 2), ("30.0", 30), ("3.5f", 3.5), ("0x1F", 31), ("1e-3", 0.001), ("10u", 10),
    ])
    func objectiveCNumbers(_ text: String, _ value: Double) throws {
        let (tokens, _) = try Lexer.tokenize(file: "a.m", text: text, language: .objectiveC)
        #expect(tokens.last?.kind == .number)
        #expect(tokens.last?.number == value)
    }

    @Test("comments are dropped, Swift block comments nest, strings keep their text")
    func commentsAndStrings() throws {
        let (tokens, _) = try Lexer.tokenize(file: "a.swift", text: "/* a /* b */ c */ let s = \"x // y\" // z", language: .swift)
        #expect(tokens.map(\.text) == ["let", "s", "=", "x // y"])
    }

    @Test("an unterminated string names its line and column")
    func unterminatedString() {
        #expect(throws: SourceError(SourceLocation(file: "a.m", line: 2, column: 9), "unterminated string literal")) {
            _ = try Lexer.tokenize(file: "a.m", text: "int a;\nx.key = @\"strokeEnd;\n", language: .objectiveC)
        }
    }

    @Test("an unterminated comment names where it opens")
    func unterminatedComment() {
        #expect(throws: SourceError(SourceLocation(file: "a.swift", line: 1, column: 5), "unterminated comment")) {
            _ = try Lexer.tokenize(file: "a.swift", text: "let /* open", language: .swift)
        }
    }

    @Test("#define keeps function-like macros for expansion")
    func macros() throws {
        let (_, macros) = try Lexer.tokenize(file: "a.m", text: "#define RGBA(r, g, b, a) [UIColor colorWithRed:r green:g blue:b alpha:a]\n", language: .objectiveC)
        #expect(macros.first?.name == "RGBA")
        #expect(macros.first?.parameters == ["r", "g", "b", "a"])
    }
}

@Suite("Bad source: one message naming file, line and column")
struct BadSourceTests {
    @Test("unbalanced brackets name the bracket", arguments: [
        ("a.m", "- (void)f { [self g; }", "a.m:1:22: unbalanced brackets: '}' closes '[' opened at line 1, column 13"),
        ("a.swift", "func f() {\n  g(\n}", "a.swift:3:1: unbalanced brackets: '}' closes '(' opened at line 2, column 4"),
        ("a.swift", "let x = [1, 2", "a.swift:1:9: unbalanced brackets: '[' is never closed"),
    ])
    func unbalanced(_ file: String, _ text: String, _ message: String) {
        do {
            _ = try SourceImporter.importSources([(file, text)])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == message)
            #expect(error.exitCode == 65)
        }
    }

    @Test("code with no layer or animation says so (exit 65)")
    func noAnimation() {
        do {
            _ = try SourceImporter.importSources([("Math.swift", "func add(_ a: Int, _ b: Int) -> Int { return a + b }")])
            Issue.record("expected an error")
        } catch {
            #expect(error == .noAnimation(files: ["Math.swift"]))
            #expect(error.exitCode == 65)
        }
    }
}
