import JSON

/// The numeric fields of a model file, and the model with one of them replaced: for sweeps of
/// extreme values (`NumericSweepTests`, the fuzz-numeric target; scripts/sweep/sweep_numeric.py
/// walks files the same way). A numeric field is a JSON number, or a string where an
/// expression goes (every string whose key is not one of the format's words).
public enum ModelNumericFields {
    /// Keys whose string values are words of the format, not expressions.
    public static let wordKeys: Set<String> = ["format", "name", "comment", "type", "keyPath", "timingFunction", "fillMode",
                                               "calculationMode", "lineCap", "lineJoin", "strokeColor", "fillColor", "key",
                                               "layer", "timingFunctions"]

    /// One step of a path into a JSON document.
    public enum Step: Hashable, Sendable, CustomStringConvertible {
        case key(String)
        case index(Int)
        public var description: String {
            switch self {
            case .key(let k): return k
            case .index(let i): return "[\(i)]"
            }
        }
    }

    /// The field path as the loader's messages write it: `layers[0].path.arc.radius`.
    public static func text(_ path: [Step]) -> String {
        var out = ""
        for step in path {
            switch step {
            case .key(let k): out += (out.isEmpty ? "" : ".") + k
            case .index(let i): out += "[\(i)]"
            }
        }
        return out
    }

    /// Every path to a numeric field of `value`, in document order.
    public static func paths(in value: JSONValue, at path: [Step] = [], key: String? = nil) -> [[Step]] {
        switch value {
        case .int, .double: return [path]
        case .string: return key.map { wordKeys.contains($0) } == true ? [] : [path]
        case .object(let object):
            return object.flatMap { member in paths(in: member.value, at: path + [.key(member.key)], key: member.key) }
        case .array(let items):
            return items.enumerated().flatMap { i, item in
                // A keyframe animation's timingFunctions hold names or control-point arrays.
                let inner: String? = key == "timingFunctions" && item.arrayValue != nil ? nil : key
                return paths(in: item, at: path + [.index(i)], key: inner)
            }
        case .null, .bool: return []
        }
    }

    /// `value` with the field at `path` replaced by `replacement`.
    public static func replacing(_ value: JSONValue, at path: ArraySlice<Step>, with replacement: JSONValue) -> JSONValue {
        guard let step = path.first else { return replacement }
        switch (value, step) {
        case (.object(var object), .key(let k)):
            object[k] = replacing(object[k] ?? .null, at: path.dropFirst(), with: replacement)
            return .object(object)
        case (.array(var items), .index(let i)) where items.indices.contains(i):
            items[i] = replacing(items[i], at: path.dropFirst(), with: replacement)
            return .array(items)
        default:
            return value
        }
    }
}
