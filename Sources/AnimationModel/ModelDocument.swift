@_exported import enum StrokeGeometry.LineCap
@_exported import enum StrokeGeometry.LineJoin

/// A `strokescope-model/1` file as written: layers, their paths and animations, and events,
/// with every number still a `ModelExpression` (so variables can be re-bound by the fit).
///
/// See MODEL-FORMAT.md for the meaning of every field; names follow Core Animation's.
public struct ModelDocument: Sendable, Equatable {
    public var name: String
    /// Free text: where the model comes from.
    public var comment: String?
    public var variables: [Variable]
    public var layers: [LayerSpec]
    public var events: [EventSpec]

    public init(name: String, comment: String? = nil, variables: [Variable] = [], layers: [LayerSpec], events: [EventSpec] = []) {
        self.name = name
        self.comment = comment
        self.variables = variables
        self.layers = layers
        self.events = events
    }
}

/// A named number; with `fit`, a free parameter the fit may estimate inside that range.
public struct Variable: Sendable, Equatable {
    public var name: String
    public var value: ModelExpression
    /// Inclusive range for fitting, in the variable's own unit (seconds for times).
    public var fit: ClosedRange<Double>?

    public init(name: String, value: ModelExpression, fit: ClosedRange<Double>? = nil) {
        self.name = name
        self.value = value
        self.fit = fit
    }
}

/// A point or size pair of expressions.
public struct ExpressionPoint: Sendable, Equatable {
    public var x: ModelExpression
    public var y: ModelExpression
    public init(_ x: ModelExpression, _ y: ModelExpression) { self.x = x; self.y = y }
}

/// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`, angles in radians
/// (0 = 3 o'clock, pi/2 = 6 o'clock), `clockwise` on screen.
public struct ArcExpression: Sendable, Equatable {
    public var center: ExpressionPoint
    public var radius: ModelExpression
    public var startAngle: ModelExpression
    public var endAngle: ModelExpression
    public var clockwise: Bool
    public init(center: ExpressionPoint, radius: ModelExpression, startAngle: ModelExpression, endAngle: ModelExpression, clockwise: Bool) {
        self.center = center; self.radius = radius; self.startAngle = startAngle; self.endAngle = endAngle; self.clockwise = clockwise
    }
}

/// A layer's path as written in the model file.
public enum PathExpression: Sendable, Equatable {
    case arc(ArcExpression)
    /// `UIBezierPath(ovalIn:)`: x, y, width, height.
    case oval(x: ModelExpression, y: ModelExpression, width: ModelExpression, height: ModelExpression)
    case elements([PathElementExpression])
}

public enum PathElementExpression: Sendable, Equatable {
    case move(ExpressionPoint)
    case line(ExpressionPoint)
    /// Adds a line from the current point to the arc's start, as `addArc` does.
    case arc(ArcExpression)
    case curve(to: ExpressionPoint, c1: ExpressionPoint, c2: ExpressionPoint)
    case quad(to: ExpressionPoint, c: ExpressionPoint)
    case close
}

/// One `CAShapeLayer`.
public struct LayerSpec: Sendable, Equatable {
    public var name: String
    public var path: PathExpression
    public var lineWidth: ModelExpression
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// `#RRGGBB` (or `#RRGGBBAA`) as written; nil when absent.
    public var strokeColor: String?
    /// Model values, shown whenever no animation contributes.
    public var strokeStart: ModelExpression
    public var strokeEnd: ModelExpression
    /// The layer's frame `[x, y, w, h]` in its superlayer; nil = never given a frame
    /// (origin (0, 0), zero size, rotation pivot at (0, 0)).
    public var frame: (x: ModelExpression, y: ModelExpression, width: ModelExpression, height: ModelExpression)?
    /// Model times of being added to and removed from the screen (`removedAt` nil = never).
    public var addedAt: ModelExpression
    public var removedAt: ModelExpression?
    /// The layer's own timing.
    public var speed: ModelExpression
    public var timeOffset: ModelExpression
    public var beginTime: ModelExpression
    public var animations: [AnimationSpec]

    public init(name: String, path: PathExpression, lineWidth: ModelExpression = .number(1), lineCap: LineCap = .butt,
                lineJoin: LineJoin = .miter, strokeColor: String? = nil, strokeStart: ModelExpression = .number(0),
                strokeEnd: ModelExpression = .number(1),
                frame: (x: ModelExpression, y: ModelExpression, width: ModelExpression, height: ModelExpression)? = nil,
                addedAt: ModelExpression = .number(0), removedAt: ModelExpression? = nil, speed: ModelExpression = .number(1),
                timeOffset: ModelExpression = .number(0), beginTime: ModelExpression = .number(0), animations: [AnimationSpec] = []) {
        self.name = name; self.path = path; self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.strokeColor = strokeColor; self.strokeStart = strokeStart; self.strokeEnd = strokeEnd; self.frame = frame
        self.addedAt = addedAt; self.removedAt = removedAt; self.speed = speed; self.timeOffset = timeOffset
        self.beginTime = beginTime; self.animations = animations
    }

    public static func == (a: LayerSpec, b: LayerSpec) -> Bool {
        a.name == b.name && a.path == b.path && a.lineWidth == b.lineWidth && a.lineCap == b.lineCap
            && a.lineJoin == b.lineJoin && a.strokeColor == b.strokeColor && a.strokeStart == b.strokeStart
            && a.strokeEnd == b.strokeEnd && a.frame?.x == b.frame?.x && a.frame?.y == b.frame?.y
            && a.frame?.width == b.frame?.width && a.frame?.height == b.frame?.height && a.addedAt == b.addedAt
            && a.removedAt == b.removedAt && a.speed == b.speed && a.timeOffset == b.timeOffset
            && a.beginTime == b.beginTime && a.animations == b.animations
    }
}

/// The animatable properties a model may animate.
public enum KeyPath: String, Sendable, Equatable, CaseIterable {
    case strokeStart
    case strokeEnd
    /// `transform.rotation.z` (alias `transform.rotation`), radians, positive = clockwise on screen.
    case rotation = "transform.rotation.z"
}

public enum FillMode: String, Sendable, Equatable, CaseIterable { case removed, forwards, backwards, both }

/// A `CAMediaTimingFunction`: a named curve or four control points.
public enum TimingFunctionSpec: Sendable, Equatable {
    case linear, easeIn, easeOut, easeInEaseOut, `default`
    case controlPoints(ModelExpression, ModelExpression, ModelExpression, ModelExpression)
}

/// The CAMediaTiming properties every animation has.
public struct TimingSpec: Sendable, Equatable {
    public var beginTime: ModelExpression = .number(0)
    public var duration: ModelExpression = .number(0)
    public var speed: ModelExpression = .number(1)
    public var timeOffset: ModelExpression = .number(0)
    public var repeatCount: ModelExpression = .number(0)
    public var repeatDuration: ModelExpression = .number(0)
    public var autoreverses = false
    public var fillMode: FillMode = .removed
    public var removedOnCompletion = true
    /// nil = linear pacing (exactly the identity), which is not the same as `.linear`.
    public var timingFunction: TimingFunctionSpec?
    public init() {}
}

public enum CalculationMode: String, Sendable, Equatable, CaseIterable { case linear, discrete, paced, cubic }

/// `CABasicAnimation`'s value keys (at most two non-nil).
public struct BasicValues: Sendable, Equatable {
    public var fromValue: ModelExpression?
    public var toValue: ModelExpression?
    public var byValue: ModelExpression?
    public init(fromValue: ModelExpression? = nil, toValue: ModelExpression? = nil, byValue: ModelExpression? = nil) {
        self.fromValue = fromValue; self.toValue = toValue; self.byValue = byValue
    }
}

/// `CAKeyframeAnimation`'s value keys.
public struct KeyframeValues: Sendable, Equatable {
    public var values: [ModelExpression]
    public var keyTimes: [ModelExpression]?
    public var timingFunctions: [TimingFunctionSpec]?
    public var calculationMode: CalculationMode
    public init(values: [ModelExpression], keyTimes: [ModelExpression]? = nil, timingFunctions: [TimingFunctionSpec]? = nil,
                calculationMode: CalculationMode = .linear) {
        self.values = values; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions; self.calculationMode = calculationMode
    }
}

/// One animation as written: basic, keyframe or group, with its timing.
public struct AnimationSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case basic(BasicValues)
        case keyframe(KeyframeValues)
        case group([AnimationSpec])
    }

    public var kind: Kind
    /// nil only for groups.
    public var keyPath: KeyPath?
    public var timing: TimingSpec
    public var additive: Bool
    public var cumulative: Bool
    /// Model time it was added; nil = the layer's `addedAt` (top-level animations only).
    public var addedAt: ModelExpression?
    /// The key it was added under; a later animation with the same key replaces it.
    public var key: String?

    public init(kind: Kind, keyPath: KeyPath?, timing: TimingSpec = TimingSpec(), additive: Bool = false,
                cumulative: Bool = false, addedAt: ModelExpression? = nil, key: String? = nil) {
        self.kind = kind; self.keyPath = keyPath; self.timing = timing; self.additive = additive
        self.cumulative = cumulative; self.addedAt = addedAt; self.key = key
    }
}

/// A property an event may set.
public enum EventProperty: String, Sendable, Equatable, CaseIterable {
    case speed, timeOffset, beginTime, strokeStart, strokeEnd
}

/// A change to a layer's timing or model values at a model time.
public struct EventSpec: Sendable, Equatable {
    public var at: ModelExpression
    public var layer: String
    /// Applied in this order; values may use `now` (the layer clock before this event's changes).
    public var set: [(EventProperty, ModelExpression)]

    public init(at: ModelExpression, layer: String, set: [(EventProperty, ModelExpression)]) {
        self.at = at; self.layer = layer; self.set = set
    }

    public static func == (a: EventSpec, b: EventSpec) -> Bool {
        a.at == b.at && a.layer == b.layer && a.set.count == b.set.count
            && zip(a.set, b.set).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}
