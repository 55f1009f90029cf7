import AnimationModel
import Foundation
import Raster
import Rendering
import StrokeGeometry
import Testing
@testable import StrokeEstimation

@Suite("Caps of thin lines on 1-bit pixels")
struct OneBitCapTests {
    /// A fixture model with its line width changed to `lineWidth` points, rendered at `scale`
    /// over a transparent canvas and stored as a GIF stores it (1-bit transparency).
    static func thinFrames(_ name: String, lineWidth: Double, scale: Double, times: [Double]) throws
        -> (frames: [(RGBAImage, [LayerTruth])], settings: RenderSettings) {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../fixtures/models/\(name)").standardized
        let text = try String(contentsOf: source, encoding: .utf8)
            .replacingOccurrences(of: "\"lineWidth\": 4", with: "\"lineWidth\": \(lineWidth)")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("onebit-\(UUID().uuidString)-\(name)")
        try text.write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let model = try ModelLoader.load(path: path.path).resolve(overrides: [:])
        let canvas = FrameRenderer.suggestedCanvas(for: model, scale: scale)
        let settings = RenderSettings(scale: scale, width: canvas.width, height: canvas.height, origin: canvas.origin, background: nil)
        let renderer = FrameRenderer(model: model, settings: settings)
        return (EndShapeTests.oneBit(times.map { renderer.render(at: $0) }), settings)
    }

    /// The caps judged from every frame's ends, and how many ends were fitted for it.
    static func judge(_ frames: [(RGBAImage, [LayerTruth])], _ settings: RenderSettings) throws -> (cap: LineCap?, ends: Int) {
        var stats = PixelStatistics(width: settings.width, height: settings.height)
        for (image, _) in frames { stats.add(image) }
        let ring = try #require(RingFinder.rings(in: stats).first)
        var measurer = ArcMeasurer(ring: ring, canvasWidth: settings.width, canvasHeight: settings.height)
        for frame in frames { _ = measurer.measure(frame.0) }
        return (measurer.inferredCap, measurer.capEvidence.count)
    }

    /// A fixture's ring drawn 2 px wide (1 pt at 2×) on 1-bit pixels over 2.7 s, and the caps
    /// judged from its ends (at least 100 of them fitted).
    static func judgeThinLine(_ name: String) throws -> LineCap? {
        let times = stride(from: 0.013, to: 2.7, by: 0.021).map { $0 }
        let (frames, settings) = try thinFrames(name, lineWidth: 1, scale: 2, times: times)
        let judged = try judge(frames, settings)
        #expect(judged.ends >= 100)
        return judged.cap
    }

    // A 2 px line: the two cap shapes differ by a fifth of a pixel and almost every end fits
    // both at some position; the round cap shows only in how likely the pixels are under each.
    @Test("a 2 px round-capped line on 1-bit pixels is judged round")
    func thinRound() throws {
        #expect(try Self.judgeThinLine("material-spinner.json") == .round)
    }

    @Test("a 2 px butt-capped line on 1-bit pixels is not judged round")
    func thinButt() throws {
        #expect(try Self.judgeThinLine("loading-spinner.json") != .round)
    }

    @Test("the found ring's radius is corrected to the stroke's centre line", arguments: [(2.0, 40.0), (1.0, 20.0)])
    func centreLine(scale: Double, radius: Double) throws {
        // The spinner's 4 pt line: 8 px at 2×, where the pixels' mean radius lies 0.13 px out.
        let times = stride(from: 0.02, to: 1.5, by: 0.05).map { $0 }
        let (frames, settings) = try EstimatorTests.spinnerFrames(scale: scale, times: times)
        var stats = PixelStatistics(width: settings.width, height: settings.height)
        for (image, _) in frames { stats.add(image) }
        let ring = try #require(RingFinder.rings(in: stats).first)
        let w = 4 * scale
        let corrected = ring.centreLine(lineWidth: w).circle.radius
        #expect(abs(corrected - radius) < 0.04, "fitted \(ring.circle.radius), corrected \(corrected)")
        // A circle given by the caller is its centre line already.
        let given = RingGeometry(circle: Circle(center: ring.circle.center, radius: radius), lineWidth: w)
        #expect(given.centreLine(lineWidth: w).circle.radius == radius)
    }
}
