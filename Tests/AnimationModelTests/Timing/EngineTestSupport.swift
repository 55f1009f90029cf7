import AnimationModel

// Shorthands for building models in code (the loader is tested separately).

let unitArc = PathExpression.arc(ArcExpression(center: .init(50, 50), radius: 20, startAngle: .number(-Double.pi / 2),
                                               endAngle: .number(3 * Double.pi / 2), clockwise: true))

/// A layer whose local clock equals model time (timeOffset cancels the 10000 s clock origin),
/// so begin times in the examples can be used literally. `clock` shifts it: layer time =
/// model time + clock.
func layer(_ animations: [AnimationSpec], clock: Double = 0, strokeStart: Double = 0, strokeEnd: Double = 1) -> LayerSpec {
    LayerSpec(name: "ring", path: unitArc, strokeStart: .number(strokeStart), strokeEnd: .number(strokeEnd),
              timeOffset: .number(clock - 10_000), animations: animations)
}

func timing(begin: Double = 0, duration: Double, speed: Double = 1, offset: Double = 0, repeatCount: Double = 0,
            repeatDuration: Double = 0, autoreverses: Bool = false, fill: FillMode = .removed,
            removedOnCompletion: Bool = true, function: TimingFunctionSpec? = nil) -> TimingSpec {
    var t = TimingSpec()
    t.beginTime = .number(begin)
    t.duration = .number(duration)
    t.speed = .number(speed)
    t.timeOffset = .number(offset)
    t.repeatCount = .number(repeatCount)
    t.repeatDuration = .number(repeatDuration)
    t.autoreverses = autoreverses
    t.fillMode = fill
    t.removedOnCompletion = removedOnCompletion
    t.timingFunction = function
    return t
}

func basic(_ keyPath: KeyPath, from: Double? = nil, to: Double? = nil, by: Double? = nil, _ timing: TimingSpec,
           additive: Bool = false, cumulative: Bool = false, key: String? = nil, addedAt: Double? = nil) -> AnimationSpec {
    AnimationSpec(kind: .basic(BasicValues(fromValue: from.map(ModelExpression.number), toValue: to.map(ModelExpression.number),
                                           byValue: by.map(ModelExpression.number))),
                  keyPath: keyPath, timing: timing, additive: additive, cumulative: cumulative,
                  addedAt: addedAt.map(ModelExpression.number), key: key)
}

func group(_ children: [AnimationSpec], _ timing: TimingSpec, key: String? = nil) -> AnimationSpec {
    AnimationSpec(kind: .group(children), keyPath: nil, timing: timing, key: key)
}

func resolve(_ layers: [LayerSpec], events: [EventSpec] = [], variables: [Variable] = []) throws -> ResolvedModel {
    try ModelDocument(name: "test", variables: variables, layers: layers, events: events).resolve()
}

func values(_ model: ResolvedModel, at t: Double) -> LayerValues { model.layers[0].values(at: t) }
