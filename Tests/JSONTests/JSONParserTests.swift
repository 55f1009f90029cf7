import Testing
@testable import JSON

@Suite("JSON parsing")
struct JSONParserTests {
    static let sample: JSONValue = [
        "title": "Stroke \"ring\"\n×°",
        "center": [150.0, 150.0],
        "count": 42,
        "negative": -7,
        "tiny": 1e-7,
        "ratio": 0.04,
        "flags": [true, false, nil],
        "nested": ["deeper": ["deepest": [[], [:], [1, [2, [3]]]]]],
        "control": "\u{01}\u{1F}\t",
        "emoji": "😀",
    ]

    @Test("serialized text parses back to the same value", arguments: JSONStyle.allCases)
    func roundTrip(style: JSONStyle) throws {
        let text = Self.sample.serialized(style)
        #expect(try JSONValue.parse(text) == Self.sample)
    }

    @Test("pretty text survives parse and re-serialize unchanged")
    func textRoundTrip() throws {
        let text = Self.sample.serialized()
        #expect(try JSONValue.parse(text).serialized() == text)
    }

    @Test("escapes decode, including surrogate pairs", arguments: [
        (#""\ud83d\ude00""#, "😀"),
        (#""\u00e9\u00D7""#, "é×"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u0000""#, "\u{00}"),
        (#""raw é × 😀""#, "raw é × 😀"),
        (#""""#, ""),
    ])
    func escapes(text: String, expected: String) throws {
        #expect(try JSONValue.parse(text) == .string(expected))
    }

    @Test("integer text becomes .int and fractional or exponent text becomes .double", arguments: [
        ("0", JSONValue.int(0)),
        ("-12", .int(-12)),
        ("9223372036854775807", .int(Int.max)),
        ("9223372036854775808", .double(9223372036854775808.0)),
        ("5.0", .double(5)),
        ("-0.5e2", .double(-50)),
        ("1E+2", .double(100)),
        ("1e-07", .double(1e-7)),
    ])
    func numbers(text: String, expected: JSONValue) throws {
        #expect(try JSONValue.parse(text) == expected)
    }

    @Test("literals and whitespace around the value are accepted")
    func literalsAndWhitespace() throws {
        #expect(try JSONValue.parse(" \t\r\n true \n") == .bool(true))
        #expect(try JSONValue.parse("false") == .bool(false))
        #expect(try JSONValue.parse("null") == .null)
        #expect(try JSONValue.parse("[ ]") == .array([]))
        #expect(try JSONValue.parse("{ }") == .object(JSONObject()))
    }

    @Test("a repeated key keeps its first position and its last value")
    func duplicateKeys() throws {
        let value = try JSONValue.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"] == 3)
    }

    @Test("a leading byte-order mark is skipped and not counted as a column")
    func byteOrderMark() throws {
        #expect(try JSONValue.parse("\u{FEFF}[1]") == [1])
        #expect(throws: JSONParseError(line: 1, column: 3, reason: .unexpectedCharacter("x"))) {
            try JSONValue.parse("\u{FEFF}[1x")
        }
    }

    @Test("errors report the line and column of the offending character", arguments: [
        ("", 1, 1, JSONParseError.Reason.unexpectedEndOfInput),
        ("   ", 1, 4, .unexpectedEndOfInput),
        ("[1,]", 1, 4, .unexpectedCharacter("]")),
        ("[1 2]", 1, 4, .unexpectedCharacter("2")),
        ("{\n  \"a\": tru\n}", 2, 11, .unexpectedCharacter("\n")),
        ("{\n  \"a\": 1,\n  b: 2\n}", 3, 3, .unexpectedCharacter("b")),
        ("{\"a\" 1}", 1, 6, .unexpectedCharacter("1")),
        ("01", 1, 2, .invalidNumber),
        ("-", 1, 2, .invalidNumber),
        ("1.", 1, 3, .invalidNumber),
        ("1e+", 1, 4, .invalidNumber),
        ("[1e400]", 1, 2, .numberOutOfRange),
        ("\"abc", 1, 5, .unexpectedEndOfInput),
        ("\"a\\x\"", 1, 4, .invalidEscape),
        ("\"\\u12G4\"", 1, 6, .invalidUnicodeEscape),
        ("\"\\ud800\"", 1, 2, .invalidUnicodeEscape),
        ("\"\\ud800\\u0041\"", 1, 2, .invalidUnicodeEscape),
        ("\"\\udc00\"", 1, 2, .invalidUnicodeEscape),
        ("\"a\tb\"", 1, 3, .controlCharacterInString),
        ("[1] 2", 1, 5, .trailingContent),
        ("\"é×😀\" x", 1, 7, .trailingContent),
        ("nul", 1, 4, .unexpectedEndOfInput),
        ("nulL", 1, 4, .unexpectedCharacter("L")),
        ("×", 1, 1, .unexpectedCharacter("×")),
    ])
    func errorPositions(text: String, line: Int, column: Int, reason: JSONParseError.Reason) {
        #expect(throws: JSONParseError(line: line, column: column, reason: reason)) {
            try JSONValue.parse(text)
        }
    }

    @Test("nesting deeper than the limit is refused rather than overflowing the stack")
    func nestingLimit() throws {
        let limit = JSONValue.maximumParseDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try JSONValue.parse(deepest) }
        let tooDeep = String(repeating: "[", count: limit + 1)
        #expect(throws: JSONParseError(line: 1, column: limit + 1, reason: .nestingTooDeep)) {
            try JSONValue.parse(tooDeep)
        }
    }

    @Test("the error description reads line:column: message")
    func errorDescription() {
        #expect(JSONParseError(line: 2, column: 11, reason: .unexpectedCharacter("x")).description
            == "2:11: unexpected character 'x'")
        #expect(JSONParseError(line: 1, column: 3, reason: .unexpectedCharacter("\n")).description
            == "1:3: unexpected character U+000A")
        #expect(JSONParseError(line: 1, column: 1, reason: .unexpectedEndOfInput).description
            == "1:1: unexpected end of input")
    }
}
