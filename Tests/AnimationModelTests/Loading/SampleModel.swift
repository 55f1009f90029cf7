/// Small model texts for the loader tests: a valid skeleton with one part replaced, so each case
/// shows only what it is about.
enum SampleModel {
    static let file = "m.json"

    /// A full circle: the path most cases do not care about.
    static let circle = #"{"arc": {"center": [50, 50], "radius": 20, "startAngle": 0, "endAngle": "2*pi", "clockwise": true}}"#

    /// `{"format": …, "name": "t", <members>}`.
    static func model(_ members: String) -> String {
        #"{"format": "strokescope-model/1", "name": "t", "# + members + "}"
    }

    /// A model with variable `D` = 2 (unless `variables` says otherwise) and one layer named
    /// `ring`; `members` are added to the layer after its name and path.
    static func layer(_ members: String = "", path: String = circle, variables: String = #""D": 2"#, events: String? = nil) -> String {
        let extra = members.isEmpty ? "" : ", " + members
        var text = #""variables": {"# + variables + #"}, "layers": [{"name": "ring", "path": "# + path + extra + "}]"
        if let events { text += #", "events": ["# + events + "]" }
        return model(text)
    }

    /// A model whose layer has one animation with `members`.
    static func animation(_ members: String) -> String {
        layer(#""animations": [{"# + members + "}]")
    }

    /// A basic strokeEnd animation 0 → 1 with `members` added.
    static func basic(_ members: String) -> String {
        animation(#""type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "# + members)
    }

    /// A keyframe strokeEnd animation with `members` added.
    static func keyframe(_ members: String) -> String {
        animation(#""type": "keyframe", "keyPath": "strokeEnd", "# + members)
    }

    /// A group holding one child with `members`.
    static func groupChild(_ members: String) -> String {
        animation(#""type": "group", "duration": 1, "animations": [{"# + members + "}]")
    }
}
