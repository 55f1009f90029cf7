import Foundation
import Testing
import StrokeEstimation
import StrokeGeometry
@testable import Inspection

/// A spinner, then a success ring drawn below it after the sampled frames (as a payment HUD
/// shows it): found by the second search, in a GIF and in a movie alike (a movie's frames are
/// watched on their luma, its conversion narrowed to the spinner).
@Suite("A ring that first appears after the sample", .timeLimit(.minutes(2)))
struct LateRingTests {
    /// 100 × 170: the spinner turning around (50, 50); a green ring around (50, 125), radius 18,
    /// drawn clockwise from 12 o'clock from 2.5 s to 3 s, then held. 3.5 s at 60 Hz: 210
    /// frames, of which the first 120 are sampled.
    static let model = """
    { "format": "strokescope-model/1", "name": "late-success",
      "layers": [
        { "name": "spinner", "frame": [0, 0, 100, 100], "lineWidth": 4, "strokeColor": "#007AFF", "strokeEnd": 0.3,
          "path": { "arc": { "center": [50, 50], "radius": 20, "startAngle": "-pi/2", "endAngle": "3*pi/2", "clockwise": true } },
          "animations": [ { "type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": "2*pi",
                            "duration": 1, "repeatCount": "inf" } ] },
        { "name": "success", "frame": [0, 70, 100, 100], "lineWidth": 3, "strokeColor": "#34C759", "strokeEnd": 0,
          "path": { "arc": { "center": [50, 55], "radius": 18, "startAngle": "-pi/2", "endAngle": "3*pi/2", "clockwise": true } },
          "animations": [ { "type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "beginTime": "now + 2.5",
                            "duration": 0.5, "fillMode": "both", "removedOnCompletion": false } ] }
      ] }
    """

    @Test("the success ring is found late and read: empty before 2.5 s, half at 2.75 s, full after 3 s", arguments: ["late.gif", "late.mp4"])
    func successRing(name: String) throws {
        let dir = temporaryDirectory()
        let modelFile = dir + "/late.json", file = dir + "/" + name
        try Self.model.write(toFile: modelFile, atomically: true, encoding: .utf8)
        let run = strokescope(["render", modelFile, "-o", file, "--fps", "60", "--duration", "3.5"])
        try #require(run.code == 0, "\(run.err)")
        let inspection = try Inspector().inspect(Recording(contentsOf: file))
        let late = inspection.layers.first { layer in
            guard case .ring(let ring, _) = layer.kind else { return false }
            return ring.circle.center.distance(to: Point(x: 50, y: 125)) < 1.5 && abs(ring.circle.radius - 18) < 1.5
        }
        let ring = try #require(late, "no ring at (50, 125): \(inspection.layers.map(\.name)) \(inspection.assumptions)")
        #expect(!ring.confidence.isTentative)
        #expect(inspection.assumptions.contains { $0.hasPrefix("\(ring.name): found in the frames after the first") })
        let frames = inspection.frames
        func reading(at time: Double) -> LayerReading? {
            guard let k = frames.lastIndex(where: { $0.time <= time + 1e-6 }) else { return nil }
            return ring.readings[k]
        }
        #expect(reading(at: 1.0)?.state == .empty)
        #expect(reading(at: 2.4)?.state == .empty)
        let half = try #require(reading(at: 2.75))
        #expect(half.state == .arc)
        #expect(angleDifference(half.startAngle ?? 999, 0) < 4, "start \(half.startAngle ?? .nan)")
        #expect(angleDifference(half.endAngle ?? 999, 180) < 12, "end \(half.endAngle ?? .nan)")
        #expect(reading(at: 3.3)?.state == .full)
    }

    /// Degrees between two angles, the short way round.
    func angleDifference(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }
}
