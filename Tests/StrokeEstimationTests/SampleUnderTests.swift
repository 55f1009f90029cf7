import AnimationModel
import Foundation
import Testing
import Raster
import Rendering
import StrokeGeometry
@testable import StrokeEstimation

@Suite("What lies under a ring read sample by sample: a grey line beside a red hairline ring is not ink")
struct SampleUnderTests {
    /// A red hairline ring (radius 24.6, width 1.2, #FE898B) drawn clockwise from 12 o'clock
    /// over 1 s, on white, with a static grey divider (#D5D3D6, 1 px, pixel row 70) 0.9 px
    /// outside the ring's centre line at the bottom. 100 × 100.
    static let json = """
    { "format": "strokescope-model/1", "name": "divider",
      "layers": [
        { "name": "divider", "frame": [0, 0, 100, 100], "lineWidth": 1, "strokeColor": "#D5D3D6",
          "path": { "elements": [ { "move": [0, 70.5] }, { "line": [100, 70.5] } ] } },
        { "name": "ring", "frame": [0, 0, 100, 100], "lineWidth": 1.2, "strokeColor": "#FE898B", "strokeEnd": 0,
          "path": { "arc": { "center": [50, 45], "radius": 24.6, "startAngle": "-pi/2", "endAngle": "1.5*pi", "clockwise": true } },
          "animations": [ { "type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "duration": 1,
                            "fillMode": "forwards", "removedOnCompletion": false } ] }
      ] }
    """

    static func frame(at t: Double) throws -> RGBAImage {
        let model = try ModelLoader.load(json: json, file: "divider.json").resolve()
        return FrameRenderer(model: model, settings: RenderSettings(width: 100, height: 100, background: .white)).render(at: t).image
    }

    static let ring = RingGeometry(circle: Circle(center: Point(x: 50, y: 45), radius: 24.6), lineWidth: 1.2)
    static let red = SIMD4<Float>(254, 137, 139, 255)
    static let white = SIMD4<Float>(255, 255, 255, 255)

    static func measurer(knowing: Bool) -> ArcMeasurer {
        var m = ArcMeasurer(ring: ring, canvasWidth: 100, canvasHeight: 100)
        m.knownCap = .butt
        m.inkHint = RingInk(ink: red, under: white, surroundings: white)
        m.readsUnderPerSample = knowing
        return m
    }

    @Test("before the ring is drawn, the grey divider on its band is what lies under the stroke: no ink")
    func dividerIsNotInk() throws {
        let before = try Self.frame(at: 0)
        var knowing = Self.measurer(knowing: true)
        #expect(knowing.measure(before).state == .empty)
        // Judged by its distance from the background beside the band, the divider is ink.
        var blind = Self.measurer(knowing: false)
        #expect(blind.measure(before).state != .empty)
    }

    @Test("the drawn ring reads its ends, and the divider ahead of its end adds no piece of its own")
    func ringBesideDivider() throws {
        var knowing = Self.measurer(knowing: true)
        _ = knowing.measure(try Self.frame(at: 0))
        // 0.35 s: 126° drawn, the divider (about 160°-200°) still ahead of the end.
        let before = knowing.measure(try Self.frame(at: 0.35))
        #expect(before.state == .arc)
        #expect(angleDifference(before.startAngle ?? 999, 0) < 3, "start \(before.startAngle ?? .nan)")
        #expect(angleDifference(before.endAngle ?? 999, 126) < 3, "end \(before.endAngle ?? .nan)")
        #expect(before.segments.isEmpty, "no piece on the divider: \(before.segments)")
        // 0.6 s: 216° drawn, past the divider at the bottom (180°).
        let past = knowing.measure(try Self.frame(at: 0.6))
        #expect(past.state == .arc)
        #expect(angleDifference(past.endAngle ?? 999, 216) < 3, "end \(past.endAngle ?? .nan)")
        #expect(past.segments.isEmpty, "\(past.segments)")
    }
}
