import Raster
import StrokeGeometry
import Testing
@testable import Rendering

@Suite("Overlay drawing")
struct FrameOverlayTests {
    static let style = OverlayStyle()

    func colourCount(_ image: RGBAImage, _ colour: RGBA, within rect: PixelRect) -> Int {
        var n = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where image[x: x, y: y] == colour { n += 1 }
        }
        return n
    }

    @Test("a measured end is a bar across the ring at its on-screen angle, in the end colour")
    func ringEndBar() {
        var image = RGBAImage(width: 100, height: 100, fill: .white)
        // 90° is 3 o'clock: the bar crosses the ring to the right of the centre.
        FrameOverlay(ringEnds: [.init(center: Point(x: 50, y: 50), radius: 30, lineWidth: 4, angle: 90, kind: .end)])
            .paint(on: &image, style: Self.style)
        let right = PixelRect(x: 73, y: 47, width: 14, height: 6)
        #expect(colourCount(image, Self.style.endColor, within: right) >= 14)
        #expect(colourCount(image, Self.style.endColor, within: image.bounds) == colourCount(image, Self.style.endColor, within: right))
        #expect(colourCount(image, Self.style.startColor, within: image.bounds) == 0)
    }

    @Test("the model's stroke is a thin magenta line along its centre, kept thin on a thumbnail")
    func modelLine() {
        let circle = ArcConstruction(arc: Arc(center: Point(x: 50, y: 50), radius: 30, startAngle: -Double.pi / 2, endAngle: 0, clockwise: true))
        let piece = StrokePiece(segments: circle.segments.map { .cubic($0) }, isClosed: false)
        var full = RGBAImage(width: 100, height: 100, fill: .white)
        FrameOverlay(modelPieces: [piece]).paint(on: &full, style: Self.style)
        // A quarter circle of radius 30, 1.5 px wide: about 47 px² of coverage, all in the
        // top-right quadrant.
        var coverage = 0.0, outside = 0.0
        for y in 0..<100 {
            for x in 0..<100 {
                let p = full[x: x, y: y]
                let ink = Double(255 - Int(p.g)) / 255
                if x >= 49 && y <= 51 { coverage += ink } else { outside += ink }
            }
        }
        #expect(abs(coverage - 1.5 * 30 * Double.pi / 2) < 2)
        #expect(outside < 0.5)
        var thumb = RGBAImage(width: 50, height: 50, fill: .white)
        FrameOverlay(modelPieces: [piece]).paint(on: &thumb, scale: 0.5, style: Self.style)
        var thumbCoverage = 0.0
        for y in 0..<50 { for x in 0..<50 { thumbCoverage += Double(255 - Int(thumb[x: x, y: y].g)) / 255 } }
        #expect(abs(thumbCoverage - 1.5 * 15 * Double.pi / 2) < 1.5, "same width in output pixels at half scale")
    }

    @Test("an empty overlay leaves the frame alone")
    func emptyOverlay() {
        let image = RGBAImage(width: 20, height: 20, fill: RGBA(10, 20, 30))
        var copy = image
        FrameOverlay().paint(on: &copy)
        #expect(copy == image)
        #expect(FrameOverlay().isEmpty)
    }
}
