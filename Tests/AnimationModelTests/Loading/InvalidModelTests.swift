import AnimationModel
import Testing

@Suite("Invalid models: one exact line each")
struct InvalidModelTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let about: String
        let json: String
        let message: String
        var testDescription: String { about }

        init(_ about: String, _ json: String, _ message: String) {
            self.about = about
            self.json = json
            self.message = message
        }
    }

    typealias M = SampleModel

    static let cases: [Case] = [
        // The file as a whole.
        Case("JSON syntax error", #"{"format": "strokescope-model/1",}"#, "m.json:1:34: unexpected character '}'"),
        Case("JSON syntax error on a later line", "{\n  \"format\": \n}", "m.json:3:1: unexpected character '}'"),
        Case("not an object", "[]", #"m.json: a model file is a JSON object with "format": "strokescope-model/1", found an empty array"#),
        Case("no format", #"{"name": "t"}"#, #"m.json: missing key 'format' (a model file starts with "format": "strokescope-model/1")"#),
        Case("a misspelt format key", #"{"fromat": "strokescope-model/1"}"#, "m.json: fromat: unknown key 'fromat' (did you mean 'format'?)"),
        Case("another format", #"{"format": "strokescope-model/2"}"#,
             "m.json: format: unsupported format 'strokescope-model/2' (this version reads 'strokescope-model/1')"),
        Case("unknown top-level key", M.model(#""layer": []"#), "m.json: layer: unknown key 'layer' (did you mean 'layers'?)"),
        Case("no layers", M.model(#""layers": []"#), "m.json: layers: a model needs at least one layer"),
        Case("name of the wrong type", #"{"format": "strokescope-model/1", "name": 3, "layers": []}"#,
             "m.json: name: expected a string, found a number"),

        // Variables.
        Case("a constant as a variable name", M.layer(variables: #""pi": 3"#),
             "m.json: variables.pi: 'pi' is a constant and cannot be a variable name"),
        Case("now as a variable name", M.layer(variables: #""now": 3"#),
             "m.json: variables.now: 'now' is the layer clock and cannot be a variable name"),
        Case("a variable name that is not an identifier", M.layer(variables: #""2x": 3"#),
             "m.json: variables.2x: '2x' is not a valid variable name (use letters, digits and '_', not starting with a digit)"),
        Case("a fit range that excludes the value", M.layer(variables: #""D": {"value": 7, "fit": [0.5, 5]}"#),
             "m.json: variables.D.fit: the range [0.5, 5] does not contain the value 7"),
        Case("a fit range upside down", M.layer(variables: #""D": {"value": 2, "fit": [5, 1]}"#),
             "m.json: variables.D.fit: the range must have min < max (found [5, 1])"),
        Case("a fit range that is not a pair", M.layer(variables: #""D": {"value": 2, "fit": [1, 2, 3]}"#),
             "m.json: variables.D.fit: expected a range [min, max], found an array of 3"),
        Case("an infinite fit bound", M.layer(variables: #""D": {"value": 2, "fit": [0, "inf"]}"#),
             "m.json: variables.D.fit[1]: must be a finite number ('inf' is inf)"),
        Case("a fit bound naming a variable", M.layer(variables: #""A": 1, "D": {"value": 2, "fit": [0, "A*4"]}"#),
             "m.json: variables.D.fit[1]: 'A' at column 1 cannot be used here (fit bounds may use numbers and constants only)"),
        Case("a variable using a later one", M.layer(variables: #""A": "D*2", "D": 2"#),
             "m.json: variables.A: 'D' at column 1 cannot be used here (it is declared after 'A'; a variable may use only the variables declared before it)"),
        Case("a misspelt variable key", M.layer(variables: #""D": {"valeu": 2}"#),
             "m.json: variables.D.valeu: unknown key 'valeu' (did you mean 'value'?)"),
        Case("a variable that is not a number", M.layer(variables: #""D": "0/0""#),
             "m.json: variables.D: must be a number ('0/0' is nan)"),

        // Layers and paths.
        Case("a misspelt layer key", M.layer(#""lineWith": 3"#), "m.json: layers[0].lineWith: unknown key 'lineWith' (did you mean 'lineWidth'?)"),
        Case("an animation key on a layer", M.layer(#""duration": 3"#),
             "m.json: layers[0].duration: 'duration' belongs to an animation, not to a layer (put it in one of the layer's animations)"),
        Case("a comment on a layer", M.layer(#""comment": "the ring""#),
             "m.json: layers[0].comment: 'comment' is only taken at the top level of the file"),
        Case("a layer without a path", M.model(#""layers": [{"name": "ring"}]"#),
             "m.json: layers[0]: missing key 'path' (a layer needs a path: arc, oval or elements)"),
        Case("two layers with one name", M.model(#""layers": [{"name": "a", "path": {"oval": [0, 0, 9, 9]}}, {"name": "a", "path": {"oval": [0, 0, 9, 9]}}]"#),
             "m.json: layers[1].name: layer name 'a' is already used by layers[0]"),
        Case("a boolean line width", M.layer(#""lineWidth": true"#),
             "m.json: layers[0].lineWidth: expected a number or an expression string, found true"),
        Case("a negative line width", M.layer(#""lineWidth": "D - 3""#), "m.json: layers[0].lineWidth: must not be negative ('D - 3' is -1)"),
        Case("a colour by name", M.layer(#""strokeColor": "blue""#),
             "m.json: layers[0].strokeColor: expected a colour '#RRGGBB' or '#RRGGBBAA', found 'blue'"),
        Case("a misspelt line cap", M.layer(#""lineCap": "rounded""#), "m.json: layers[0].lineCap: unknown lineCap 'rounded' (did you mean 'round'?)"),
        Case("a value with a line break, shown escaped to keep one line", M.layer(#""lineCap": "round\nbutt""#),
             #"m.json: layers[0].lineCap: unknown lineCap 'round\nbutt' (one of 'butt', 'round' or 'square')"#),
        Case("an unknown line join", M.layer(#""lineJoin": "sharp""#),
             "m.json: layers[0].lineJoin: unknown lineJoin 'sharp' (one of 'miter', 'round' or 'bevel')"),
        Case("removed before it was added", M.layer(#""addedAt": 2, "removedAt": 1"#),
             "m.json: layers[0].removedAt: must be after the layer's addedAt (1 is not after 2)"),
        Case("a frame of three numbers", M.layer(#""frame": [0, 0, 10]"#),
             "m.json: layers[0].frame: expected a rectangle [x, y, width, height], found an array of 3"),
        Case("a path with two shapes", M.layer(path: #"{"oval": [0, 0, 9, 9], "arc": {}}"#),
             "m.json: layers[0].path: a path has exactly one of 'arc', 'oval' or 'elements' (found 'oval' and 'arc')"),
        Case("an elements path starting with a line", M.layer(path: #"{"elements": [{"line": [1, 2]}, {"line": [3, 4]}]}"#),
             "m.json: layers[0].path.elements[0]: a path must start with 'move' or 'arc' (found 'line')"),
        Case("a point with three coordinates", M.layer(path: #"{"elements": [{"move": [1, 2, 3]}]}"#),
             "m.json: layers[0].path.elements[0].move: expected a point [x, y], found an array of 3"),
        Case("an arc without its direction", M.layer(path: #"{"arc": {"center": [0, 0], "radius": 5, "startAngle": 0, "endAngle": 1}}"#),
             "m.json: layers[0].path.arc: missing key 'clockwise' (true runs clockwise on screen)"),
        Case("a negative radius", M.layer(path: #"{"arc": {"center": [0, 0], "radius": -5, "startAngle": 0, "endAngle": 1, "clockwise": true}}"#),
             "m.json: layers[0].path.arc.radius: must not be negative (found -5)"),
        Case("close set to false", M.layer(path: #"{"elements": [{"move": [0, 0]}, {"close": false}]}"#),
             "m.json: layers[0].path.elements[1].close: expected true, found false"),

        // Animations.
        Case("a misspelt key path", M.animation(#""type": "basic", "keyPath": "strokeEnds", "toValue": 1"#),
             "m.json: layers[0].animations[0].keyPath: unknown key path 'strokeEnds' (did you mean 'strokeEnd'?)"),
        Case("an unsupported key path", M.animation(#""type": "basic", "keyPath": "opacity", "toValue": 1"#),
             "m.json: layers[0].animations[0].keyPath: unknown key path 'opacity' (supported: 'strokeStart', 'strokeEnd' and 'transform.rotation.z')"),
        Case("a misspelt type", M.animation(#""type": "basics", "keyPath": "strokeEnd""#),
             "m.json: layers[0].animations[0].type: unknown animation type 'basics' (did you mean 'basic'?)"),
        Case("a misspelt type key", M.animation(#""typ": "basic", "keyPath": "strokeEnd""#),
             "m.json: layers[0].animations[0].typ: unknown key 'typ' (did you mean 'type'?)"),
        Case("an unknown name in a duration", M.basic(#""duration": "Dur""#),
             "m.json: layers[0].animations[0].duration: unknown name 'Dur' at column 1 (did you mean 'D'?)"),
        Case("a radius far beyond any canvas", M.layer(path: #"{"arc": {"center": [50, 50], "radius": 1e19, "startAngle": 0, "endAngle": 1, "clockwise": true}}"#),
             "m.json: layers[0].path.arc.radius: must be at most 100000 points (a drawing this large cannot be shown) (found 1e+19)"),
        Case("an infinite duration", M.basic(#""duration": "INFINITY""#),
             "m.json: layers[0].animations[0].duration: must be a finite number ('INFINITY' is inf)"),
        Case("a NaN begin time", M.basic(#""beginTime": "inf - inf""#),
             "m.json: layers[0].animations[0].beginTime: must be a finite number ('inf - inf' is nan)"),
        Case("a negative repeat count", M.basic(#""repeatCount": -1"#),
             "m.json: layers[0].animations[0].repeatCount: must not be negative (found -1)"),
        Case("an unclosed parenthesis", M.basic(#""duration": "2*(D""#),
             "m.json: layers[0].animations[0].duration: unexpected end of expression at column 5 (expected ')' to close the '(' at column 3)"),
        Case("now in a duration", M.basic(#""duration": "now + 1""#),
             "m.json: layers[0].animations[0].duration: 'now' at column 1 is only allowed in a top-level animation's beginTime and in an event's set values"),
        Case("now in a group child's beginTime", M.groupChild(#""type": "basic", "keyPath": "strokeEnd", "toValue": 1, "beginTime": "now""#),
             "m.json: layers[0].animations[0].animations[0].beginTime: 'now' at column 1 is only allowed in a top-level animation's beginTime and in an event's set values"),
        Case("from, to and by all set", M.basic(#""byValue": 1"#),
             "m.json: layers[0].animations[0]: at most two of 'fromValue', 'toValue' and 'byValue' may be set (Core Animation's rule)"),
        Case("keyframe values on a basic animation", M.basic(#""values": [0, 1]"#),
             "m.json: layers[0].animations[0].values: 'values' belongs to a keyframe animation, not a basic one"),
        Case("a key path on a group", M.animation(#""type": "group", "keyPath": "strokeEnd", "animations": []"#),
             "m.json: layers[0].animations[0].keyPath: a group has no 'keyPath'; set it on the animations inside it"),
        Case("addedAt on a group child", M.groupChild(#""type": "basic", "keyPath": "strokeEnd", "toValue": 1, "addedAt": 1"#),
             "m.json: layers[0].animations[0].animations[0].addedAt: 'addedAt' is only allowed on a layer's own animations (a group's children are added with the group)"),
        Case("a misspelt fill mode", M.basic(#""fillMode": "forward""#),
             "m.json: layers[0].animations[0].fillMode: unknown fillMode 'forward' (did you mean 'forwards'?)"),
        Case("a misspelt timing function", M.basic(#""timingFunction": "easeInOut""#),
             "m.json: layers[0].animations[0].timingFunction: unknown timing function 'easeInOut' (did you mean 'easeInEaseOut'?)"),
        Case("a timing function spelt as the Objective-C constant", M.basic(#""timingFunction": "kCAMediaTimingFunctionEaseInEaseOut""#),
             "m.json: layers[0].animations[0].timingFunction: unknown timing function 'kCAMediaTimingFunctionEaseInEaseOut' (did you mean 'easeInEaseOut'?)"),
        Case("a fill mode spelt as the Objective-C constant", M.basic(#""fillMode": "kCAFillModeForwards""#),
             "m.json: layers[0].animations[0].fillMode: unknown fillMode 'kCAFillModeForwards' (did you mean 'forwards'?)"),
        Case("a control point x outside [0, 1]", M.basic(#""timingFunction": [0.2, 0, 1.2, 1]"#),
             "m.json: layers[0].animations[0].timingFunction[2]: must be between 0 and 1 (found 1.2)"),
        Case("a timing function of three numbers", M.basic(#""timingFunction": [0.2, 0, 1]"#),
             "m.json: layers[0].animations[0].timingFunction: expected a timing function name or [c1x, c1y, c2x, c2y], found an array of 3"),
        Case("autoreverses as a string", M.basic(#""autoreverses": "yes""#),
             "m.json: layers[0].animations[0].autoreverses: expected true or false, found a string"),
        Case("min with three arguments", M.basic(#""duration": "min(1, 2, D)""#),
             "m.json: layers[0].animations[0].duration: min() at column 1 takes 2 arguments, found 3"),
        Case("cubicPaced", M.keyframe(#""values": [0, 1], "calculationMode": "cubicPaced""#),
             "m.json: layers[0].animations[0].calculationMode: calculationMode 'cubicPaced' is not in this version of the format (use 'paced' or 'cubic')"),
        Case("too many keyTimes", M.keyframe(#""values": [0, 1], "keyTimes": [0, 0.5, 1]"#),
             "m.json: layers[0].animations[0].keyTimes: expected 2 keyTimes (one per value), found 3"),
        Case("too few discrete keyTimes", M.keyframe(#""values": [0, 0.5, 1], "keyTimes": [0, 1], "calculationMode": "discrete""#),
             "m.json: layers[0].animations[0].keyTimes: expected 4 keyTimes for 3 discrete values (one more than the values), found 2"),
        Case("decreasing keyTimes", M.keyframe(#""values": [0, 0.5, 1], "keyTimes": [0, 0.8, 0.6]"#),
             "m.json: layers[0].animations[0].keyTimes[2]: keyTimes must not decrease (0.6 follows 0.8)"),
        Case("a keyTime above 1", M.keyframe(#""values": [0, 1], "keyTimes": [0, 1.5]"#),
             "m.json: layers[0].animations[0].keyTimes[1]: must be between 0 and 1 (found 1.5)"),
        Case("a timing function per value instead of per segment", M.keyframe(#""values": [0, 0.5, 1], "timingFunctions": ["easeIn", "easeOut", "linear"]"#),
             "m.json: layers[0].animations[0].timingFunctions: expected 2 timing functions (one per segment between the 3 values), found 3"),
        Case("keyframes without values", M.keyframe(#""duration": 1"#),
             "m.json: layers[0].animations[0]: missing key 'values' (the keyframe values)"),
        Case("animations listed out of order", M.layer(#""animations": [{"type": "basic", "keyPath": "strokeEnd", "toValue": 1, "addedAt": 2}, {"type": "basic", "keyPath": "strokeEnd", "toValue": 0, "addedAt": "D - 1"}]"#),
             "m.json: layers[0].animations[1].addedAt: addedAt 1 is before animations[0] (added at 2); list animations in the order they were added"),

        // Events.
        Case("an event on a misspelt layer", M.layer(events: #"{"at": 1, "layer": "rign", "set": {"speed": 0}}"#),
             "m.json: events[0].layer: no layer named 'rign' (did you mean 'ring'?)"),
        Case("an event setting a property it cannot", M.layer(events: #"{"at": 1, "layer": "ring", "set": {"lineWidth": 2}}"#),
             "m.json: events[0].set.lineWidth: an event cannot set 'lineWidth' (only 'speed', 'timeOffset', 'beginTime', 'strokeStart' or 'strokeEnd')"),
        Case("an event with a misspelt property", M.layer(events: #"{"at": 1, "layer": "ring", "set": {"sped": 0}}"#),
             "m.json: events[0].set.sped: unknown key 'sped' (did you mean 'speed'?)"),
        Case("an event that sets nothing", M.layer(events: #"{"at": 1, "layer": "ring", "set": {}}"#),
             "m.json: events[0].set: an event must set at least one of 'speed', 'timeOffset', 'beginTime', 'strokeStart' or 'strokeEnd'"),
        Case("an event at now", M.layer(events: #"{"at": "now", "layer": "ring", "set": {"speed": 0}}"#),
             "m.json: events[0].at: 'now' at column 1 is only allowed in a top-level animation's beginTime and in an event's set values"),
    ]

    @Test("each invalid model is rejected with its exact one-line message", arguments: cases)
    func rejected(_ testCase: Case) {
        let error = #expect(throws: ModelError.self) { try ModelLoader.load(json: testCase.json, file: SampleModel.file) }
        #expect(error?.description == testCase.message)
        #expect(error?.exitCode == 65)
        #expect(error?.file == SampleModel.file)
    }

    @Test("the table covers at least 25 distinct mistakes")
    func tableIsLarge() {
        #expect(Set(InvalidModelTests.cases.map(\.message)).count >= 25)
    }
}
