/// The members of a JSON object in insertion order.
///
/// A dictionary index sits beside the ordered storage so lookups and replacing a value stay
/// cheap when reading back large files. Setting an existing key replaces its value where it
/// stands, so updating a field never reorders the output.
public struct JSONObject: Sendable, Equatable {
    private var storedKeys: [String] = []
    private var storedValues: [JSONValue] = []
    private var positions: [String: Int] = [:]

    /// An empty object.
    public init() {}

    /// An object from pairs in the given order; a repeated key keeps its first position and its
    /// last value, as JavaScript's `JSON.parse` does.
    public init(_ pairs: [(String, JSONValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// The keys in output order.
    public var keys: [String] { storedKeys }

    /// The values in output order.
    public var values: [JSONValue] { storedValues }

    /// The value for `key`; assigning `nil` removes the member, assigning a value to a new key
    /// appends it at the end.
    public subscript(key: String) -> JSONValue? {
        get { positions[key].map { storedValues[$0] } }
        set {
            if let position = positions[key] {
                if let newValue {
                    storedValues[position] = newValue
                } else {
                    removeMember(at: position)
                }
            } else if let newValue {
                append(key, newValue)
            }
        }
    }

    /// Adds a member at the end, or replaces the value in place when `key` already exists.
    public mutating func append(_ key: String, _ value: JSONValue) {
        if let position = positions[key] {
            storedValues[position] = value
            return
        }
        positions[key] = storedKeys.count
        storedKeys.append(key)
        storedValues.append(value)
    }

    private mutating func removeMember(at position: Int) {
        positions[storedKeys[position]] = nil
        storedKeys.remove(at: position)
        storedValues.remove(at: position)
        for i in position..<storedKeys.count { positions[storedKeys[i]] = i }
    }

    /// Order-sensitive: the same members in another order serialize differently, so they differ.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.storedKeys == rhs.storedKeys && lhs.storedValues == rhs.storedValues
    }
}

extension JSONObject: RandomAccessCollection {
    /// Members are addressed by their position in output order.
    public var startIndex: Int { 0 }

    /// One past the last member.
    public var endIndex: Int { storedKeys.count }

    /// The member at `position` in output order.
    public subscript(position: Int) -> (key: String, value: JSONValue) {
        (storedKeys[position], storedValues[position])
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// A dictionary literal keeps its written order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
