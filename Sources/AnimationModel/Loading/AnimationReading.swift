import JSON

/// One entry of a layer's `animations` (top level) or of a group's `animations` (a child).
///
/// Decisions: `type` is required (there is no default class); `addedAt` and `key` are only taken
/// on a layer's own list, since a group's children are added with the group; a group has no
/// `keyPath`, `additive` or `cumulative` (CAAnimationGroup is not a property animation).
extension ModelReader {
    static let keyPathNames = ["strokeStart", "strokeEnd", "transform.rotation.z", "transform.rotation"]

    mutating func readAnimation(_ field: JSONField, topLevel: Bool) throws(FieldError) -> AnimationSpec {
        let object = try field.object()
        if object.optional("type") == nil {
            // A mistyped `type` key is better reported as such than as a missing one.
            try object.allowOnly(AnimationKeys.all)
        }
        let typeField = try object.required("type", note: "one of " + MessageText.choices(AnimationKeys.types))
        let type = try typeField.string()
        guard AnimationKeys.types.contains(type) else {
            let hint = NameSuggestion.closest(to: type, among: AnimationKeys.types).map { "did you mean '\($0)'?" }
                ?? "one of " + MessageText.choices(AnimationKeys.types)
            throw FieldError(typeField.path, "unknown animation type \(MessageText.quoted(type)) (\(hint))")
        }
        try object.allowOnly(AnimationKeys.allowed(type: type, topLevel: topLevel), misplaced: { key in
            AnimationKeys.misplaced(key, type: type, topLevel: topLevel)
        })

        var keyPath: KeyPath?
        if type != "group" {
            keyPath = try readKeyPath(try object.required("keyPath", note: "one of " + MessageText.choices(Array(ModelReader.keyPathNames.prefix(3)))))
        }
        let timing = try readTiming(object, topLevel: topLevel)
        let kind: AnimationSpec.Kind
        switch type {
        case "basic": kind = .basic(try readBasicValues(object, rule: Self.valueRule(keyPath)))
        case "keyframe": kind = .keyframe(try readKeyframes(object, rule: Self.valueRule(keyPath)))
        default: kind = .group(try readGroupChildren(try object.required("animations", note: "the group's children")))
        }

        var animation = AnimationSpec(kind: kind, keyPath: keyPath, timing: timing)
        if let f = object.optional("additive") { animation.additive = try f.bool() }
        if let f = object.optional("cumulative") { animation.cumulative = try f.bool() }
        if let e = try number("addedAt", in: object, .finite) { animation.addedAt = e }
        if let f = object.optional("key") { animation.key = try f.nonEmptyString() }
        return animation
    }

    /// Rotation values are angles (bounded by `ModelLimits.radians`); stroke values may be any
    /// finite number, since they are clamped to [0, 1] when drawn.
    static func valueRule(_ keyPath: KeyPath?) -> NumberRule {
        keyPath == .rotation ? .angle : .finite
    }

    /// `transform.rotation` is accepted as Core Animation accepts it: the same as `.z`.
    private func readKeyPath(_ field: JSONField) throws(FieldError) -> KeyPath {
        let text = try field.string()
        if text == "transform.rotation" { return .rotation }
        if let keyPath = KeyPath(rawValue: text) { return keyPath }
        let hint = NameSuggestion.closest(to: text, among: ModelReader.keyPathNames).map { "did you mean '\($0)'?" }
            ?? "supported: " + MessageText.choices(Array(ModelReader.keyPathNames.prefix(3)), conjunction: "and")
        throw FieldError(field.path, "unknown key path \(MessageText.quoted(text)) (\(hint))")
    }

    /// At most two of the three, as CABasicAnimation documents; none is allowed but does nothing.
    private mutating func readBasicValues(_ object: JSONObjectField, rule: NumberRule) throws(FieldError) -> BasicValues {
        let values = BasicValues(
            fromValue: try number("fromValue", in: object, rule),
            toValue: try number("toValue", in: object, rule),
            byValue: try number("byValue", in: object, rule))
        let set = [values.fromValue, values.toValue, values.byValue].compactMap { $0 }.count
        if set == 3 {
            throw FieldError(object.path, "at most two of 'fromValue', 'toValue' and 'byValue' may be set (Core Animation's rule)")
        }
        if set == 0 {
            warn(object.path, "none of fromValue, toValue and byValue is set, so the animation changes nothing")
        }
        return values
    }

    private mutating func readGroupChildren(_ field: JSONField) throws(FieldError) -> [AnimationSpec] {
        var children: [AnimationSpec] = []
        for element in try field.array() {
            children.append(try readAnimation(element, topLevel: false))
        }
        if children.isEmpty { warn(field.path, "the group is empty, so it animates nothing") }
        return children
    }
}
