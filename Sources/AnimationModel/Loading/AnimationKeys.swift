/// Which keys each kind of animation takes, mirroring the Core Animation classes: every
/// `CAAnimation` has the `CAMediaTiming` keys and a timing function; `CAPropertyAnimation`s
/// (basic, keyframe) add `keyPath`, `additive`, `cumulative`; a group adds only its children.
enum AnimationKeys {
    /// `CAMediaTiming` and `CAAnimation` keys, valid on every type.
    static let timing = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
        "removedOnCompletion", "timingFunction",
    ]
    /// How the animation was added; only on a layer's own list (a group's children are added with it).
    static let adding = ["addedAt", "key"]
    static let property = ["keyPath", "additive", "cumulative"]
    static let basic = ["fromValue", "toValue", "byValue"]
    static let keyframe = ["values", "keyTimes", "timingFunctions", "calculationMode"]
    static let group = ["animations"]
    static let types = ["basic", "keyframe", "group"]

    /// Every key some animation may have, for recognising one that landed on a layer.
    static let all = ["type"] + timing + adding + property + basic + keyframe + group

    /// The keys valid for `type` at this level.
    static func allowed(type: String, topLevel: Bool) -> [String] {
        var keys = ["type"] + timing + (topLevel ? adding : [])
        switch type {
        case "basic": keys += property + basic
        case "keyframe": keys += property + keyframe
        default: keys += group
        }
        return keys
    }

    /// Why a key valid elsewhere is not valid here, or nil for a key that no animation has.
    static func misplaced(_ key: String, type: String, topLevel: Bool) -> String? {
        if adding.contains(key), !topLevel {
            return "\(MessageText.quoted(key)) is only allowed on a layer's own animations (a group's children are added with the group)"
        }
        if basic.contains(key), type != "basic" { return "\(MessageText.quoted(key)) belongs to a basic animation, not a \(type) one" }
        if keyframe.contains(key), type != "keyframe" { return "\(MessageText.quoted(key)) belongs to a keyframe animation, not a \(type) one" }
        if group.contains(key), type != "group" { return "\(MessageText.quoted(key)) belongs to a group, not a \(type) animation" }
        if property.contains(key), type == "group" {
            return "a group has no \(MessageText.quoted(key)); set it on the animations inside it"
        }
        return nil
    }
}
