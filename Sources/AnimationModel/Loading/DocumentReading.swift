import JSON

/// The top level: `format`, `name`, `comment`, `variables`, `layers`, `events`.
///
/// `format` is checked before anything else so that a JSON file of another kind is reported as
/// such, not as a list of unknown keys. `comment` is our addition to MODEL-FORMAT.md: free text
/// saying where the model comes from (the app, the source file, the recording), kept in
/// ``ModelDocument/comment`` and otherwise ignored; it is only taken at the top level.
extension ModelReader {
    static let format = "strokescope-model/1"
    static let topLevelKeys = ["format", "name", "comment", "variables", "layers", "events"]

    mutating func readDocument(_ json: JSONValue) throws(FieldError) -> ModelDocument {
        let root = JSONField(value: json, path: .root)
        guard case .object = json else {
            throw FieldError(.root, "a model file is a JSON object with \"format\": \"\(ModelReader.format)\", found \(MessageText.kind(of: json))")
        }
        let object = try root.object()
        if object.optional("format") == nil,
           let typo = object.keys.first(where: { NameSuggestion.closest(to: $0, among: ["format"]) != nil }) {
            // `"fromat"` is better reported as a typo than as a missing format.
            throw FieldError(FieldPath.root.key(typo), "unknown key \(MessageText.quoted(typo)) (did you mean 'format'?)")
        }
        let formatField = try object.required("format", note: "a model file starts with \"format\": \"\(ModelReader.format)\"")
        let format = try formatField.string()
        guard format == ModelReader.format else {
            throw FieldError(formatField.path, "unsupported format \(MessageText.quoted(format)) (this version reads '\(ModelReader.format)')")
        }
        try object.allowOnly(ModelReader.topLevelKeys)

        let name = try object.required("name").nonEmptyString()
        let comment = try object.optional("comment")?.string()
        var variables: [Variable] = []
        if let f = object.optional("variables") { variables = try readVariables(f) }

        let layersField = try object.required("layers", note: "the CAShapeLayers of the model")
        var layers: [LayerSpec] = []
        var firstUse: [String: Int] = [:]
        for (i, element) in try layersField.array().enumerated() {
            let layer = try readLayer(element)
            if let earlier = firstUse[layer.name] {
                throw FieldError(element.path.key("name"), "layer name \(MessageText.quoted(layer.name)) is already used by layers[\(earlier)]")
            }
            firstUse[layer.name] = i
            layers.append(layer)
        }
        guard !layers.isEmpty else { throw FieldError(layersField.path, "a model needs at least one layer") }

        var events: [EventSpec] = []
        if let f = object.optional("events") {
            let names = layers.map(\.name)
            for element in try f.array() { events.append(try readEvent(element, layerNames: names)) }
        }

        for variable in variables where !usedVariables.contains(variable.name) {
            warn(FieldPath.root.key("variables").key(variable.name), "variable '\(variable.name)' is never used")
        }
        return ModelDocument(name: name, comment: comment, variables: variables, layers: layers, events: events)
    }
}
