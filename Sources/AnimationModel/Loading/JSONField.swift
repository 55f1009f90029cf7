import JSON

/// A JSON value with its place in the file, so every type check can name the field it failed on.
struct JSONField {
    let value: JSONValue
    let path: FieldPath

    func string() throws(FieldError) -> String {
        guard case .string(let s) = value else { throw mismatch("a string") }
        return s
    }

    /// A string that says something; names and keys may not be empty.
    func nonEmptyString() throws(FieldError) -> String {
        let s = try string()
        guard !s.isEmpty else { throw FieldError(path, "must not be empty") }
        return s
    }

    func bool() throws(FieldError) -> Bool {
        guard case .bool(let b) = value else { throw mismatch("true or false") }
        return b
    }

    func array() throws(FieldError) -> [JSONField] {
        guard case .array(let items) = value else { throw mismatch("an array") }
        return items.enumerated().map { JSONField(value: $0.element, path: path.index($0.offset)) }
    }

    /// An array of exactly `count` elements; `what` names it for the message (`a point [x, y]`).
    func array(count: Int, what: String) throws(FieldError) -> [JSONField] {
        guard case .array(let items) = value, items.count == count else { throw mismatch(what) }
        return try array()
    }

    func object() throws(FieldError) -> JSONObjectField {
        guard case .object(let o) = value else { throw mismatch("an object") }
        return JSONObjectField(object: o, path: path)
    }

    func mismatch(_ expected: String) -> FieldError {
        FieldError(path, "expected \(expected), found \(MessageText.kind(of: value))")
    }
}

/// A JSON object with its path: key checks and member access that report where they failed.
struct JSONObjectField {
    let object: JSONObject
    let path: FieldPath

    var keys: [String] { object.keys }

    /// Rejects the first key (in file order) outside `allowed`. `misplaced` may explain a key that
    /// is valid elsewhere (`'values' belongs to a keyframe animation`); otherwise the message
    /// suggests the nearest allowed key, when one is close.
    func allowOnly(_ allowed: [String], misplaced: (String) -> String? = { _ in nil }) throws(FieldError) {
        for key in object.keys where !allowed.contains(key) {
            if let why = misplaced(key) { throw FieldError(path.key(key), why) }
            if key == "comment" {
                throw FieldError(path.key(key), "'comment' is only taken at the top level of the file")
            }
            throw FieldError(path.key(key), "unknown key \(MessageText.quoted(key))" + NameSuggestion.hint(for: key, among: allowed))
        }
    }

    func optional(_ key: String) -> JSONField? {
        // JSON `null` counts as absent nowhere: a model file has no use for it, and treating it as
        // "default" would hide a half-finished edit. It reaches the type check and is reported.
        object[key].map { JSONField(value: $0, path: path.key(key)) }
    }

    /// The member, or an error naming what is missing; `note` may say what the key is for.
    func required(_ key: String, note: String? = nil) throws(FieldError) -> JSONField {
        guard let field = optional(key) else {
            throw FieldError(path, "missing key \(MessageText.quoted(key))" + (note.map { " (\($0))" } ?? ""))
        }
        return field
    }
}
