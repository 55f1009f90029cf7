/// Writes an inferred animation as ready-to-paste UIKit code: the `CAShapeLayer`, its
/// `UIBezierPath` and the animations, in Swift or Objective-C.
public enum CodeEmitter {
    public enum Language: String, Sendable, CaseIterable { case swift, objc }

    public static func code(_ model: InferredAnimation, language: Language, source: String) -> String {
        language == .swift ? swift(model, source: source) : objc(model, source: source)
    }

    struct Child {
        var name: String, keyPath: String, piece: PiecewiseCurve.Piece
    }

    static func children(_ model: InferredAnimation) -> [Child] {
        var out: [Child] = []
        for (keyPath, curve) in [("strokeStart", model.strokeStart), ("strokeEnd", model.strokeEnd)] {
            for (i, p) in curve.pieces.enumerated() { out.append(Child(name: "\(keyPath)\(i + 1)", keyPath: keyPath, piece: p)) }
        }
        return out
    }

    static func rgb(_ hex: String?) -> (Double, Double, Double) {
        guard let hex, hex.hasPrefix("#"), hex.count >= 7, let v = Int(hex.dropFirst().prefix(6), radix: 16) else { return (0, 0, 0) }
        return (Double((v >> 16) & 255), Double((v >> 8) & 255), Double(v & 255))
    }

    /// One whole turn after `degrees`, as code: `3 * .pi / 2`, or `1.404889 + 2 * .pi` when the
    /// start is written as a rounded number (see LayerLayout.fullTurn(after:)).
    static func fullTurnCode(_ degrees: Double, pi: String) -> String {
        let eighths = degrees / 22.5
        guard abs(eighths - eighths.rounded()) < 1e-6 else { return angleCode(degrees, pi: pi) + " + 2 * \(pi)" }
        return angleCode(degrees + 360, pi: pi)
    }

    /// `degrees` in radians as code: `-.pi / 2`, `3 * M_PI / 2`, or a number.
    static func angleCode(_ degrees: Double, pi: String) -> String {
        let eighths = degrees / 22.5
        guard abs(eighths - eighths.rounded()) < 1e-6 else { return number(degrees * .pi / 180, 6) }
        var n = Int(eighths.rounded()), d = 8
        if n == 0 { return "0" }
        while n % 2 == 0 && d > 1 { n /= 2; d /= 2 }
        let m = abs(n)
        let text = (m == 1 ? pi : "\(m) * \(pi)") + (d == 1 ? "" : " / \(d)")
        return (n < 0 ? "-" : "") + text
    }

    static func swift(_ model: InferredAnimation, source: String) -> String {
        let l = LayerLayout(model)
        let (r, g, b) = rgb(model.appearance.strokeColor)
        var s = "// Inferred by `strokescope infer` from \(source).\n"
        s += "let ringLayer = CAShapeLayer()\n"
        s += "ringLayer.frame = CGRect(x: \(number(l.frameX, 2)), y: \(number(l.frameY, 2)), width: \(number(l.side, 2)), height: \(number(l.side, 2)))\n"
        s += "ringLayer.path = UIBezierPath(arcCenter: CGPoint(x: \(number(l.side / 2, 2)), y: \(number(l.side / 2, 2))), radius: \(number(l.radius, 2)),\n"
        s += "                              startAngle: \(angleCode(l.startDegrees, pi: ".pi")), endAngle: \(fullTurnCode(l.startDegrees, pi: ".pi")), clockwise: true).cgPath\n"
        s += "ringLayer.fillColor = UIColor.clear.cgColor\n"
        s += "ringLayer.strokeColor = UIColor(red: \(number(r, 0)) / 255, green: \(number(g, 0)) / 255, blue: \(number(b, 0)) / 255, alpha: 1).cgColor\n"
        s += "ringLayer.lineWidth = \(number(l.lineWidth, 2))\n"
        s += "ringLayer.lineCap = .\(model.appearance.lineCap.rawValue)\n\n"
        if let turn = model.rotationPeriod {
            s += "let rotation = CABasicAnimation(keyPath: \"transform.rotation.z\")\n"
            s += "rotation.fromValue = 0\n"
            s += "rotation.toValue = \(model.rotationSpeed < 0 ? "-2" : "2") * CGFloat.pi\n"
            s += "rotation.duration = \(number(turn, 4))\n"
            s += "rotation.repeatCount = .infinity\n"
            s += "ringLayer.add(rotation, forKey: \"rotation\")\n\n"
        }
        if model.advance != 0 {
            s += "// Each cycle starts \(number(model.advance, 2))° further round than the last.\n"
            s += "let advance = CAKeyframeAnimation(keyPath: \"transform.rotation.z\")\n"
            s += "advance.calculationMode = .discrete\n"
            s += "advance.values = [0, \(angleCode(model.advance, pi: "CGFloat.pi"))]\n"
            s += "advance.keyTimes = [0, 1, 1]\n"
            s += "advance.isAdditive = true\n"
            s += "advance.isCumulative = true\n"
            s += "advance.duration = \(number(model.period, 4))\n"
            s += "advance.repeatCount = .infinity\n"
            s += "ringLayer.add(advance, forKey: \"advance\")\n\n"
        }
        let kids = children(model)
        for c in kids {
            s += "let \(c.name) = CABasicAnimation(keyPath: \"\(c.keyPath)\")\n"
            s += "\(c.name).fromValue = \(number(c.piece.fromValue, 4))\n"
            s += "\(c.name).toValue = \(number(c.piece.toValue, 4))\n"
            if c.piece.beginTime != 0 { s += "\(c.name).beginTime = \(number(c.piece.beginTime, 4))\n" }
            s += "\(c.name).duration = \(number(c.piece.duration, 4))\n"
            switch c.piece.timing {
            case .hold: break
            case .custom(let a, let b, let cc, let d):
                s += "\(c.name).timingFunction = CAMediaTimingFunction(controlPoints: \(number(a, 3)), \(number(b, 3)), \(number(cc, 3)), \(number(d, 3)))\n"
            default:
                s += "\(c.name).timingFunction = CAMediaTimingFunction(name: .\(c.piece.timing.name ?? "linear"))\n"
            }
            s += "\n"
        }
        s += "let group = CAAnimationGroup()\n"
        s += "group.animations = [\(kids.map(\.name).joined(separator: ", "))]\n"
        s += "group.duration = \(number(model.period, 4))\n"
        s += "group.repeatCount = .infinity\n"
        s += "ringLayer.add(group, forKey: \"stroke\")\n"
        return s
    }

    static func objc(_ model: InferredAnimation, source: String) -> String {
        let l = LayerLayout(model)
        let (r, g, b) = rgb(model.appearance.strokeColor)
        let cap = ["butt": "kCALineCapButt", "round": "kCALineCapRound", "square": "kCALineCapSquare"][model.appearance.lineCap.rawValue] ?? "kCALineCapButt"
        var s = "// Inferred by `strokescope infer` from \(source).\n"
        s += "CAShapeLayer *ringLayer = [CAShapeLayer layer];\n"
        s += "ringLayer.frame = CGRectMake(\(number(l.frameX, 2)), \(number(l.frameY, 2)), \(number(l.side, 2)), \(number(l.side, 2)));\n"
        s += "ringLayer.path = [UIBezierPath bezierPathWithArcCenter:CGPointMake(\(number(l.side / 2, 2)), \(number(l.side / 2, 2))) radius:\(number(l.radius, 2))\n"
        s += "                                        startAngle:\(angleCode(l.startDegrees, pi: "M_PI")) endAngle:\(fullTurnCode(l.startDegrees, pi: "M_PI")) clockwise:YES].CGPath;\n"
        s += "ringLayer.fillColor = [UIColor clearColor].CGColor;\n"
        s += "ringLayer.strokeColor = [UIColor colorWithRed:\(number(r, 0)) / 255.0 green:\(number(g, 0)) / 255.0 blue:\(number(b, 0)) / 255.0 alpha:1].CGColor;\n"
        s += "ringLayer.lineWidth = \(number(l.lineWidth, 2));\n"
        s += "ringLayer.lineCap = \(cap);\n\n"
        if let turn = model.rotationPeriod {
            s += "CABasicAnimation *rotation = [CABasicAnimation animationWithKeyPath:@\"transform.rotation.z\"];\n"
            s += "rotation.fromValue = @0;\n"
            s += "rotation.toValue = @(\(model.rotationSpeed < 0 ? "-2" : "2") * M_PI);\n"
            s += "rotation.duration = \(number(turn, 4));\n"
            s += "rotation.repeatCount = HUGE_VALF;\n"
            s += "[ringLayer addAnimation:rotation forKey:@\"rotation\"];\n\n"
        }
        if model.advance != 0 {
            s += "// Each cycle starts \(number(model.advance, 2))° further round than the last.\n"
            s += "CAKeyframeAnimation *advance = [CAKeyframeAnimation animationWithKeyPath:@\"transform.rotation.z\"];\n"
            s += "advance.calculationMode = kCAAnimationDiscrete;\n"
            s += "advance.values = @[@0, @(\(angleCode(model.advance, pi: "M_PI")))];\n"
            s += "advance.keyTimes = @[@0, @1, @1];\n"
            s += "advance.additive = YES;\n"
            s += "advance.cumulative = YES;\n"
            s += "advance.duration = \(number(model.period, 4));\n"
            s += "advance.repeatCount = HUGE_VALF;\n"
            s += "[ringLayer addAnimation:advance forKey:@\"advance\"];\n\n"
        }
        let names = ["linear": "kCAMediaTimingFunctionLinear", "easeIn": "kCAMediaTimingFunctionEaseIn", "easeOut": "kCAMediaTimingFunctionEaseOut",
                     "easeInEaseOut": "kCAMediaTimingFunctionEaseInEaseOut", "default": "kCAMediaTimingFunctionDefault"]
        let kids = children(model)
        for c in kids {
            s += "CABasicAnimation *\(c.name) = [CABasicAnimation animationWithKeyPath:@\"\(c.keyPath)\"];\n"
            s += "\(c.name).fromValue = @\(number(c.piece.fromValue, 4));\n"
            s += "\(c.name).toValue = @\(number(c.piece.toValue, 4));\n"
            if c.piece.beginTime != 0 { s += "\(c.name).beginTime = \(number(c.piece.beginTime, 4));\n" }
            s += "\(c.name).duration = \(number(c.piece.duration, 4));\n"
            switch c.piece.timing {
            case .hold: break
            case .custom(let a, let b, let cc, let d):
                s += "\(c.name).timingFunction = [CAMediaTimingFunction functionWithControlPoints:\(number(a, 3)) :\(number(b, 3)) :\(number(cc, 3)) :\(number(d, 3))];\n"
            default:
                s += "\(c.name).timingFunction = [CAMediaTimingFunction functionWithName:\(names[c.piece.timing.name ?? "linear"] ?? "kCAMediaTimingFunctionLinear")];\n"
            }
            s += "\n"
        }
        s += "CAAnimationGroup *group = [CAAnimationGroup animation];\n"
        s += "group.animations = @[\(kids.map(\.name).joined(separator: ", "))];\n"
        s += "group.duration = \(number(model.period, 4));\n"
        s += "group.repeatCount = HUGE_VALF;\n"
        s += "[ringLayer addAnimation:group forKey:@\"stroke\"];\n"
        return s
    }
}
