import JSON

/// Writes an inferred animation as a `strokescope-model/1` document (MODEL-FORMAT.md).
public enum ModelEmitter {
    public static func json(_ model: InferredAnimation, source: String) -> JSONValue {
        let layout = LayerLayout(model)
        var layer = JSONObject([
            ("name", .string("ring")),
            ("path", .object(JSONObject([("arc", .object(JSONObject([
                ("center", .array([num(layout.side / 2), num(layout.side / 2)])),
                ("radius", num(layout.radius)),
                ("startAngle", angle(layout.startAngle)),
                ("endAngle", angle(layout.endAngle)),
                ("clockwise", .bool(true)),
            ])))]))),
            ("frame", .array([num(layout.frameX), num(layout.frameY), num(layout.side), num(layout.side)])),
            ("lineWidth", num(layout.lineWidth)),
            ("lineCap", .string(model.appearance.lineCap.rawValue)),
        ])
        if let colour = model.appearance.strokeColor { layer.append("strokeColor", .string(colour)) }
        var animations: [JSONValue] = []
        if let turn = model.rotationPeriod {
            animations.append(.object(JSONObject([
                ("type", .string("basic")), ("keyPath", .string("transform.rotation.z")),
                ("fromValue", .int(0)), ("toValue", .string(model.rotationSpeed < 0 ? "-2*pi" : "2*pi")),
                ("duration", num(turn, 4)), ("repeatCount", .string("inf")), ("key", .string("rotation")),
            ])))
        }
        if model.advance != 0 {
            animations.append(.object(JSONObject([
                ("type", .string("keyframe")), ("keyPath", .string("transform.rotation.z")),
                ("calculationMode", .string("discrete")),
                ("values", .array([.int(0), angle(LayerLayout.radians(model.advance))])),
                ("keyTimes", .array([.int(0), .int(1), .int(1)])),
                ("additive", .bool(true)), ("cumulative", .bool(true)),
                ("duration", num(model.period, 4)), ("repeatCount", .string("inf")), ("key", .string("advance")),
            ])))
        }
        var children: [JSONValue] = []
        for (keyPath, curve) in [("strokeStart", model.strokeStart), ("strokeEnd", model.strokeEnd)] {
            for p in curve.pieces {
                var o = JSONObject([
                    ("type", .string("basic")), ("keyPath", .string(keyPath)),
                    ("fromValue", num(p.fromValue, 4)), ("toValue", num(p.toValue, 4)),
                    ("beginTime", num(p.beginTime, 4)), ("duration", num(p.duration, 4)),
                ])
                switch p.timing {
                case .hold: break
                case .custom(let a, let b, let c, let d): o.append("timingFunction", .array([num(a, 3), num(b, 3), num(c, 3), num(d, 3)]))
                default: o.append("timingFunction", .string(p.timing.name ?? "linear"))
                }
                children.append(.object(o))
            }
        }
        animations.append(.object(JSONObject([
            ("type", .string("group")), ("duration", num(model.period, 4)), ("repeatCount", .string("inf")),
            ("key", .string("stroke")), ("animations", .array(children)),
        ])))
        layer.append("animations", .array(animations))
        let s = model.scale
        let comment = "Inferred by strokescope infer from \(source): one cycle of \(number(model.period, 4)) s, "
            + (model.rotationPeriod.map { "turning once per \(number($0, 4)) s, " } ?? "not turning, ")
            + (model.advance != 0 ? "advancing \(number(model.advance, 2))° per cycle, " : "")
            + "geometry at \(number(s, 3)) px per point."
        return .object(JSONObject([
            ("format", .string("strokescope-model/1")),
            ("name", .string(model.name)),
            ("comment", .string(comment)),
            ("layers", .array([.object(layer)])),
        ]))
    }

    private static func num(_ v: Double, _ decimals: Int = 2) -> JSONValue {
        let text = number(v, decimals)
        if let i = Int(text) { return .int(i) }
        return .double(Double(text) ?? v)
    }

    private static func angle(_ expression: String) -> JSONValue {
        if let i = Int(expression) { return .int(i) }
        if let d = Double(expression) { return .double(d) }
        return .string(expression)
    }
}
