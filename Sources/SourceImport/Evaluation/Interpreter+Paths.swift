/// `UIBezierPath`, `CGMutablePath` and the C path functions, element by element.
extension Interpreter {
    func pathMethod(_ o: Object, _ name: String, _ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) throws(Stop) -> Value? {
        func point(_ k: Int) -> (Symbolic, Symbolic)? {
            guard k < values.count else { return nil }
            if case .named("zero") = values[k] { return (.zero, .zero) }
            guard case .point(let x, let y) = values[k] else { return nil }
            return (x, y)
        }
        switch name {
        case "moveToPoint", "move":
            if let p = point(0) { o.elements.append(.move(p.0, p.1)) }
        case "addLineToPoint", "addLine":
            if let p = point(0) { o.elements.append(.line(p.0, p.1)) }
        case "addArcWithCenter", "addArc":
            // UIBezierPath's `clockwise` is as seen on screen; CGMutablePath's is in flipped
            // coordinates (y down), so `clockwise: true` there draws counterclockwise on screen.
            guard let c = point(0), values.count >= 5, let r = values[1].number, let a = values[2].number, let b = values[3].number else { return .null }
            let flag = values[4].isTruthy ?? true
            let isCG = o.className == "CGMutablePath" && labels.first == "center"
            o.elements.append(.arc(center: c, radius: r, start: a, end: b, clockwise: isCG ? !flag : flag))
        case "addCurveToPoint", "addCurve":
            if let p = point(0), let c1 = point(1), let c2 = point(2) { o.elements.append(.curve(to: p, c1: c1, c2: c2)) }
        case "addQuadCurveToPoint", "addQuadCurve":
            if let p = point(0), let c = point(1) { o.elements.append(.quad(to: p, c: c)) }
        case "closePath", "close", "closeSubpath":
            o.elements.append(.close)
        case "appendPath", "append", "addPath":
            if case .object(let other)? = values.first, other.kind == .path { o.elements += other.elements }
        case "bezierPathByReversingPath", "reversing":
            let r = newObject(o.className, .path)
            r.elements = reversed(o.elements)
            return .object(r)
        case "removeAllPoints", "removeAll":
            o.elements.removeAll()
        case "applyTransform", "apply":
            warn(ctx, position, name, "a transformed path is not followed (the path is kept as built)")
        case "stroke", "fill":
            warn(ctx, position, name, "drawing in draw(_:) with UIBezierPath.\(name) is not a layer: left out")
        default:
            return nil
        }
        return .null
    }

    /// The path run backwards (`bezierPathByReversingPath`): lines and arcs, ends swapped.
    func reversed(_ elements: [PathElementValue]) -> [PathElementValue] {
        var points: [(Symbolic, Symbolic)] = []
        var segments: [PathElementValue] = []
        for e in elements {
            switch e {
            case .move(let x, let y): points.append((x, y))
            case .line(let x, let y): segments.append(.line(x, y)); points.append((x, y))
            case .arc(let c, let r, let a, let b, let cw):
                segments.append(.arc(center: c, radius: r, start: b, end: a, clockwise: !cw))
            default: return elements
            }
        }
        if segments.allSatisfy({ if case .line = $0 { return true }; return false }), let last = points.last {
            return [.move(last.0, last.1)] + points.dropLast().reversed().map { .line($0.0, $0.1) }
        }
        if segments.count == 1, case .arc = segments[0], points.isEmpty { return segments }
        return elements
    }

    /// Constructors: `bezierPathWithArcCenter:…`, `UIBezierPath(arcCenter:…)`, ovals, rounded rects.
    func pathConstructor(_ name: String, _ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) -> Value? {
        // Swift's `.zero` is whichever zero the parameter wants: a point here, a rect for ovals.
        let values = values.enumerated().map { k, v -> Value in
            guard case .named("zero") = v else { return v }
            return k == 0 && (labels.first == "arcCenter" || name == "bezierPathWithArcCenter") ? .point(.zero, .zero) : (k == 0 ? .rect(.zero) : .number(.zero))
        }
        let o = newObject("UIBezierPath", .path)
        let key = labels.first.flatMap { $0 } ?? name
        switch key {
        case "bezierPath", "UIBezierPath", "CGMutablePath", "CGPathCreateMutable":
            if !values.isEmpty { return nil }
        case "bezierPathWithArcCenter", "arcCenter":
            guard values.count >= 5, case .point(let x, let y) = values[0], let r = values[1].number, let a = values[2].number, let b = values[3].number else { return nil }
            o.elements = [.arc(center: (x, y), radius: r, start: a, end: b, clockwise: values[4].isTruthy ?? true)]
        case "bezierPathWithOvalInRect", "ovalIn":
            guard case .rect(let r)? = values.first else { return nil }
            o.elements = [.oval(r)]
        case "bezierPathWithRoundedRect", "roundedRect":
            guard case .rect(let r)? = values.first else { return nil }
            let radius = values.count > 1 ? values[1].number ?? .zero : .zero
            o.elements = roundedRect(r, radius)
        case "bezierPathWithRect", "rect":
            guard case .rect(let r)? = values.first else { return nil }
            o.elements = [.move(r.x, r.y), .line(r.x + r.width, r.y), .line(r.x + r.width, r.y + r.height), .line(r.x, r.y + r.height), .close]
        case "cgPath", "CGPath", "bezierPathWithCGPath":
            if case .object(let p)? = values.first, p.kind == .path { o.elements = p.elements }
        default:
            return nil
        }
        return .object(o)
    }

    /// UIKit's rounded rectangle: from the top edge after the top-left corner, clockwise.
    private func roundedRect(_ r: Rect, _ radius: Symbolic) -> [PathElementValue] {
        let half = Symbolic.min(r.width, r.height) / .constant(2)
        let k = Symbolic.min(radius, half)
        let pi = Symbolic.constant(Double.pi)
        let minX = r.x, minY = r.y, maxX = r.x + r.width, maxY = r.y + r.height
        return [
            .move(minX + k, minY),
            .arc(center: (maxX - k, minY + k), radius: k, start: -(pi / .constant(2)), end: .zero, clockwise: true),
            .arc(center: (maxX - k, maxY - k), radius: k, start: .zero, end: pi / .constant(2), clockwise: true),
            .arc(center: (minX + k, maxY - k), radius: k, start: pi / .constant(2), end: pi, clockwise: true),
            .arc(center: (minX + k, minY + k), radius: k, start: pi, end: pi * .constant(1.5), clockwise: true),
            .close,
        ]
    }
}
