import AnimationModel
import Foundation
import Testing
@testable import StrokeScopeCLI

@Suite("inspect with and without a decoding thread")
struct DecodingThreadTests {
    /// Every reading of every track, as text, for comparing two inspections exactly.
    static func readings(_ inspection: Inspection) -> [String] {
        inspection.tracks.flatMap { track in
            track.measurements.map { "\(track.name) \($0.state) \(String(describing: $0.startAngle)) \(String(describing: $0.endAngle)) \(String(describing: $0.strokeEnd))" }
        } + inspection.caps.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    }

    @Test("delta frames handed over as changes, the caps judged on another thread: the same readings as decoding in place",
          arguments: [false, true])
    func sameReadings(withModel: Bool) throws {
        // A 500 × 500 screen of delta frames, longer than the sample the rings are found from,
        // so that later frames arrive as changes while the recorded ones are measured.
        let (gif, _) = try InspectCommandTests.render("loading-spinner.json", ["--scale", "5", "--size", "500x500", "--duration", "6",
                                                                              "--delay-cs", "4", "--delta-frames", "--colors", "64"])
        var settings = InspectSettings()
        if withModel { settings.model = try ModelLoader.load(path: ModelCommandTests.fixture("loading-spinner.json")).resolve(overrides: [:]) }
        settings.decodingThread = false
        let inPlace = try InspectPipeline.run(gif, settings: settings)
        settings.decodingThread = true
        let threaded = try InspectPipeline.run(gif, settings: settings)
        #expect(inPlace.frames.count == 150)
        #expect(Self.readings(inPlace).count >= 150)
        #expect(Self.readings(threaded) == Self.readings(inPlace))
    }
}
