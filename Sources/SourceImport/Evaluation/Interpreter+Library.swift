#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Class methods, initialisers and C functions of UIKit, Core Animation, Core Graphics, GCD.
extension Interpreter {
    func builtinConstructor(_ t: String, _ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) throws(Stop) -> Value? {
        let n0 = values.first?.number
        switch t {
        case "CGFloat", "Double", "Float", "CFTimeInterval", "TimeInterval", "Float32", "Float64":
            guard let n = n0 else { return values.first ?? .number(.zero) }
            if t == "Float", let c = n.constant { return .number(.constant(Double(Float(c)))) }
            return .number(n)
        case "Int", "Int32", "Int64", "UInt", "UInt32":
            guard let n = n0 else { return .unknown(t) }
            return .number(n.constant.map { .constant($0.rounded(.towardZero)) } ?? n)
        case "CGPoint", "NSPoint":
            if values.count == 2, let x = values[0].number, let y = values[1].number { return .point(x, y) }
            return .point(.zero, .zero)
        case "CGSize", "NSSize":
            if values.count == 2, let w = values[0].number, let h = values[1].number { return .size(w, h) }
            return .size(.zero, .zero)
        case "CGRect", "NSRect":
            if values.count == 4, let x = values[0].number, let y = values[1].number, let w = values[2].number, let h = values[3].number { return .rect(Rect(x: x, y: y, width: w, height: h)) }
            if values.count == 2, case .point(let x, let y) = values[0], case .size(let w, let h) = values[1] { return .rect(Rect(x: x, y: y, width: w, height: h)) }
            return .rect(.zero)
        case "UIColor", "NSColor", "CGColor":
            return .color(color(labels, values))
        case "UIBezierPath", "CGMutablePath", "NSBezierPath":
            return pathConstructor(t, labels, values, ctx, position)
        case "CAMediaTimingFunction":
            if labels.first == "name", let v = values.first { return .timingFunction(.named(timingName(v))) }
            if labels.first == "controlPoints" { return .timingFunction(.points(values.compactMap(\.number))) }
            return nil
        case "CABasicAnimation", "CAKeyframeAnimation", "CAAnimationGroup", "CASpringAnimation", "CAShapeLayer", "CALayer", "Timer", "CADisplayLink":
            let o = allocate(t)
            if labels.first == "keyPath", let k = values.first { o.fields["keyPath"] = k }
            if t == "CASpringAnimation" { warn(ctx, position, t, "CASpringAnimation is not in the model format (left out)") }
            if t == "CADisplayLink" { warn(ctx, position, t, "a CADisplayLink drives drawing frame by frame, which the model format cannot hold (left out)") }
            if t == "CAShapeLayer" || t == "CALayer" {
                if labels.first == "layer", case .object(let other)? = values.first { o.fields = other.fields }
            }
            return .object(o)
        case "DispatchTime":
            return .number(.zero)
        case "NSNumber", "NSValue":
            return values.first ?? .null
        case "UIEdgeInsets":
            let n = values.compactMap(\.number)
            return n.count == 4 ? .array(n.map { .number($0) }) : .array([.number(.zero), .number(.zero), .number(.zero), .number(.zero)])
        default:
            return nil
        }
    }

    func builtinStatic(_ t: String, _ name: String, _ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        switch t {
        case "CAShapeLayer", "CALayer", "CAAnimationGroup", "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation":
            if ["layer", "animation", "animationWithKeyPath", "new"].contains(name) {
                let o = allocate(t)
                if name == "animationWithKeyPath", let k = values.first { o.fields["keyPath"] = k }
                return .object(o)
            }
        case "UIBezierPath", "NSBezierPath":
            if let p = pathConstructor(name, [nil] + labels.dropFirst(), values, ctx, position) { return p }
        case "UIColor", "NSColor":
            if let c = Colors.named(name), values.isEmpty { return .color(c) }
            return .color(color([name] + labels.dropFirst(), values))
        case "CAMediaTimingFunction":
            if name == "functionWithName", let v = values.first { return .timingFunction(.named(timingName(v))) }
            if name == "functionWithControlPoints" { return .timingFunction(.points(values.compactMap(\.number))) }
        case "CATransaction":
            switch name {
            case "begin": currentTransactionAnimations = []; transactionCompletion = []; actionsDisabled = false; transactionDuration = nil
            case "setDisableActions", "disableActions":
                actionsDisabled = values.first?.isTruthy ?? true
            case "setAnimationDuration", "animationDuration":
                transactionDuration = values.first?.number
            case "setCompletionBlock":
                if case .closure(let c)? = values.first { transactionCompletion.append(c) }
            case "commit":
                try commitTransaction(ctx)
                actionsDisabled = false
                transactionDuration = nil
            default: break
            }
            return .null
        case "UIView":
            if name.hasPrefix("animate") || name == "transition" || name == "performWithoutAnimation" {
                return try viewAnimation(labels, values, ctx, position)
            }
        case "Timer", "NSTimer":
            if name.hasPrefix("scheduledTimer") || name.hasPrefix("timerWith") { return try timer(labels, values, ctx, position) }
        case "NSNumber":
            if name.hasPrefix("numberWith"), let v = values.first {
                if name == "numberWithFloat", let c = v.number?.constant { return .number(.constant(Double(Float(c)))) }
                return v
            }
        case "DispatchQueue":
            return .named(name)
        case "CGFloat", "Double", "Float", "Swift":
            if let v = builtinFunction(name == "minimum" ? "min" : name == "maximum" ? "max" : name, labels, values, ctx, position) { return v }
        case "UIApplication":
            if name == "sharedApplication" || name == "shared" { return .type("UIApplication") }
            return .named(name)
        case "NSNotificationCenter", "NotificationCenter", "UIDevice":
            return .named(name)
        default: break
        }
        if let c = Colors.named(name), t == "UIColor" { return .color(c) }
        return .unknown("\(t).\(name)")
    }

    /// Methods on values that are not objects: `DispatchQueue.main.asyncAfter`, colours, numbers.
    func builtinValueMethod(_ receiver: Value, _ name: String, _ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        switch (receiver, name) {
        case (.named, "asyncAfter"), (.named, "async"), (.named, "sync"):
            let delay = name == "asyncAfter" ? values.first?.number ?? .zero : .zero
            if case .closure(let c)? = values.last { scheduleClosure(c, after: delay) }
            return .null
        case (.color, "withAlphaComponent"), (.color, "colorWithAlphaComponent"), (.color, "copy"), (.color, "CGColor"), (.color, "cgColor"),
             (.named, "CGColor"), (.named, "cgColor"):
            return receiver
        case (.number(let n), "floatValue"), (.number(let n), "doubleValue"), (.number(let n), "CGFloatValue"):
            return .number(n)
        case (.array(let a), "forEach"):
            if case .closure(let c)? = values.first { for item in a.prefix(Self.loopLimit) { _ = try run(c, [item]) } }
            return .null
        case (.array(let a), "objectAtIndex"), (.array(let a), "objectAtIndexedSubscript"):
            if let k = values.first?.number?.constant, k >= 0, Int(k) < a.count { return a[Int(k)] }
            return .null
        case (.array(let a), "map"):
            if case .closure(let c)? = values.first { var out: [Value] = []; for item in a.prefix(Self.loopLimit) { out.append(try run(c, [item])) }; return .array(out) }
        case (.array(let a), "enumerated"):
            return .array(a.enumerated().map { .array([.number(.constant(Double($0.offset))), $0.element]) })
        case (.array(let a), "reversed"):
            return .array(a.reversed())
        case (.anchor(let view, let kind), "constraint"):
            try constrain(view, kind, labels, values, ctx, position)
            return .null
        case (_, "copy"), (_, "retain"), (_, "autorelease"):
            return receiver
        default: break
        }
        return .unknown(name)
    }

    /// C functions and Swift free functions of the frameworks.
    func builtinFunction(_ n: String, _ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) -> Value? {
        let nums = values.compactMap(\.number)
        func all(_ k: Int) -> Bool { nums.count == values.count && nums.count >= k }
        switch n {
        case "CGRectMake": if all(4) { return .rect(Rect(x: nums[0], y: nums[1], width: nums[2], height: nums[3])) }
        case "CGPointMake": if all(2) { return .point(nums[0], nums[1]) }
        case "CGSizeMake": if all(2) { return .size(nums[0], nums[1]) }
        case "MIN", "min", "fmin", "fminf": if all(2) { return .number(nums.dropFirst().reduce(nums[0]) { Symbolic.min($0, $1) }) }
        case "MAX", "max", "fmax", "fmaxf": if all(2) { return .number(nums.dropFirst().reduce(nums[0]) { Symbolic.max($0, $1) }) }
        case "CGRectGetWidth", "CGRectGetHeight", "CGRectGetMidX", "CGRectGetMidY", "CGRectGetMinX", "CGRectGetMinY", "CGRectGetMaxX", "CGRectGetMaxY":
            guard case .rect(let r)? = values.first else { return nil }
            let part = String(n.dropFirst("CGRectGet".count))
            let key = part == "Width" ? "width" : part == "Height" ? "height" : part.prefix(1).lowercased() + part.dropFirst()
            return (try? member(.rect(r), key, ctx, position)) ?? nil
        case "UIEdgeInsetsMake":
            if all(4) { return .array(nums.map { .number($0) }) }
        case "UIEdgeInsetsInsetRect", "inset":
            guard case .rect(let r)? = values.first, values.count == 2, case .array(let e) = values[1], e.count == 4,
                  let t = e[0].number, let l = e[1].number, let b = e[2].number, let rt = e[3].number else { return nil }
            return .rect(Rect(x: r.x + l, y: r.y + t, width: r.width - l - rt, height: r.height - t - b))
        case "CGRectInset", "insetBy":
            guard case .rect(let r)? = values.first, values.count == 3, let dx = values[1].number, let dy = values[2].number else { return nil }
            return .rect(Rect(x: r.x + dx, y: r.y + dy, width: r.width - dx * .constant(2), height: r.height - dy * .constant(2)))
        case "milliseconds", "seconds", "microseconds", "nanoseconds":
            // `DispatchTimeInterval`: `.now() + .milliseconds(300)`.
            guard values.count == 1, let amount = nums.first else { return nil }
            let scale: Double = ["milliseconds": 1e-3, "seconds": 1, "microseconds": 1e-6, "nanoseconds": 1e-9][n] ?? 1
            return .number(amount * .constant(scale))
        case "CACurrentMediaTime", "now":
            if values.isEmpty { return .number(n == "now" ? .zero : .now) }
        case "dispatch_time":
            if values.count == 2 { return .number(values[1].number.map { $0 / .constant(1e9) } ?? .zero) }
        case "dispatch_get_main_queue", "dispatch_get_global_queue": return .named("main")
        case "dispatch_after":
            if values.count == 3, case .closure(let c) = values[2] { scheduleClosure(c, after: values[0].number ?? .zero) }
            return .null
        case "dispatch_async":
            if values.count == 2, case .closure(let c) = values[1] { scheduleClosure(c, after: .zero) }
            return .null
        case "sqrt", "sqrtf", "sin", "sinf", "cos", "cosf", "tan", "atan", "atan2", "fabs", "fabsf", "abs", "floor", "floorf", "ceil", "ceilf", "round", "roundf", "pow", "powf":
            guard all(1), let x = nums[0].constant else { return .unknown(n) }
            let y = nums.count > 1 ? nums[1].constant ?? 0 : 0
            let r: Double
            switch n.hasSuffix("f") && n != "fabs" && n != "fabsf" ? String(n.dropLast()) : n {
            case "sqrt": r = x.squareRoot()
            case "sin": r = sin(x)
            case "cos": r = cos(x)
            case "tan": r = tan(x)
            case "atan": r = atan(x)
            case "atan2": r = atan2(x, y)
            case "fabs", "fabsf", "abs": r = Swift.abs(x)
            case "floor": r = x.rounded(.down)
            case "ceil": r = x.rounded(.up)
            case "round": r = x.rounded()
            case "pow": r = pow(x, y)
            default: return nil
            }
            return .number(.constant(r))
        case "CGAffineTransformMakeScale", "CGAffineTransformMakeRotation", "CATransform3DMakeScale", "CATransform3DMakeRotation", "CGAffineTransform", "CATransform3DIdentity":
            return .unknown(n)
        case "CGPathCreateMutable": return pathConstructor("CGPathCreateMutable", [], [], ctx, position)
        case "CGPathAddArc":
            // CGPathAddArc(path, transform, x, y, r, start, end, clockwise): flipped coordinates.
            if values.count == 8, case .object(let p) = values[0], let x = values[2].number, let y = values[3].number, let r = values[4].number, let a = values[5].number, let b = values[6].number {
                p.elements.append(.arc(center: (x, y), radius: r, start: a, end: b, clockwise: !(values[7].isTruthy ?? false)))
            }
            return .null
        case "CGPathMoveToPoint":
            if values.count == 4, case .object(let p) = values[0], let x = values[2].number, let y = values[3].number { p.elements.append(.move(x, y)) }
            return .null
        case "CGPathAddLineToPoint":
            if values.count == 4, case .object(let p) = values[0], let x = values[2].number, let y = values[3].number { p.elements.append(.line(x, y)) }
            return .null
        case "CGPathCloseSubpath":
            if case .object(let p)? = values.first { p.elements.append(.close) }
            return .null
        case "CGPathRelease", "CGColorRelease", "NSLog", "print", "debugPrint", "assert", "precondition", "NSAssert": return .null
        case "UIColorFromRGB", "UIColorFromHex", "HEXCOLOR", "colorFromHex":
            if let v = nums.first?.constant { return .color(hexColor(Int(v))) }
        case "RGB", "RGBA", "RGBCOLOR", "RGBACOLOR", "UIColorFromRGBA":
            if nums.count >= 3, let r = nums[0].constant, let g = nums[1].constant, let b = nums[2].constant {
                let a = nums.count > 3 ? nums[3].constant ?? 1 : 1
                return .color(Colors.hex(red: r / 255, green: g / 255, blue: b / 255, alpha: a))
            }
        case "#colorLiteral":
            return .color(color(["red"] + labels.dropFirst(), values))
        case "NSStringFromSelector": return values.first.map { if case .selector(let s) = $0 { return .string(s) }; return $0 }
        default: break
        }
        return nil
    }

    func hexColor(_ v: Int) -> String {
        Colors.hex(red: Double((v >> 16) & 0xFF) / 255, green: Double((v >> 8) & 0xFF) / 255, blue: Double(v & 0xFF) / 255)
    }

    /// `UIColor(red:green:blue:alpha:)`, `colorWithRed:green:blue:alpha:`, `white:alpha:`, hue-based.
    func color(_ labels: [String?], _ values: [Value]) -> String? {
        let nums = values.compactMap { $0.number?.constant }
        let first = labels.first.flatMap { $0 } ?? ""
        if (first == "red" || first == "colorWithRed" || first == "displayP3Red" || first == "colorWithDisplayP3Red"), nums.count >= 3 {
            return Colors.hex(red: nums[0], green: nums[1], blue: nums[2], alpha: nums.count > 3 ? nums[3] : 1)
        }
        if (first == "white" || first == "colorWithWhite"), nums.count >= 1 {
            return Colors.hex(red: nums[0], green: nums[0], blue: nums[0], alpha: nums.count > 1 ? nums[1] : 1)
        }
        if first == "cgColor" || first == "CGColor", case .color(let c)? = values.first { return c }
        return nil
    }

    func timingName(_ v: Value) -> String {
        switch v {
        case .named(let n): return n == "default" ? "default" : n
        case .string(let s): return s.hasPrefix("kCAMediaTimingFunction") ? String(s.dropFirst(22)).prefix(1).lowercased() + s.dropFirst(23) : s
        default: return "default"
        }
    }

    func scheduleClosure(_ c: Closure, after delay: Symbolic) {
        let at = now + delay
        schedule(at: at) { (me: Interpreter) throws(Stop) in _ = try me.run(c, []) }
    }

    /// `UIView.animate(withDuration:animations:completion:)`: UIKit animation is not a layer
    /// animation; the end state is applied at once and the completion runs after the duration.
    private func viewAnimation(_ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        warn(ctx, position, "UIView.animate", "UIKit view animations (frames, alpha, transforms) are not in the model format: their end state is applied at once")
        let duration = values.first?.number ?? .zero
        var delay: Symbolic = .zero
        if let k = labels.firstIndex(of: "delay"), k < values.count { delay = values[k].number ?? .zero }
        var closures: [Closure] = []
        for v in values { if case .closure(let c) = v { closures.append(c) } }
        if let animations = closures.first { _ = try run(animations, []) }
        if closures.count > 1 {
            let completion = closures[closures.count - 1]
            schedule(at: now + delay + duration) { (me: Interpreter) throws(Stop) in _ = try me.run(completion, [.bool(true)]) }
        }
        return .null
    }

    /// `Timer.scheduledTimer(withTimeInterval:repeats:block:)`, `scheduledTimerWithTimeInterval:target:selector:userInfo:repeats:`.
    private func timer(_ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) throws(Stop) -> Value {
        let t = newObject("Timer", .timer)
        guard let interval = values.first?.number, let seconds = interval.constant, seconds > 0 else {
            warn(ctx, position, "Timer", "a timer whose interval the code does not fix is not followed")
            return .object(t)
        }
        let repeats = labels.firstIndex(of: "repeats").map { values[$0].isTruthy ?? false } ?? false
        var action: (Interpreter) throws(Stop) -> Void = { _ in }
        if let k = labels.firstIndex(of: "block"), case .closure(let c) = values[k] {
            action = { (me: Interpreter) throws(Stop) in _ = try me.run(c, [.object(t)]) }
        } else if let k = labels.firstIndex(of: "selector"), case .selector(let s) = values[k], let tk = labels.firstIndex(of: "target"), case .object(let target) = values[tk] {
            action = { (me: Interpreter) throws(Stop) in
                if let (f, owner) = me.program.method(s, labels: [nil], in: target.className, isStatic: false) ?? me.program.method(s, labels: [], in: target.className, isStatic: false) {
                    _ = try me.invoke(f, owner: owner, on: target, arguments: [.object(t)], Context(scope: Scope(parent: nil), selfObject: target, className: owner, file: f.file), f.position)
                }
            }
        } else if case .closure(let c)? = values.last {
            action = { (me: Interpreter) throws(Stop) in _ = try me.run(c, [.object(t)]) }
        }
        let start = now
        // A repeating timer fires until it is invalidated (bounded: 2,000 firings or 120 s).
        let limit = repeats ? min(2_000, Int(120 / seconds)) : 1
        func fire(_ k: Int) {
            schedule(at: start + .constant(seconds * Double(k))) { (me: Interpreter) throws(Stop) in
                if t.fields["\u{0}invalid"] != nil { return }
                try action(me)
                if k < limit, t.fields["\u{0}invalid"] == nil { fire(k + 1) }
            }
        }
        fire(1)
        note("a timer every \(Symbolic.format(seconds)) s is followed by running its code at each firing")
        return .object(t)
    }

    /// `CATransaction.commit()`: a completion block runs when the transaction's animations end.
    func commitTransaction(_ ctx: Context) throws(Stop) {
        guard !transactionCompletion.isEmpty else { return }
        let ends = currentTransactionAnimations.map { animationEnd($0.1) }
        var at: Symbolic
        if ends.isEmpty { at = now }
        else if ends.allSatisfy({ $0 != nil }) { at = now + ends.map { $0! }.reduce(Symbolic.zero) { Symbolic.max($0, $1) } }
        else { return }
        for c in transactionCompletion { scheduleClosure(c, after: at - now) }
        transactionCompletion = []
        currentTransactionAnimations = []
    }
}

extension Interpreter {
    /// Auto Layout, as far as sizes and centres go: `widthAnchor.constraint(equalToConstant: 100)`,
    /// `centerXAnchor.constraint(equalTo: view.centerXAnchor)`.
    func constrain(_ view: Object, _ kind: String, _ labels: [String?], _ values: [Value], _ ctx: Context, _ position: Position) throws(Stop) {
        var f = view.frameRect ?? .zero
        if labels.first == "equalToConstant", let c = values.first?.number {
            if kind == "widthAnchor" { f.width = c } else if kind == "heightAnchor" { f.height = c } else { return }
        } else if labels.first == "equalTo", case .anchor(let other, let otherKind)? = values.first {
            let constant = labels.firstIndex(of: "constant").flatMap { values[$0].number } ?? .zero
            let o = other === view.superview ? Rect(x: .zero, y: .zero, width: (other.frameRect ?? .zero).width, height: (other.frameRect ?? .zero).height) : (other.frameRect ?? .zero)
            switch (kind, otherKind) {
            case ("centerXAnchor", "centerXAnchor"): f.x = o.x + o.width / .constant(2) - f.width / .constant(2) + constant
            case ("centerYAnchor", "centerYAnchor"): f.y = o.y + o.height / .constant(2) - f.height / .constant(2) + constant
            case ("widthAnchor", "widthAnchor"): f.width = o.width + constant
            case ("heightAnchor", "heightAnchor"): f.height = o.height + constant
            case ("widthAnchor", "heightAnchor"): f.width = (view.frameRect ?? .zero).height
            case ("heightAnchor", "widthAnchor"): f.height = (view.frameRect ?? .zero).width
            default: return
            }
        } else {
            return
        }
        try builtinSet(view, "frame", .rect(f), ctx, position)
    }
}
