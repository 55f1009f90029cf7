import Foundation
import JSON
import Testing
@testable import StrokeScopeCLI

/// Issue 20: every numeric field of every bundled model, set to each extreme value, through the
/// commands that take a model. Each run must end with a defined exit code — 0, or 65 for a
/// model that cannot be drawn or evaluated — and a failure must be one `error:` line that names
/// the model (and, for a field that is not a variable, the field). A trap ends the test process,
/// so a crash here cannot be missed.
///
/// `model` and `render` run on every field × value, `inspect --model` on every field of the two
/// seed models; `fit` and `frames --model` (whose search costs seconds in a debug build) on one
/// field of each kind.
/// scripts/sweep-numeric.sh runs the whole product against the release binary.
@Suite("Extreme numbers in every numeric field")
struct NumericSweepTests {
    /// One field of one model set to one value.
    struct Case: Sendable, CustomTestStringConvertible {
        var model: String
        var field: String
        var value: String
        /// The mutated model file.
        var text: String
        var testDescription: String { "\(model) \(field) = \(value)" }
        var isVariable: Bool { field.hasPrefix("variables.") }
    }

    static let models = ["loading-spinner.json", "material-spinner.json", "payment-success.json",
                         "progress-beside-track.json", "progress-over-track.json", "tick-only.json"]

    static func cases(models: [String], fields wanted: Set<String>? = nil, values: [String] = NumericFields.extremes) -> [Case] {
        models.flatMap { name -> [Case] in
            guard let text = try? String(contentsOfFile: ModelCommandTests.fixture(name), encoding: .utf8),
                  let document = try? JSONValue.parse(text) else { return [] }
            return NumericFields.paths(in: document).flatMap { path -> [Case] in
                let field = NumericFields.text(path)
                guard wanted?.contains(field) ?? true else { return [] }
                return values.map { value in
                    let mutated = NumericFields.replacing(document, at: path[...], with: .string(value))
                    return Case(model: name, field: field, value: value, text: mutated.serialized())
                }
            }
        }
    }

    static let all = cases(models: models)

    /// `inspect --model` on the two seed models' every field (its placement is where sizes meet
    /// the recording; the other models add nothing the sweep script does not run).
    static let seeds = cases(models: ["loading-spinner.json", "payment-success.json"])

    /// One field of each kind on the spinner: a radius, a coordinate, a width, a frame size, a
    /// group's duration, a repeat count, an animated value, a timing curve, a fit range.
    static let representative = cases(
        models: ["loading-spinner.json"],
        fields: ["layers[0].path.arc.radius", "layers[0].path.arc.center[0]", "layers[0].lineWidth", "layers[0].frame[2]",
                 "layers[0].animations[0].duration", "layers[0].animations[0].repeatCount",
                 "layers[0].animations[0].animations[1].toValue", "variables.D.fit[1]"],
        values: ["0", "5e-324", "-1", "1e308", "1e19", "1/0", "0/0"])

    /// A small recording of the spinner (60×60 px, 12 frames), made once.
    static let recording: String = {
        let path = temporaryDirectory() + "/spinner-small.gif"
        _ = strokescope("render", ModelCommandTests.fixture("loading-spinner.json"), "-o", path, "--scale", "0.6",
                        "--duration", "0.6", "--delay-cs", "5", "--quiet")
        return path
    }()

    /// The run ended as the contract says: `allowed` codes only, and a failure says what is
    /// wrong in one line.
    static func expectDefined(_ r: RunResult, _ c: Case, modelPath: String, allowed: Set<Int32> = [0, 65],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(allowed.contains(r.code), "exit \(r.code): \(r.err)", sourceLocation: sourceLocation)
        guard r.code != 0 else { return }
        let errors = r.errLines.filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1, "\(r.err)", sourceLocation: sourceLocation)
        #expect(!r.err.contains("Fatal error"), sourceLocation: sourceLocation)
    }

    /// A 65 from loading or resolving the model names it, and the field when it is not a
    /// variable (a variable's value shows up in the fields that use it).
    static func expectNamesField(_ r: RunResult, _ c: Case, modelPath: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard r.code == 65, let line = r.errLines.first(where: { $0.hasPrefix("error:") }) else { return }
        #expect(line.hasPrefix("error: \(modelPath): "), "\(line)", sourceLocation: sourceLocation)
        if !c.isVariable {
            #expect(line.contains(c.field + ":") || line.contains("layers' extent"), "\(line)", sourceLocation: sourceLocation)
        }
    }

    static func write(_ c: Case) -> String {
        let path = temporaryDirectory() + "/" + c.model
        FileManager.default.createFile(atPath: path, contents: Data(c.text.utf8))
        return path
    }

    @Test("model: exit 0 or 65, a failure one line naming the field", arguments: all)
    func model(_ c: Case) {
        let path = Self.write(c)
        let r = strokescope("model", path, "--to", "2", "--step", "0.25", "--format", "csv", "--quiet")
        Self.expectDefined(r, c, modelPath: path)
        Self.expectNamesField(r, c, modelPath: path)
    }

    @Test("render: exit 0 or 65, a failure one line", arguments: all)
    func render(_ c: Case) {
        let path = Self.write(c)
        let out = temporaryDirectory() + "/out.gif"
        let r = strokescope("render", path, "-o", out, "--size", "24x24", "--duration", "0.2", "--delay-cs", "10", "--quiet")
        Self.expectDefined(r, c, modelPath: path)
    }

    @Test("inspect --model: exit 0 or 65, a failure one line", arguments: seeds)
    func inspect(_ c: Case) {
        let path = Self.write(c)
        let r = strokescope("inspect", Self.recording, "--model", path, "--format", "csv", "--quiet", "--jobs", "1")
        Self.expectDefined(r, c, modelPath: path)
    }

    @Test("fit and frames --model: exit 0 or 65, a failure one line", arguments: representative)
    func fitAndFrames(_ c: Case) {
        let path = Self.write(c)
        let fit = strokescope("fit", Self.recording, "--model", path, "--rate", "1", "--format", "csv", "--quiet", "--jobs", "1")
        Self.expectDefined(fit, c, modelPath: path)
        let sheet = temporaryDirectory() + "/sheet.png"
        let frames = strokescope("frames", Self.recording, "--sheet", sheet, "--model", path, "--rate", "1", "--quiet")
        Self.expectDefined(frames, c, modelPath: path)
    }

    @Test("a negative duration is Core Animation's default 0.25 s, with a warning (CA-TIMING.md §1.3)")
    func negativeDuration() throws {
        let text = """
        {"format": "strokescope-model/1", "name": "d", "layers": [{"name": "l",
          "path": {"arc": {"center": [50, 50], "radius": 20, "startAngle": 0, "endAngle": 6.283185307179586, "clockwise": true}},
          "animations": [{"type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "duration": -1}]}]}
        """
        let path = temporaryDirectory() + "/negative.json"
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let r = strokescope("model", path, "--from", "0.125", "--to", "0.125", "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.errLines.count == 1 && r.err.contains("layers[0].animations[0].duration") && r.err.contains("0.25 s"))
        let v = try JSONValue.parse(r.out)
        #expect(v["samples"]?[0]?["layers"]?[0]?["strokeEnd"]?.doubleValue == 0.5)
    }
}
