/// What an expression evaluates to during the symbolic run.
enum Value {
    case number(Symbolic)
    case bool(Bool)
    case string(String)
    case null
    /// Something the run cannot know (a value from outside the code); the text says what.
    case unknown(String)
    case point(Symbolic, Symbolic)
    case size(Symbolic, Symbolic)
    case rect(Rect)
    /// `#RRGGBB` / `#RRGGBBAA`, or nil when the colour cannot be told.
    case color(String?)
    case object(Object)
    case array([Value])
    case dictionary([(Value, Value)])
    case closure(Closure)
    /// A type used as a value: `CAShapeLayer`, `UIColor`, a user class.
    case type(String)
    /// A named constant not yet given a meaning: `.easeInEaseOut`, `.round`, `.zero`, an enum case.
    case named(String)
    /// A method named by `@selector`/`#selector`, or a method reference.
    case selector(String)
    /// A `CAMediaTimingFunction`: a name or control points.
    case timingFunction(TimingFunctionValue)
    /// A view's Auto Layout anchor (`widthAnchor`, `centerXAnchor`, …).
    case anchor(Object, String)

    var number: Symbolic? {
        switch self {
        case .number(let s): return s
        case .bool(let b): return .constant(b ? 1 : 0)
        case .named(let n): return Self.namedNumbers[n].map { .constant($0) }
        default: return nil
        }
    }

    /// Swift's `.pi`, `.infinity`, … where a number is expected.
    static let namedNumbers: [String: Double] = [
        "pi": Double.pi, "infinity": Double.infinity, "greatestFiniteMagnitude": Double(Float.greatestFiniteMagnitude),
        "zero": 0, "leastNormalMagnitude": Double(Float.leastNormalMagnitude), "ulpOfOne": Double(Float.ulpOfOne),
    ]

    var isTruthy: Bool? {
        switch self {
        case .bool(let b): return b
        case .number(let s): return s.constant.map { $0 != 0 }
        case .null: return false
        case .object, .closure, .string, .array, .color, .rect, .point, .size, .type, .timingFunction, .selector, .anchor: return true
        case .unknown, .named, .dictionary: return nil
        }
    }
}

/// A rectangle `[x, y, w, h]` in points.
struct Rect {
    var x: Symbolic, y: Symbolic, width: Symbolic, height: Symbolic
    static let zero = Rect(x: .zero, y: .zero, width: .zero, height: .zero)
}

/// A timing function by name (`easeInEaseOut`) or control points.
enum TimingFunctionValue {
    case named(String)
    case points([Symbolic])
}

/// A closure or block with the variables it captured.
struct Closure {
    var parameters: [String]
    var body: [Stmt]
    var scope: Scope
    var file: String
    /// The `self` of the code that created it.
    var selfObject: Object? = nil
    var className: String? = nil
}

/// A reference-type instance: a view, a layer, an animation, a path, a user class's object.
final class Object {
    enum Kind: Equatable {
        case user, view, layer, shapeLayer, basicAnimation, keyframeAnimation, springAnimation, animationGroup, path, timer, other
    }

    let id: Int
    /// The class written in the code (a user class, or the builtin one).
    var className: String
    var kind: Kind
    var fields: [String: Value] = [:]
    /// Layers: where their sublayers are.
    var sublayers: [Object] = []
    weak var superlayer: Object?
    /// Views: their subviews (their layers are the views' layers' sublayers).
    var subviews: [Object] = []
    weak var superview: Object?
    /// Paths: the elements added so far.
    var elements: [PathElementValue] = []
    /// Layers: animations added, in order.
    var added: [AddedAnimation] = []
    /// Layers: model-value changes with the moment they happened.
    var writes: [(time: Symbolic, property: String, value: Symbolic)] = []
    var addedAt: Symbolic?
    var removedAt: Symbolic?
    /// Where the object was created (for names and messages).
    var origin: String = ""
    /// Views and layers created by the run in setup: laid out after each scene.
    var needsLayout = true

    init(id: Int, className: String, kind: Kind) {
        self.id = id; self.className = className; self.kind = kind
    }

    var isLayer: Bool { kind == .layer || kind == .shapeLayer }
    var isAnimation: Bool { kind == .basicAnimation || kind == .keyframeAnimation || kind == .animationGroup || kind == .springAnimation }
}

/// One element of a path, with symbolic coordinates.
enum PathElementValue {
    case move(Symbolic, Symbolic)
    case line(Symbolic, Symbolic)
    case arc(center: (Symbolic, Symbolic), radius: Symbolic, start: Symbolic, end: Symbolic, clockwise: Bool)
    case curve(to: (Symbolic, Symbolic), c1: (Symbolic, Symbolic), c2: (Symbolic, Symbolic))
    case quad(to: (Symbolic, Symbolic), c: (Symbolic, Symbolic))
    case close
    /// `oval` as `UIBezierPath(ovalIn:)` builds it (only as a path's only element).
    case oval(Rect)
}

/// An animation as it was when added (Core Animation copies it), the key and the moment; or,
/// without a snapshot, the removal of the animation under `key` (of all, when `key` is nil).
struct AddedAnimation {
    var snapshot: AnimationSnapshot?
    var key: String?
    var time: Symbolic
    /// Where the code added (or removed) it.
    var file: String
    var line: Int
}

/// The properties of an animation object, frozen.
struct AnimationSnapshot {
    var kind: Object.Kind
    var fields: [String: Value]
    var children: [AnimationSnapshot]
}

/// Variables of one function activation (and the closures created in it).
final class Scope {
    var values: [String: Value] = [:]
    let parent: Scope?
    init(parent: Scope?) { self.parent = parent }

    func lookup(_ name: String) -> Value? {
        var s: Scope? = self
        while let c = s {
            if let v = c.values[name] { return v }
            s = c.parent
        }
        return nil
    }

    /// Assigns where the name lives, or here when it is new.
    func assign(_ name: String, _ value: Value) {
        var s: Scope? = self
        while let c = s {
            if c.values[name] != nil { c.values[name] = value; return }
            s = c.parent
        }
        values[name] = value
    }
}
