/// A JSON document held in memory, with object keys kept in the order they were added so the
/// text we write is stable and reads in the order a person expects (`x` before `y`).
///
/// Integers and doubles are separate cases because they print differently (`5` versus `5.0`) and
/// the parser gives each back as the case it was written from.
///
/// Equality is structural and order-sensitive: two objects with the same entries in a different
/// order are different, because they serialize to different text. As with `Double`,
/// `.double(.nan)` is not equal to itself, and `.int(1)` is not equal to `.double(1)`.
public enum JSONValue: Sendable, Equatable {
    /// JSON `null`: how reports say a value is missing.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number, written without a fraction so counts and indices read as such.
    case int(Int)
    /// Written as its shortest round-trip text; NaN and infinities are written as `null`.
    case double(Double)
    /// Text, escaped on output.
    case string(String)
    /// Elements in order.
    case array([JSONValue])
    /// Members in insertion order.
    case object(JSONObject)

    /// A double rounded half away from zero to `decimals` places, for measured figures that
    /// should not print binary noise such as `12.250000000001`.
    public static func number(_ value: Double, decimals: Int) -> JSONValue {
        .double(value.rounded(toDecimals: decimals))
    }
}

// MARK: - Reading values back

extension JSONValue {
    /// The member named `key` when this is an object, so tests and readers can chain lookups.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` when this is an array and the index is in range.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    /// Whether this is `null`, which optional fields use to say "no value".
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The boolean, when this is one.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The integer, when this is `.int`; doubles are not truncated because that would hide data loss.
    public var intValue: Int? {
        if case .int(let i) = self { return i }
        return nil
    }

    /// The number as a double, accepting `.int` too because JSON itself has one number type.
    public var doubleValue: Double? {
        switch self {
        case .double(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object, when this is one.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }
}

// MARK: - Literals, so fixtures and reports can be written as they will print

extension JSONValue: ExpressibleByNilLiteral {
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// `true`/`false` are JSON booleans.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// An integer literal stays an integer, printing without a fraction.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// A float literal is a double, printing with a fraction (`150.0`).
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// A string literal is a JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// An array literal is a JSON array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// A dictionary literal is an object whose keys keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
