import JSON

/// One `CAShapeLayer` of `layers`, with CAShapeLayer's defaults for what is absent
/// (lineWidth 1, butt caps, miter joins, no stroke colour, strokeStart 0, strokeEnd 1).
///
/// Checks beyond the types: lineWidth, frame width and height are not negative; `removedAt` comes
/// after `addedAt`; and the animations' `addedAt` (their own, or the layer's when absent) does not
/// decrease along the list. Like every check of a value, these use the variables' declared values:
/// a fit that later moves a variable is the fit's business.
extension ModelReader {
    static let layerKeys = [
        "name", "path", "lineWidth", "lineCap", "lineJoin", "strokeColor", "strokeStart", "strokeEnd", "frame",
        "addedAt", "removedAt", "speed", "timeOffset", "beginTime", "animations",
    ]

    mutating func readLayer(_ field: JSONField) throws(FieldError) -> LayerSpec {
        let object = try field.object()
        try object.allowOnly(ModelReader.layerKeys, misplaced: { key in
            AnimationKeys.all.contains(key)
                ? "\(MessageText.quoted(key)) belongs to an animation, not to a layer (put it in one of the layer's animations)"
                : nil
        })
        let name = try object.required("name").nonEmptyString()
        let path = try readPath(try object.required("path", note: "a layer needs a path: arc, oval or elements"))

        var layer = LayerSpec(name: name, path: path)
        if let e = try number("lineWidth", in: object, .extent) { layer.lineWidth = e }
        if let f = object.optional("lineCap") { layer.lineCap = try choice(f, LineCap.self, what: "lineCap") }
        if let f = object.optional("lineJoin") { layer.lineJoin = try choice(f, LineJoin.self, what: "lineJoin") }
        if let f = object.optional("strokeColor") { layer.strokeColor = try readColor(f) }
        if let e = try number("strokeStart", in: object, .finite) { layer.strokeStart = e }
        if let e = try number("strokeEnd", in: object, .finite) { layer.strokeEnd = e }
        if let f = object.optional("frame") { layer.frame = try readRectangle(f) }
        if let e = try number("addedAt", in: object, .finite) { layer.addedAt = e }
        if let f = object.optional("removedAt") {
            let removedAt = try number(f, .finite)
            let (added, removed) = (evaluate(layer.addedAt), evaluate(removedAt))
            guard removed > added else {
                throw FieldError(f.path, "must be after the layer's addedAt (\(MessageText.number(removed)) is not after \(MessageText.number(added)))")
            }
            layer.removedAt = removedAt
        }
        if let e = try number("speed", in: object, .finite) { layer.speed = e }
        if let e = try number("timeOffset", in: object, .finite) { layer.timeOffset = e }
        if let e = try number("beginTime", in: object, .finite) { layer.beginTime = e }
        if let f = object.optional("animations") {
            layer.animations = try readLayerAnimations(f, layerAddedAt: evaluate(layer.addedAt))
        }
        return layer
    }

    private mutating func readLayerAnimations(_ field: JSONField, layerAddedAt: Double) throws(FieldError) -> [AnimationSpec] {
        var animations: [AnimationSpec] = []
        var previous: (index: Int, addedAt: Double)?
        for (i, element) in try field.array().enumerated() {
            let animation = try readAnimation(element, topLevel: true)
            let addedAt = animation.addedAt.map { evaluate($0) } ?? layerAddedAt
            if let previous, addedAt < previous.addedAt {
                let own = animation.addedAt != nil
                let what = own ? "addedAt \(MessageText.number(addedAt))" : "the layer's addedAt \(MessageText.number(addedAt))"
                throw FieldError(
                    own ? element.path.key("addedAt") : element.path,
                    "\(what) is before animations[\(previous.index)] (added at \(MessageText.number(previous.addedAt))); list animations in the order they were added")
            }
            previous = (i, addedAt)
            animations.append(animation)
        }
        return animations
    }

    /// `#RRGGBB` or `#RRGGBBAA`, kept as written.
    private func readColor(_ field: JSONField) throws(FieldError) -> String {
        let text = try field.string()
        let digits = text.dropFirst()
        guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              digits.unicodeScalars.allSatisfy(\.isASCII)
        else {
            throw FieldError(field.path, "expected a colour '#RRGGBB' or '#RRGGBBAA', found \(MessageText.quoted(text))")
        }
        return text
    }

    /// A string naming one case of `T`, with a suggestion when it is a near miss.
    func choice<T: RawRepresentable & CaseIterable>(_ field: JSONField, _ type: T.Type, what: String) throws(FieldError) -> T
    where T.RawValue == String {
        let text = try field.string()
        if let value = T(rawValue: text) { return value }
        let names = T.allCases.map(\.rawValue)
        let hint = NameSuggestion.forValue(text, among: names).map { "did you mean '\($0)'?" }
            ?? "one of " + MessageText.choices(names)
        throw FieldError(field.path, "unknown \(what) \(MessageText.quoted(text)) (\(hint))")
    }
}
