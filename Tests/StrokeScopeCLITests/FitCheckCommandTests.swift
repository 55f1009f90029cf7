import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import JSON
@testable import StrokeScopeCLI

@Suite("strokescope fit and check")
struct FitCheckCommandTests {
    static let render = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fixtures/render").standardized.path
    static let spinner = ModelCommandTests.fixture("loading-spinner.json")

    @Test("fit JSON has the contract's fields and small errors on an exact render")
    func fitJSON() throws {
        let r = strokescope("fit", Self.render + "/spinner-1x-4cs-32-delta.gif", "--model", Self.spinner, "--rate", "1", "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONValue.parse(r.out)
        #expect(v["schema"]?.stringValue == "strokescope-fit/1")
        let fit = try #require(v["fit"])
        #expect(fit["rate"]?.doubleValue == 1)
        for key in ["phase", "variables", "rmsTimingError", "maxTimingError", "maxTimingErrorFrame", "rmsAngleError", "maxAngleError", "framesCompared"] {
            #expect(fit[key] != nil, "missing fit.\(key)")
        }
        #expect((fit["maxAngleError"]?.doubleValue ?? 99) < 1.5)
        let frame = try #require(v["frames"]?[5])
        #expect(frame["modelTime"]?.doubleValue != nil)
        #expect(frame["layers"]?[0]?["model"]?["state"] != nil)
        #expect(frame["flags"]?.arrayValue != nil)
        #expect(v["verdict"]?["pass"]?.boolValue == true)
    }

    @Test("check passes a clean render, fails a spoiled one on the figure that failed, and writes JUnit")
    func check() throws {
        let dir = temporaryDirectory()
        let junit = dir + "/check.xml"
        let r = strokescope("check", Self.render + "/spinner-1x-4cs-32-delta.gif", Self.render + "/spinner-1x-3cs-spoiled.gif",
                            "--model", Self.spinner, "--rate", "1", "--max-timing-error", "20ms", "--junit", junit, "--quiet")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.last == "1 passed, 1 failed, 0 unreadable")
        #expect(lines[0].hasPrefix("PASS "))
        #expect(lines[1].hasPrefix("FAIL "))
        // The frame captured late (frame 5 of the spoiled render) is the one that fails.
        #expect(lines[1].contains("at frame 5"))
        #expect(r.code == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites tests=\"2\" failures=\"1\" errors=\"0\""))
        // Well-formed XML, as CI systems parse it.
        #expect(XMLParser(data: Data(xml.utf8)).parse())
    }

    @Test("check exits with the input's code when a file cannot be read, and fit needs a model")
    func errors() {
        let r = strokescope("check", "/no/such.gif", "--model", Self.spinner)
        #expect(r.code == 66)
        #expect(r.out.hasPrefix("ERROR /no/such.gif"))
        let missing = strokescope("fit", Self.render + "/spinner-1x-4cs-32-delta.gif")
        #expect(missing.code == 64)
        #expect(missing.errLines.first == "error: Missing expected option '--model <file>'.")
    }
}
