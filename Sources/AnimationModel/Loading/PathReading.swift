import JSON

/// A layer's `path`: exactly one of `arc`, `oval` or `elements`, as UIBezierPath builds them.
///
/// Checks beyond the types: every coordinate and angle is finite and within `ModelLimits`, radii
/// and oval sizes are not negative, and a list of elements is not empty and starts with `move` or `arc`, because every
/// other element continues from a current point that would not exist yet (Core Graphics
/// refuses `addLine` on an empty path). A `close` may be followed by anything: it leaves the
/// current point at the subpath's start.
extension ModelReader {
    static let pathKinds = ["arc", "oval", "elements"]
    static let elementKinds = ["move", "line", "arc", "curve", "quad", "close"]

    mutating func readPath(_ field: JSONField) throws(FieldError) -> PathExpression {
        let (kind, member) = try single(of: ModelReader.pathKinds, in: field, what: "a path")
        switch kind {
        case "arc":
            return .arc(try readArc(member))
        case "oval":
            let r = try readRectangle(member)
            return .oval(x: r.x, y: r.y, width: r.width, height: r.height)
        default:
            let items = try member.array()
            guard !items.isEmpty else { throw FieldError(member.path, "a path needs at least one element") }
            var elements: [PathElementExpression] = []
            for (i, item) in items.enumerated() {
                let element = try readElement(item)
                if i == 0 {
                    switch element {
                    case .move, .arc: break
                    default:
                        let (name, _) = try single(of: ModelReader.elementKinds, in: item, what: "a path element")
                        throw FieldError(item.path, "a path must start with 'move' or 'arc' (found \(MessageText.quoted(name)))")
                    }
                }
                elements.append(element)
            }
            return .elements(elements)
        }
    }

    private mutating func readElement(_ field: JSONField) throws(FieldError) -> PathElementExpression {
        let (kind, member) = try single(of: ModelReader.elementKinds, in: field, what: "a path element")
        switch kind {
        case "move": return .move(try readPoint(member))
        case "line": return .line(try readPoint(member))
        case "arc": return .arc(try readArc(member))
        case "curve":
            let object = try member.object()
            try object.allowOnly(["to", "c1", "c2"])
            return .curve(to: try readPoint(try object.required("to")), c1: try readPoint(try object.required("c1")),
                          c2: try readPoint(try object.required("c2")))
        case "quad":
            let object = try member.object()
            try object.allowOnly(["to", "c"])
            return .quad(to: try readPoint(try object.required("to")), c: try readPoint(try object.required("c")))
        default:
            guard case .bool(true) = member.value else { throw member.mismatch("true") }
            return .close
        }
    }

    /// `{"center": [x, y], "radius": r, "startAngle": a, "endAngle": b, "clockwise": true}`, all required
    /// as in `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`.
    private mutating func readArc(_ field: JSONField) throws(FieldError) -> ArcExpression {
        let object = try field.object()
        try object.allowOnly(["center", "radius", "startAngle", "endAngle", "clockwise"])
        let center = try readPoint(try object.required("center"))
        let radius = try number(try object.required("radius"), .extent)
        let start = try number(try object.required("startAngle"), .angle)
        let end = try number(try object.required("endAngle"), .angle)
        let clockwise = try object.required("clockwise", note: "true runs clockwise on screen").bool()
        return ArcExpression(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
    }

    mutating func readPoint(_ field: JSONField) throws(FieldError) -> ExpressionPoint {
        let xy = try field.array(count: 2, what: "a point [x, y]")
        return ExpressionPoint(try number(xy[0], .coordinate), try number(xy[1], .coordinate))
    }

    /// `[x, y, w, h]` with a width and height that are not negative (frames and ovals).
    mutating func readRectangle(_ field: JSONField) throws(FieldError)
        -> (x: ModelExpression, y: ModelExpression, width: ModelExpression, height: ModelExpression) {
        let r = try field.array(count: 4, what: "a rectangle [x, y, width, height]")
        return (try number(r[0], .coordinate), try number(r[1], .coordinate), try number(r[2], .extent), try number(r[3], .extent))
    }

    /// The one member of an object that must hold exactly one of `kinds` (a path, a path element).
    private func single(of kinds: [String], in field: JSONField, what: String) throws(FieldError) -> (String, JSONField) {
        let object = try field.object()
        try object.allowOnly(kinds)
        let present = object.keys
        guard present.count == 1, let kind = present.first, let member = object.optional(kind) else {
            let found = present.isEmpty ? "none" : MessageText.choices(present, conjunction: "and")
            throw FieldError(field.path, "\(what) has exactly one of \(MessageText.choices(kinds)) (found \(found))")
        }
        return (kind, member)
    }
}
