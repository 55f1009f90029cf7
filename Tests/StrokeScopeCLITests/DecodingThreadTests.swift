import AnimationModel
import Foundation
import Testing
import Inspection
@testable import StrokeScopeCLI

@Suite("inspect with and without a decoding thread")
struct DecodingThreadTests {
    /// Every reading of every layer, as text, for comparing two inspections exactly.
    static func readings(_ inspection: Inspection) -> [String] {
        inspection.layers.flatMap { layer in
            layer.readings.map { "\(layer.name) \($0.state) \(String(describing: $0.startAngle)) \(String(describing: $0.endAngle)) \(String(describing: $0.strokeEnd))" }
        } + inspection.layers.map { "\($0.name) \(String(describing: $0.cap))" }
    }

    @Test("delta frames handed over as changes, the caps judged on another thread: the same readings as decoding in place",
          arguments: [false, true])
    func sameReadings(withModel: Bool) throws {
        // A 500 × 500 screen of delta frames, longer than the sample the rings are found from,
        // so that later frames arrive as changes while the recorded ones are measured.
        let (gif, _) = try InspectCommandTests.render("loading-spinner.json", ["--scale", "5", "--size", "500x500", "--duration", "6",
                                                                              "--delay-cs", "4", "--delta-frames", "--colors", "64"])
        let model = withModel ? try ModelLoader.load(path: ModelCommandTests.fixture("loading-spinner.json")).resolve(overrides: [:]) : nil
        let recording = try Recording(contentsOf: gif)
        var options = InspectOptions()
        options.decodingThread = false
        let inPlace = try Inspector(options).inspect(recording, model: model)
        options.decodingThread = true
        let threaded = try Inspector(options).inspect(recording, model: model)
        #expect(inPlace.frames.count == 150)
        #expect(Self.readings(inPlace).count >= 150)
        #expect(Self.readings(threaded) == Self.readings(inPlace))
    }

    @Test("STROKESCOPE_DECODING_THREAD turns the thread on or off; the output is the same either way")
    func environmentSetting() throws {
        #expect(InspectOptions(environment: ["STROKESCOPE_DECODING_THREAD": "on"]).decodingThread == true)
        #expect(InspectOptions(environment: ["STROKESCOPE_DECODING_THREAD": "off"]).decodingThread == false)
        #expect(InspectOptions(environment: ["STROKESCOPE_DECODING_THREAD": "yes"]).decodingThread == nil)
        #expect(InspectOptions(environment: [:]).decodingThread == nil)
        // A small screen, decoded in place by default, through the thread when asked.
        let (gif, _) = try InspectCommandTests.render("loading-spinner.json", ["--scale", "2", "--size", "120x120", "--duration", "6", "--delay-cs", "4"])
        func run(_ environment: [String: String], _ arguments: [String]) -> (Int32, String) {
            let out = BufferSink(), err = BufferSink()
            let code = StrokeScope.run(arguments: arguments, console: Console(out: out, err: err, environment: environment))
            return (code, out.text)
        }
        for arguments in [["inspect", gif, "--format", "json", "--quiet"],
                          ["fit", gif, "--model", ModelCommandTests.fixture("loading-spinner.json"), "--set", "D=1.5", "--format", "json", "--quiet"]] {
            let inPlace = run(["STROKESCOPE_DECODING_THREAD": "off"], arguments)
            let threaded = run(["STROKESCOPE_DECODING_THREAD": "on"], arguments)
            #expect(inPlace.0 == 0)
            #expect(threaded.0 == 0)
            #expect(threaded.1 == inPlace.1, "\(arguments[0])")
        }
    }
}
