import AnimationModel
import Testing

@Suite("Loader warnings: valid, but probably not what was meant")
struct LoaderWarningTests {
    typealias M = SampleModel

    static let cases: [(String, String)] = [
        (M.keyframe(#""values": [0, 0.5, 1], "keyTimes": [0, 0.5, 1], "calculationMode": "discrete""#),
         "m.json: layers[0].animations[0].keyTimes: discrete keyframes with as many keyTimes as values: Core Animation never shows the last value (it needs 4 keyTimes)"),
        (M.keyframe(#""values": [1]"#),
         "m.json: layers[0].animations[0].values: fewer than two values, so Core Animation sets nothing"),
        (M.keyframe(#""values": [0, 1], "keyTimes": [0, 1], "calculationMode": "paced""#),
         "m.json: layers[0].animations[0].keyTimes: calculationMode 'paced' ignores keyTimes"),
        (M.keyframe(#""values": [0, 1], "timingFunctions": ["easeIn"], "calculationMode": "discrete""#),
         "m.json: layers[0].animations[0].timingFunctions: calculationMode 'discrete' ignores timingFunctions"),
        (M.keyframe(#""values": [0, 1], "keyTimes": [0.2, 1]"#),
         "m.json: layers[0].animations[0].keyTimes: the first keyTime is 0.2; Core Animation expects 0"),
        (M.basic(#""repeatCount": 2, "repeatDuration": 3"#),
         "m.json: layers[0].animations[0]: both repeatCount and repeatDuration are set; Core Animation leaves the result undefined"),
        (M.animation(#""type": "basic", "keyPath": "strokeEnd""#),
         "m.json: layers[0].animations[0]: none of fromValue, toValue and byValue is set, so the animation changes nothing"),
        (M.animation(#""type": "group", "animations": []"#),
         "m.json: layers[0].animations[0].animations: the group is empty, so it animates nothing"),
        (M.basic(#""duration": "D - 3""#),
         "m.json: layers[0].animations[0].duration: a negative duration ('D - 3' is -1) is what Core Animation makes of any duration ≤ 0: the default 0.25 s, or the group's duration for a group's child"),
        (M.layer(variables: #""D": 2, "unused": {"value": 1, "fit": [0, 2]}"#),
         "m.json: variables.D: variable 'D' is never used"),
    ]

    @Test("each doubtful construct loads with one warning line", arguments: cases)
    func warns(_ json: String, _ warning: String) throws {
        let result = try ModelLoader.loadWithWarnings(json: json, file: M.file)
        #expect(result.warnings.first == warning)
        #expect(result.warnings.allSatisfy { !$0.contains("\n") })
    }

    @Test("load(json:file:) returns the same document and drops the warnings")
    func loadDropsWarnings() throws {
        let json = M.keyframe(#""values": [1]"#)
        #expect(try ModelLoader.load(json: json, file: M.file) == ModelLoader.loadWithWarnings(json: json, file: M.file).document)
    }
}
