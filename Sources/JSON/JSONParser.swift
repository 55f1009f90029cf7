extension JSONValue {
    /// How deeply arrays and objects may nest before ``parse(_:)`` gives up, so hostile input
    /// cannot exhaust the stack.
    public static let maximumParseDepth = 512

    /// Reads JSON text (RFC 8259) back into a value.
    ///
    /// Integer text that fits in `Int` becomes `.int`; text with a fraction or exponent (or too
    /// large for `Int`) becomes `.double`, which mirrors ``serialized(_:)`` so a round trip is
    /// exact. A repeated object key keeps its first position and its last value. A leading
    /// byte-order mark is skipped because some editors add one.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.parseDocument()
    }
}

/// A recursive-descent reader over UTF-8 bytes; positions are turned into line and column only
/// when an error is thrown, so the happy path does no bookkeeping.
private struct JSONParser {
    let bytes: [UInt8]
    var offset = 0
    var depth = 0
    /// Where the text proper begins, after any byte-order mark, which editors do not show as a column.
    var contentStart = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            contentStart = 3
            offset = 3
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if offset < bytes.count { throw error(.trailingContent) }
        return value
    }

    // MARK: Values

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard offset < bytes.count else { throw error(.unexpectedEndOfInput) }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw unexpectedCharacter()
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        offset += 1
        var object = JSONObject()
        skipWhitespace()
        if try peekIs("}") {
            offset += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard try peekIs("\"") else { throw unexpectedCharacter() }
            let key = try parseString()
            skipWhitespace()
            guard try peekIs(":") else { throw unexpectedCharacter() }
            offset += 1
            skipWhitespace()
            object.append(key, try parseValue())
            skipWhitespace()
            if try peekIs(",") {
                offset += 1
            } else if try peekIs("}") {
                offset += 1
                depth -= 1
                return .object(object)
            } else {
                throw unexpectedCharacter()
            }
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        offset += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if try peekIs("]") {
            offset += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            if try peekIs(",") {
                offset += 1
            } else if try peekIs("]") {
                offset += 1
                depth -= 1
                return .array(items)
            } else {
                throw unexpectedCharacter()
            }
        }
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > JSONValue.maximumParseDepth { throw error(.nestingTooDeep) }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard offset < bytes.count else { throw error(.unexpectedEndOfInput) }
            guard bytes[offset] == byte else { throw unexpectedCharacter() }
            offset += 1
        }
    }

    // MARK: Numbers

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = offset
        var isInteger = true
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error(.invalidNumber) }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw error(.invalidNumber) }
        } else {
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error(.invalidNumber) }
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error(.invalidNumber) }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let int = Int(text) { return .int(int) }
        guard let double = Double(text), double.isFinite else {
            throw error(.numberOutOfRange, at: start)
        }
        return .double(double)
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    mutating func skipDigits() {
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }

    // MARK: Strings

    /// Expects `offset` at the opening quote; leaves it after the closing quote.
    mutating func parseString() throws(JSONParseError) -> String {
        offset += 1
        var buffer: [UInt8] = []
        while true {
            guard offset < bytes.count else { throw error(.unexpectedEndOfInput) }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw error(.controlCharacterInString)
            default:
                buffer.append(byte)
                offset += 1
            }
        }
    }

    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
        offset += 1
        guard offset < bytes.count else { throw error(.unexpectedEndOfInput) }
        let simple: UInt8?
        switch bytes[offset] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw error(.invalidEscape)
        }
        if let simple {
            buffer.append(simple)
            offset += 1
            return
        }
        let escapeStart = offset - 1
        offset += 1
        let first = try parseHex4()
        var value = UInt32(first)
        if (0xD800...0xDBFF).contains(first) {
            // A high surrogate must be followed at once by `\u` and a low surrogate.
            guard offset + 1 < bytes.count,
                  bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else { throw error(.invalidUnicodeEscape, at: escapeStart) }
            offset += 2
            let second = try parseHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw error(.invalidUnicodeEscape, at: escapeStart) }
            value = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw error(.invalidUnicodeEscape, at: escapeStart)
        }
        guard let scalar = Unicode.Scalar(value) else { throw error(.invalidUnicodeEscape, at: escapeStart) }
        buffer.append(contentsOf: Unicode.UTF8.encode(scalar)!)
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard offset < bytes.count else { throw error(.unexpectedEndOfInput) }
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidUnicodeEscape)
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }

    // MARK: Helpers

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// Whether the next byte is `ascii`; running out of input here is always an error.
    func peekIs(_ ascii: Unicode.Scalar) throws(JSONParseError) -> Bool {
        guard offset < bytes.count else { throw error(.unexpectedEndOfInput) }
        return bytes[offset] == UInt8(ascii: ascii)
    }

    func unexpectedCharacter() -> JSONParseError {
        guard offset < bytes.count else { return error(.unexpectedEndOfInput) }
        var iterator = bytes[offset...].makeIterator()
        var decoder = Unicode.UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return error(.unexpectedCharacter(scalar))
        }
        return error(.unexpectedCharacter("\u{FFFD}"))
    }

    func error(_ reason: JSONParseError.Reason, at position: Int? = nil) -> JSONParseError {
        let end = min(position ?? offset, bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[min(contentStart, end)..<end] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Count each scalar once, at its lead byte.
                column += 1
            }
        }
        return JSONParseError(line: line, column: column, reason: reason)
    }
}
