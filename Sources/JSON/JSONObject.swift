/// The members of a JSON object in insertion order.
///
/// Small objects (the common case: a frame's few fields) are searched linearly; past
/// `indexThreshold` members a dictionary index is built beside the ordered storage, so lookups
/// stay cheap when reading back large files. Setting an existing key replaces its value where
/// it stands, so updating a field never reorders the output.
public struct JSONObject: Sendable, Equatable {
    private var storedKeys: [String] = []
    private var storedValues: [JSONValue] = []
    /// Empty until the object grows past `indexThreshold` members.
    private var positions: [String: Int] = [:]
    private static let indexThreshold = 16

    /// An empty object.
    public init() {}

    /// An object from pairs in the given order; a repeated key keeps its first position and its
    /// last value, as JavaScript's `JSON.parse` does.
    public init(_ pairs: [(String, JSONValue)]) {
        storedKeys.reserveCapacity(pairs.count)
        storedValues.reserveCapacity(pairs.count)
        for (key, value) in pairs { append(key, value) }
    }

    private func position(of key: String) -> Int? {
        if !positions.isEmpty { return positions[key] }
        return storedKeys.firstIndex(of: key)
    }


    /// The keys in output order.
    public var keys: [String] { storedKeys }

    /// The values in output order.
    public var values: [JSONValue] { storedValues }

    /// The value for `key`; assigning `nil` removes the member, assigning a value to a new key
    /// appends it at the end.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { storedValues[$0] } }
        set {
            if let position = position(of: key) {
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
        if let position = position(of: key) {
            storedValues[position] = value
            return
        }
        if !positions.isEmpty {
            positions[key] = storedKeys.count
        } else if storedKeys.count + 1 > Self.indexThreshold {
            for (i, k) in storedKeys.enumerated() { positions[k] = i }
            positions[key] = storedKeys.count
        }
        storedKeys.append(key)
        storedValues.append(value)
    }

    private mutating func removeMember(at position: Int) {
        storedKeys.remove(at: position)
        storedValues.remove(at: position)
        guard !positions.isEmpty else { return }
        positions = [:]
        for (i, k) in storedKeys.enumerated() { positions[k] = i }
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
