import JSON

/// The `CAMediaTiming` keys every animation shares, and timing functions.
///
/// Checks: `duration` finite; 0 or below means Core Animation's default duration (CA-TIMING.md
/// §1.3), and below 0 is also a warning, since it is rarely meant;
/// `beginTime`, `speed` and `timeOffset` finite (`now` only in a top-level `beginTime`);
/// `repeatCount` and `repeatDuration` ≥ 0 and possibly infinite. A negative `speed` is left to the
/// timing engine, which decides how to treat it (CA-TIMING.md §9). Setting both `repeatCount` and
/// `repeatDuration` is a warning: Apple calls the result undefined.
extension ModelReader {
    static let timingFunctionNames = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]

    /// UIKit's and CSS's spellings of the same curves, only for suggesting the CA name: by edit
    /// distance `easeInOut` is nearer to `easeOut` than to the `easeInEaseOut` it means.
    static let timingFunctionAliases = [
        "easeInOut": "easeInEaseOut", "ease-in-out": "easeInEaseOut", "ease-in": "easeIn", "ease-out": "easeOut",
        "ease": "default",
    ]

    mutating func readTiming(_ object: JSONObjectField, topLevel: Bool) throws(FieldError) -> TimingSpec {
        var timing = TimingSpec()
        if let e = try number("beginTime", in: object, .finite, allowsNow: topLevel) { timing.beginTime = e }
        if let field = object.optional("duration") {
            let e = try number(field, .finite)
            let value = evaluate(e)
            if value < 0 {
                warn(field.path, "a negative duration (\(written(field, value))) is what Core Animation makes of any duration ≤ 0: the default 0.25 s, or the group's duration for a group's child")
            }
            timing.duration = e
        }
        if let e = try number("speed", in: object, .finite) { timing.speed = e }
        if let e = try number("timeOffset", in: object, .finite) { timing.timeOffset = e }
        if let e = try number("repeatCount", in: object, .nonNegativeOrInfinite) { timing.repeatCount = e }
        if let e = try number("repeatDuration", in: object, .nonNegativeOrInfinite) { timing.repeatDuration = e }
        if let f = object.optional("autoreverses") { timing.autoreverses = try f.bool() }
        if let f = object.optional("fillMode") { timing.fillMode = try choice(f, FillMode.self, what: "fillMode") }
        if let f = object.optional("removedOnCompletion") { timing.removedOnCompletion = try f.bool() }
        if let f = object.optional("timingFunction") { timing.timingFunction = try readTimingFunction(f) }
        if evaluate(timing.repeatCount) > 0, evaluate(timing.repeatDuration) > 0 {
            warn(object.path, "both repeatCount and repeatDuration are set; Core Animation leaves the result undefined")
        }
        return timing
    }

    /// A name (`easeInEaseOut`) or four control points `[c1x, c1y, c2x, c2y]`, the x values in
    /// [0, 1] as `CAMediaTimingFunction` requires (outside it the curve is no longer a function of time).
    mutating func readTimingFunction(_ field: JSONField) throws(FieldError) -> TimingFunctionSpec {
        switch field.value {
        case .string(let name):
            switch name {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInEaseOut": return .easeInEaseOut
            case "default": return .default
            default:
                let names = ModelReader.timingFunctionNames
                let hint = (ModelReader.timingFunctionAliases[name] ?? NameSuggestion.forValue(name, among: names))
                    .map { "did you mean '\($0)'?" }
                    ?? "one of " + MessageText.choices(names) + ", or [c1x, c1y, c2x, c2y]"
                throw FieldError(field.path, "unknown timing function \(MessageText.quoted(name)) (\(hint))")
            }
        case .array(let items) where items.count == 4:
            let points = try field.array()
            return .controlPoints(
                try number(points[0], .unitInterval), try number(points[1], .controlPointY),
                try number(points[2], .unitInterval), try number(points[3], .controlPointY))
        default:
            throw field.mismatch("a timing function name or [c1x, c1y, c2x, c2y]")
        }
    }
}
