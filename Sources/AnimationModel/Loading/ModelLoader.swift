import JSON

/// Reads `strokescope-model/1` files (MODEL-FORMAT.md) into a ``ModelDocument``, validating
/// everything the format and CA-TIMING.md let a loader check: unknown keys (with the nearest
/// valid one suggested), types, expressions and the names they use, value ranges (evaluated with
/// the variables' declared values), counts of keyframe lists, the order of `addedAt` along a
/// layer's animations, and event targets. The first problem found stops the load.
public enum ModelLoader {
    /// The model in the file at `path`. Warnings are dropped; use ``loadWithWarnings(path:)`` to see them.
    public static func load(path: String) throws(ModelError) -> ModelDocument {
        try loadWithWarnings(path: path).document
    }

    /// The model in `text`; `file` names it in messages.
    public static func load(json text: String, file: String) throws(ModelError) -> ModelDocument {
        try loadWithWarnings(json: text, file: file).document
    }

    /// The model in the file at `path`, with warnings. A file that cannot be opened or read is a
    /// ``ModelError/Kind/unreadable`` error (exit code 66); everything else is 65.
    public static func loadWithWarnings(path: String, maxBytes: Int = defaultMaxBytes) throws(ModelError) -> ModelLoadResult {
        try loadWithWarnings(json: try ModelFileText.read(path: path, maxBytes: maxBytes), file: path)
    }

    /// The largest model file read by default: 16 MiB, thousands of times a real model.
    public static let defaultMaxBytes = 16 << 20

    /// The model in `text`, with warnings; `file` names it in messages.
    public static func loadWithWarnings(json text: String, file: String) throws(ModelError) -> ModelLoadResult {
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            // JSONParseError renders "line:column: message"; the message part is reused as is.
            let message = String(error.description.drop { $0 != " " }.dropFirst())
            throw ModelError(file: file, kind: .syntax(line: error.line, column: error.column), message: message)
        }
        var reader = ModelReader()
        let document: ModelDocument
        do {
            document = try reader.readDocument(json)
        } catch {
            throw ModelError(file: file, kind: .invalid, fieldPath: error.path.description, message: error.message)
        }
        let warnings = reader.warnings.map { warning in
            let place = warning.path.description
            return place.isEmpty ? "\(file): \(warning.message)" : "\(file): \(place): \(warning.message)"
        }
        return ModelLoadResult(document: document, warnings: warnings)
    }
}
