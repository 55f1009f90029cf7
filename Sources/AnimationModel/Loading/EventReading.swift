import JSON

/// One entry of `events`: `{"at": t, "layer": name, "set": {property: value, …}}`.
///
/// `at` is a finite model time (no `now`); `layer` names a layer of the file; `set` holds at least
/// one of the properties MODEL-FORMAT.md lists, in the order written (they apply in that order),
/// each a finite expression that may use `now`.
extension ModelReader {
    mutating func readEvent(_ field: JSONField, layerNames: [String]) throws(FieldError) -> EventSpec {
        let object = try field.object()
        try object.allowOnly(["at", "layer", "set"])
        let at = try number(try object.required("at", note: "the model time of the change"), .finite)

        let layerField = try object.required("layer", note: "the name of the layer it changes")
        let layer = try layerField.string()
        guard layerNames.contains(layer) else {
            throw FieldError(layerField.path, "no layer named \(MessageText.quoted(layer))" + NameSuggestion.hint(for: layer, among: layerNames))
        }

        let setField = try object.required("set", note: "the properties it changes")
        let changes = try setField.object()
        let settable = EventProperty.allCases.map(\.rawValue)
        try changes.allowOnly(settable, misplaced: { key in
            ModelReader.layerKeys.contains(key) || AnimationKeys.all.contains(key)
                ? "an event cannot set \(MessageText.quoted(key)) (only \(MessageText.choices(settable)))"
                : nil
        })
        guard !changes.keys.isEmpty else {
            throw FieldError(setField.path, "an event must set at least one of \(MessageText.choices(settable))")
        }
        var set: [(EventProperty, ModelExpression)] = []
        for key in changes.keys {
            let value = try number(changes.optional(key)!, .finite, allowsNow: true)
            set.append((EventProperty(rawValue: key)!, value))
        }
        return EventSpec(at: at, layer: layer, set: set)
    }
}
