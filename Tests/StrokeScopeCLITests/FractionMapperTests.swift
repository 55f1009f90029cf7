import AnimationModel
import StrokeEstimation
import StrokeGeometry
import Testing
@testable import Inspection
@testable import StrokeScopeCLI

/// Measured angles through a model layer's path: a full circle from 12 o'clock clockwise
/// (payment-success.json's ring, radius 30 pt, line 3 pt, drawn here at 1 px a point).
@Suite("Stroke fractions across the path's seam")
struct FractionMapperTests {
    static func mapper() throws -> FractionMapper {
        let model = try ModelLoader.load(path: ModelCommandTests.fixture("payment-success.json")).resolve(overrides: [:])
        let layer = try #require(model.layers.first { $0.name == "ring" })
        let ring = RingGeometry(circle: Circle(center: Point(x: 150, y: 150), radius: 30), lineWidth: 3)
        return FractionMapper(layer: layer, ring: ring, scale: 1, origin: Point(x: 0, y: 0))
    }

    @Test("a piece measured from just before 12 o'clock starts at 0; one ending just past it ends at 1")
    func seam() throws {
        let m = try Self.mapper()
        // Both ends within the tolerance of the seam (here the line's angle, 5.7°): the nearer
        // one is across. A reading of 359.98° to 4° once came out as 0.99995 to 1.
        // (Fractions follow the path's length; its Bézier arcs put them up to 0.001 from
        // angle / 360.)
        let early = try #require(m.fractions(start: 359.98, end: 4))
        #expect(early.start == 0)
        #expect(abs(early.end - 4.0 / 360) < 2e-3)
        let late = try #require(m.fractions(start: 356, end: 0.02))
        #expect(abs(late.start - 356.0 / 360) < 2e-3)
        #expect(late.end == 1)
        // An ordinary piece is untouched; one across the seam by far has no reading.
        let plain = try #require(m.fractions(start: 90, end: 180))
        #expect(abs(plain.start - 0.25) < 2e-3 && abs(plain.end - 0.5) < 2e-3)
        #expect(m.fractions(start: 300, end: 60) == nil)
    }
}
