import AnimationModel
import Foundation
import Testing
import Raster
import Rendering
import StrokeGeometry
@testable import StrokeEstimation

@Suite("A progress ring beside a track of its own colour, and content crossing its band")
struct TouchingTrackTests {
    /// A blue progress ring (radius 43, width 10) filling in 1 s, touching a blue track outside
    /// it (radius 50, width 4: the edges meet at 48), both gone at 1.3 s, when a blue line
    /// is drawn across the ring's band at 2 o'clock (as progresshud's tick, once the ring has
    /// gone). White background, 140 × 140.
    static let json = """
    { "format": "strokescope-model/1", "name": "touching",
      "layers": [
        { "name": "track", "frame": [0, 0, 140, 140], "lineWidth": 4, "strokeColor": "#0079FE", "removedAt": 1.3,
          "path": { "arc": { "center": [70, 70], "radius": 50, "startAngle": "-pi/2", "endAngle": "1.5*pi", "clockwise": true } } },
        { "name": "progress", "frame": [0, 0, 140, 140], "lineWidth": 10, "strokeColor": "#0079FE", "removedAt": 1.3,
          "strokeEnd": 0,
          "path": { "arc": { "center": [70, 70], "radius": 43, "startAngle": "-pi/2", "endAngle": "1.5*pi", "clockwise": true } },
          "animations": [ { "type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "duration": 1,
                            "fillMode": "forwards", "removedOnCompletion": false } ] },
        { "name": "line", "frame": [0, 0, 140, 140], "lineWidth": 8, "strokeColor": "#0079FE", "addedAt": 1.4,
          "path": { "elements": [ { "move": [90, 70] }, { "line": [125, 42] } ] } }
      ] }
    """

    static func frames() throws -> [RGBAImage] {
        let model = try ModelLoader.load(json: json, file: "touching.json").resolve()
        let renderer = FrameRenderer(model: model, settings: RenderSettings(width: 140, height: 140, background: .white))
        return stride(from: 0.0, through: 1.8, by: 0.05).map { renderer.render(at: $0).image }
    }

    @Test("the track that vanishes with the ring in one frame is set aside: the ring found is the progress alone")
    func progressNotTrack() throws {
        let frames = try Self.frames()
        var stats = PixelStatistics(width: 140, height: 140)
        for image in frames { stats.add(image) }
        let rings = RingFinder.rings(in: stats)
        let ring = try #require(rings.first { abs($0.circle.radius - 43) < 3 })
        #expect(abs(ring.circle.radius - 43) < 0.5, "radius \(ring.circle.radius)")
        #expect(abs(ring.lineWidth - 10) < 1, "line width \(ring.lineWidth)")
        #expect(abs(ring.circle.center.x - 70) < 0.3 && abs(ring.circle.center.y - 70) < 0.3)
        // What is drawn only once the ring has gone (the line) is not the ring's interior.
        #expect(RingPlausibility.read(ring, stats: stats, others: rings).looksLikeStroke(ring))
    }

    @Test("a line drawn across the empty band reads empty, with the reason; the stroke under it still reads as an arc")
    func crossingLine() throws {
        let frames = try Self.frames()
        var stats = PixelStatistics(width: 140, height: 140)
        for image in frames { stats.add(image) }
        let ring = try #require(RingFinder.rings(in: stats).first { abs($0.circle.radius - 43) < 3 })
        var measurer = ArcMeasurer(ring: ring, canvasWidth: 140, canvasHeight: 140)
        measurer.knownCap = .butt
        measurer.inkHint = RingInk.read(ring, stats: stats)
        let readings = frames.map { measurer.measure($0) }
        // 0.5 s: half the ring; 1.8 s: only the line, across the band at about 60°.
        #expect(readings[10].state == .arc)
        #expect(angleDifference(readings[10].endAngle ?? 999, 180) < 0.5)
        #expect(readings[36].state == .empty)
        #expect(readings[36].note == ArcMeasurer.crossingNote)
    }
}
