import JSON

/// A keyframe animation's `values`, `keyTimes`, `timingFunctions` and `calculationMode`,
/// checked against the counting rules of CA-TIMING.md §3.2.
///
/// - `keyTimes`: each in [0, 1], never decreasing. `linear` and `cubic` need one per value.
///   `discrete` needs one more than the values; exactly as many is accepted with a warning,
///   because Core Animation then never shows the last value. `paced` ignores them (a warning).
///   Core Animation expects the first to be 0 and the last 1; otherwise a warning.
/// - `timingFunctions`: one per segment (values − 1) in `linear` and `cubic`; ignored, with a
///   warning, in `discrete` and `paced`.
/// - Fewer than two values animate nothing: a warning.
/// - `cubicPaced` is an error: MODEL-FORMAT.md leaves it out of this version.
extension ModelReader {
    mutating func readKeyframes(_ object: JSONObjectField, rule: NumberRule) throws(FieldError) -> KeyframeValues {
        var mode = CalculationMode.linear
        if let f = object.optional("calculationMode") {
            if case .string("cubicPaced") = f.value {
                throw FieldError(f.path, "calculationMode 'cubicPaced' is not in this version of the format (use 'paced' or 'cubic')")
            }
            mode = try choice(f, CalculationMode.self, what: "calculationMode")
        }

        let valuesField = try object.required("values", note: "the keyframe values")
        var values: [ModelExpression] = []
        for item in try valuesField.array() { values.append(try number(item, rule)) }
        if values.count < 2 {
            warn(valuesField.path, "fewer than two values, so Core Animation sets nothing")
        }

        var keyframes = KeyframeValues(values: values, calculationMode: mode)
        if let f = object.optional("keyTimes") {
            keyframes.keyTimes = try readKeyTimes(f, valueCount: values.count, mode: mode)
        }
        if let f = object.optional("timingFunctions") {
            var functions: [TimingFunctionSpec] = []
            for item in try f.array() { functions.append(try readTimingFunction(item)) }
            switch mode {
            case .linear, .cubic:
                let segments = max(values.count - 1, 0)
                if functions.count != segments {
                    throw FieldError(f.path, "expected \(segments) timing \(segments == 1 ? "function" : "functions") (one per segment between the \(values.count) values), found \(functions.count)")
                }
            case .discrete, .paced:
                warn(f.path, "calculationMode '\(mode.rawValue)' ignores timingFunctions")
            }
            keyframes.timingFunctions = functions
        }
        return keyframes
    }

    private mutating func readKeyTimes(_ field: JSONField, valueCount n: Int, mode: CalculationMode) throws(FieldError) -> [ModelExpression] {
        let items = try field.array()
        var times: [ModelExpression] = []
        var previous: Double?
        for item in items {
            let e = try number(item, .unitInterval)
            let t = evaluate(e)
            if let previous, t < previous {
                throw FieldError(item.path, "keyTimes must not decrease (\(MessageText.number(t)) follows \(MessageText.number(previous)))")
            }
            previous = t
            times.append(e)
        }
        switch mode {
        case .paced:
            warn(field.path, "calculationMode 'paced' ignores keyTimes")
            return times
        case .linear, .cubic:
            if times.count != n {
                throw FieldError(field.path, "expected \(n) keyTimes (one per value), found \(times.count)")
            }
        case .discrete:
            if times.count == n {
                warn(field.path, "discrete keyframes with as many keyTimes as values: Core Animation never shows the last value (it needs \(n + 1) keyTimes)")
            } else if times.count != n + 1 {
                throw FieldError(field.path, "expected \(n + 1) keyTimes for \(n) discrete values (one more than the values), found \(times.count)")
            }
        }
        if let first = times.first.map({ evaluate($0) }), first != 0 {
            warn(field.path, "the first keyTime is \(MessageText.number(first)); Core Animation expects 0")
        }
        if let last = times.last.map({ evaluate($0) }), last != 1 {
            warn(field.path, "the last keyTime is \(MessageText.number(last)); Core Animation expects 1")
        }
        return times
    }
}
