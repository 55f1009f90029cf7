import AnimationModel
import Testing

@Suite("Valid models: what the loader builds")
struct ValidModelTests {
    typealias M = SampleModel

    func load(_ json: String) throws -> ModelDocument {
        try ModelLoader.load(json: json, file: M.file)
    }

    @Test("a layer with only a name and a path has CAShapeLayer's defaults")
    func layerDefaults() throws {
        let layer = try #require(try load(M.layer()).layers.first)
        #expect(layer.name == "ring")
        #expect(layer == LayerSpec(name: "ring", path: layer.path))
        #expect(layer.lineWidth == .number(1) && layer.lineCap == .butt && layer.lineJoin == .miter)
        #expect(layer.strokeColor == nil && layer.frame == nil && layer.removedAt == nil)
        #expect(layer.strokeStart == .number(0) && layer.strokeEnd == .number(1))
    }

    @Test("every layer key is read")
    func allLayerKeys() throws {
        let layer = try #require(try load(M.layer(#"""
            "lineWidth": 3, "lineCap": "round", "lineJoin": "bevel", "strokeColor": "#059ae3cc",
            "strokeStart": 0.1, "strokeEnd": "D/4", "frame": [1, 2, 30, 40], "addedAt": 1, "removedAt": "D + 1",
            "speed": 2, "timeOffset": 0.5, "beginTime": 3
            """#)).layers.first)
        #expect(layer.lineWidth == .number(3) && layer.lineCap == .round && layer.lineJoin == .bevel)
        #expect(layer.strokeColor == "#059ae3cc")
        #expect(layer.strokeStart == .number(0.1))
        #expect(layer.strokeEnd == .binary(.divide, .variable("D"), .number(4)))
        #expect(layer.frame?.x == .number(1) && layer.frame?.height == .number(40))
        #expect(layer.addedAt == .number(1) && layer.removedAt == .binary(.add, .variable("D"), .number(1)))
        #expect(layer.speed == .number(2) && layer.timeOffset == .number(0.5) && layer.beginTime == .number(3))
    }

    @Test("paths: arc, oval and every kind of element")
    func paths() throws {
        let arc = try load(M.layer()).layers[0].path
        #expect(arc == .arc(ArcExpression(center: ExpressionPoint(.number(50), .number(50)), radius: .number(20),
                                          startAngle: .number(0), endAngle: .number(2 * Double.pi), clockwise: true)))
        let oval = try load(M.layer(path: #"{"oval": [0, 0, 10, 20]}"#)).layers[0].path
        #expect(oval == .oval(x: .number(0), y: .number(0), width: .number(10), height: .number(20)))
        let elements = try load(M.layer(path: #"""
            {"elements": [{"move": [0, 0]}, {"line": [1, 0]},
              {"arc": {"center": [1, 1], "radius": 1, "startAngle": "-pi/2", "endAngle": 0, "clockwise": true}},
              {"curve": {"to": [3, 3], "c1": [2, 2], "c2": [2, 3]}}, {"quad": {"to": [4, 4], "c": [4, 3]}},
              {"close": true}, {"line": [5, 5]}]}
            """#)).layers[0].path
        guard case .elements(let list) = elements else { Issue.record("not an elements path"); return }
        #expect(list.count == 7)
        #expect(list[0] == .move(ExpressionPoint(.number(0), .number(0))))
        #expect(list[3] == .curve(to: ExpressionPoint(.number(3), .number(3)), c1: ExpressionPoint(.number(2), .number(2)),
                                  c2: ExpressionPoint(.number(2), .number(3))))
        #expect(list[4] == .quad(to: ExpressionPoint(.number(4), .number(4)), c: ExpressionPoint(.number(4), .number(3))))
        #expect(list[5] == .close)
    }

    @Test("an elements path may start with an arc")
    func elementsStartingWithArc() throws {
        let path = try load(M.layer(path: #"{"elements": [{"arc": {"center": [0, 0], "radius": 5, "startAngle": 0, "endAngle": 1, "clockwise": false}}]}"#))
            .layers[0].path
        guard case .elements(let list) = path, case .arc(let arc) = list.first else { Issue.record("not an arc element"); return }
        #expect(arc.clockwise == false)
    }

    @Test("every timing key of a basic animation is read")
    func basicTiming() throws {
        let animation = try load(M.basic(#"""
            "beginTime": "now + 0.25", "duration": "D", "speed": 2, "timeOffset": 0.1, "repeatCount": "FLT_MAX",
            "autoreverses": true, "fillMode": "both", "removedOnCompletion": false, "timingFunction": [0.4, 0, 0.2, 1],
            "additive": true, "cumulative": true, "addedAt": 0.5, "key": "grow"
            """#)).layers[0].animations[0]
        var timing = TimingSpec()
        timing.beginTime = .binary(.add, .now, .number(0.25))
        timing.duration = .variable("D")
        timing.speed = .number(2)
        timing.timeOffset = .number(0.1)
        timing.repeatCount = .number(Double(Float.greatestFiniteMagnitude))
        timing.autoreverses = true
        timing.fillMode = .both
        timing.removedOnCompletion = false
        timing.timingFunction = .controlPoints(.number(0.4), .number(0), .number(0.2), .number(1))
        #expect(animation == AnimationSpec(kind: .basic(BasicValues(fromValue: .number(0), toValue: .number(1))), keyPath: .strokeEnd,
                                           timing: timing, additive: true, cumulative: true, addedAt: .number(0.5), key: "grow"))
    }

    static let timingFunctions: [(String, TimingFunctionSpec)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    @Test("timing functions by name", arguments: timingFunctions)
    func namedTimingFunction(_ name: String, _ expected: TimingFunctionSpec) throws {
        let animation = try load(M.basic(#""timingFunction": ""# + name + #"""#)).layers[0].animations[0]
        #expect(animation.timing.timingFunction == expected)
    }

    @Test("an absent timing function stays nil, which is not the same as linear")
    func absentTimingFunction() throws {
        #expect(try load(M.basic(#""duration": 1"#)).layers[0].animations[0].timing.timingFunction == nil)
    }

    static let keyPaths: [(String, KeyPath)] = [
        ("strokeStart", .strokeStart), ("strokeEnd", .strokeEnd), ("transform.rotation.z", .rotation), ("transform.rotation", .rotation),
    ]

    @Test("key paths, with transform.rotation an alias of transform.rotation.z", arguments: keyPaths)
    func keyPath(_ text: String, _ expected: KeyPath) throws {
        let json = M.animation(#""type": "basic", "keyPath": ""# + text + #"", "byValue": 1"#)
        #expect(try load(json).layers[0].animations[0].keyPath == expected)
    }

    @Test("a keyframe animation keeps its values, keyTimes, timing functions and mode")
    func keyframes() throws {
        let animation = try load(M.keyframe(#"""
            "values": [0, "D/4", 1], "keyTimes": [0, 0.5, 1], "timingFunctions": ["easeOut", [0.1, 0, 0.9, 1]], "calculationMode": "cubic"
            """#)).layers[0].animations[0]
        #expect(animation.kind == .keyframe(KeyframeValues(
            values: [.number(0), .binary(.divide, .variable("D"), .number(4)), .number(1)],
            keyTimes: [.number(0), .number(0.5), .number(1)],
            timingFunctions: [.easeOut, .controlPoints(.number(0.1), .number(0), .number(0.9), .number(1))],
            calculationMode: .cubic)))
    }

    @Test("discrete keyframes take one more keyTime than values")
    func discreteKeyTimes() throws {
        let result = try ModelLoader.loadWithWarnings(json: M.keyframe(#""values": [0, 0.5, 1], "keyTimes": [0, 0.2, 0.6, 1], "calculationMode": "discrete", "duration": "D""#), file: M.file)
        #expect(result.warnings == [])
    }

    @Test("a group holds its children in order; they have no addedAt or key")
    func group() throws {
        let json = M.animation(#"""
            "type": "group", "duration": "D", "repeatCount": "inf", "animations": [
              {"type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1},
              {"type": "keyframe", "keyPath": "strokeStart", "values": [0, 1], "beginTime": 1}]
            """#)
        let animation = try load(json).layers[0].animations[0]
        #expect(animation.keyPath == nil)
        #expect(animation.timing.repeatCount == .number(.infinity))
        guard case .group(let children) = animation.kind else { Issue.record("not a group"); return }
        #expect(children.map(\.keyPath) == [.strokeEnd, .strokeStart])
        #expect(children[1].timing.beginTime == .number(1))
        #expect(children.allSatisfy { $0.addedAt == nil && $0.key == nil })
    }

    @Test("events keep their changes in the order written, and may use now")
    func events() throws {
        let json = M.layer(events: #"{"at": "D + 1", "layer": "ring", "set": {"timeOffset": "now", "speed": 0, "strokeEnd": 0.5}}"#)
        let event = try #require(try load(json).events.first)
        #expect(event == EventSpec(at: .binary(.add, .variable("D"), .number(1)), layer: "ring",
                                   set: [(.timeOffset, .now), (.speed, .number(0)), (.strokeEnd, .number(0.5))]))
    }

    @Test("variables keep their order, may use earlier ones, and carry their fit range")
    func variables() throws {
        let json = M.layer(#""lineWidth": "w""#, variables: #""start": {"value": 0.5, "fit": [-1, "pi"]}, "w": "start * 2 + 1""#)
        let document = try load(json)
        #expect(document.variables == [
            Variable(name: "start", value: .number(0.5), fit: -1...Double.pi),
            Variable(name: "w", value: .binary(.add, .binary(.multiply, .variable("start"), .number(2)), .number(1))),
        ])
    }

    @Test("a fit range may have the value at either end")
    func fitRangeIsInclusive() throws {
        let json = M.layer(#""lineWidth": "D""#, variables: #""D": {"value": 2, "fit": [0, 2]}"#)
        #expect(try load(json).variables[0].fit == 0...2)
    }

    @Test("repeatCount and repeatDuration may be infinite; durations of 0 mean the default")
    func infiniteRepeats() throws {
        let animation = try load(M.basic(#""repeatDuration": "HUGE_VALF", "duration": 0"#)).layers[0].animations[0]
        #expect(animation.timing.repeatDuration == .number(.infinity))
        #expect(animation.timing.duration == .number(0))
    }

    @Test("the name and comment are kept")
    func nameAndComment() throws {
        let document = try load(#"{"format": "strokescope-model/1", "name": "demo", "comment": "from the seed", "layers": [{"name": "a", "path": {"oval": [0, 0, 1, 1]}}]}"#)
        #expect(document.name == "demo")
        #expect(document.comment == "from the seed")
    }

    @Test("the payment seed loads as MODEL-FORMAT.md transcribes it")
    func paymentSeed() throws {
        let document = try ModelLoader.load(path: ModelFiles.fixture("payment-success.json"))
        #expect(document.variables == [Variable(name: "success", value: .number(6), fit: 0...30)])
        #expect(document.layers.map(\.name) == ["ring", "tick"])
        #expect(document.layers[1].addedAt == .variable("success"))
        #expect(document.layers[1].animations[0].addedAt == .variable("success"))
        #expect(document.events == [EventSpec(at: .variable("success"), layer: "ring", set: [(.speed, .number(0))])])
        guard case .group(let children) = document.layers[0].animations[0].kind else { Issue.record("not a group"); return }
        #expect(children.map(\.keyPath) == [.strokeEnd, .strokeStart])
        #expect(children[0].timing.fillMode == .forwards)
        #expect(children[1].timing.beginTime == .number(2))
    }
}
