import Testing
import Raster
import StrokeGeometry
@testable import StrokeEstimation

@Suite("Scenes and rings among other content")
struct SceneStatisticsTests {
    /// A grey canvas with a white square at `x` (a moving part) over a background of `shade`.
    static func frame(shade: UInt8, squareAt x: Int?) -> RGBAImage {
        var image = RGBAImage(width: 40, height: 40, fill: RGBA(shade, shade, shade))
        if let x {
            for y in 10..<14 { for dx in 0..<4 { image[x: x + dx, y: y] = RGBA(255, 255, 255) } }
        }
        return image
    }

    @Test("a frame that changes most of the canvas starts a scene; the longest scene is kept, without the cut's own frame")
    func cutStartsScene() {
        var stats = PixelStatistics(width: 40, height: 40)
        // Two frames of a dark screen whose square moves, then a light screen: ten frames.
        stats.add(Self.frame(shade: 20, squareAt: 2))
        stats.add(Self.frame(shade: 20, squareAt: 30))
        for k in 0..<10 { stats.add(Self.frame(shade: 200, squareAt: 5 + k)) }
        stats.keepLongestScene()
        #expect(stats.frames == 12)
        #expect(stats.sceneStart == 2)
        #expect(stats.sceneFrames == 10)
        // Measured from the light screen: the background never changes, the square's path does.
        #expect(stats.maxDeviation[35 * 40 + 35] == 0)
        #expect(stats.maxDeviation[11 * 40 + 12] > 40)
        #expect(stats.maxDeviation[11 * 40 + 31] == 0, "the dark scene's square is not in the light scene")
    }

    /// A 50 × 50 canvas: white margins and a status bar (rows 0-4, a "clock" that changes)
    /// that never take part, around content (x 3..<47, y 6..<48) of `shade`, with a white square
    /// at `x`; `hud` draws a dark box over the middle (30 × 30).
    static func framed(shade: UInt8, squareAt x: Int, clock: Int, hud: Bool = false) -> RGBAImage {
        var image = RGBAImage(width: 50, height: 50, fill: RGBA(255, 255, 255))
        image.fill(PixelRect(x: 0, y: 0, width: 50, height: 5), with: RGBA(240, 240, 245))
        image.fill(PixelRect(x: 2 + clock % 3, y: 1, width: 3, height: 3), with: RGBA(0, 0, 0))
        image.fill(PixelRect(x: 3, y: 6, width: 44, height: 42), with: RGBA(shade, shade, shade))
        // Every fourth row of the content is the same on every screen (rules of a list).
        for y in stride(from: 6, to: 48, by: 4) { image.fill(PixelRect(x: 3, y: y, width: 44, height: 1), with: RGBA(90, 90, 90)) }
        if hud { image.fill(PixelRect(x: 10, y: 12, width: 30, height: 30), with: RGBA(40, 40, 40)) }
        image.fill(PixelRect(x: x, y: 20, width: 4, height: 4), with: RGBA(255, 255, 255))
        return image
    }

    @Test("a cut of the content inside static margins starts a scene, though it changes under 60 % of the canvas")
    func framedCut() {
        var stats = PixelStatistics(width: 50, height: 50)
        stats.add(Self.framed(shade: 20, squareAt: 5, clock: 0))
        stats.add(Self.framed(shade: 20, squareAt: 9, clock: 1))
        for k in 0..<8 { stats.add(Self.framed(shade: 150, squareAt: 10 + 3 * k, clock: 2 + k)) }
        stats.keepLongestScene()
        // Three rows in four of the content change: 55 % of the canvas (under the 60 % of a cut),
        // 65 % of the box they span with the clock (90 % of the width, 94 % of the height).
        #expect(stats.sceneStart == 2)
        #expect(stats.sceneFrames == 8)
    }

    @Test("a HUD appearing over the middle of the content is not a cut")
    func hudIsNoCut() {
        var stats = PixelStatistics(width: 50, height: 50)
        stats.add(Self.framed(shade: 150, squareAt: 5, clock: 0))
        for k in 0..<6 { stats.add(Self.framed(shade: 150, squareAt: 6 + 3 * k, clock: 1 + k, hud: true)) }
        stats.keepLongestScene()
        #expect(stats.sceneStart == 0 && stats.sceneFrames == 7)
    }

    @Test("a recording without cuts stays one scene, measured from its first frame")
    func noCut() {
        var stats = PixelStatistics(width: 40, height: 40)
        for k in 0..<6 { stats.add(Self.frame(shade: 20, squareAt: 2 + 4 * k)) }
        stats.keepLongestScene()
        #expect(stats.sceneStart == 0 && stats.sceneFrames == 6)
        #expect(stats.maxDeviation[11 * 40 + 23] > 40)
    }

    @Test("a consensus ring's band ends where its strong pixels stop: a second ring beside it is not part of it")
    func contiguousBand() {
        // A band 4 px wide around the circle and a second 3 px wide 9 px out.
        var offsets: [Double] = []
        for d in stride(from: -2.0, through: 2.0, by: 0.25) { offsets += Array(repeating: d, count: 40) }
        for d in stride(from: 7.5, through: 10.5, by: 0.25) { offsets += Array(repeating: d, count: 40) }
        let span = RingFinder.contiguousBand(offsets, reach: 20)
        #expect(span.lowerBound >= -3.5 && span.lowerBound <= -2)
        #expect(span.upperBound >= 2 && span.upperBound <= 3.5)
    }
}

@Suite("Ink that changes hue along the stroke")
struct HueSpreadTests {
    /// A 270° arc from 12 o'clock (radius 30, width 8) on black: cyan then, past `split`°, white.
    static func arc(split: Double) -> RGBAImage {
        var image = RGBAImage(width: 100, height: 100, fill: RGBA(0, 0, 0))
        for y in 0..<100 {
            for x in 0..<100 {
                let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let a = onScreenAngle(of: p, around: Point(x: 50, y: 50))
                guard abs(p.distance(to: Point(x: 50, y: 50)) - 30) <= 4, a < 270 else { continue }
                image[x: x, y: y] = a < split ? RGBA(0, 255, 255) : RGBA(255, 255, 255)
            }
        }
        return image
    }

    @Test("a two-hue arc reads another hue over much of its length; a one-colour arc none")
    func spread() throws {
        let ring = RingGeometry(circle: Circle(center: Point(x: 50, y: 50), radius: 30), lineWidth: 8)
        var gradient = ArcMeasurer(ring: ring, canvasWidth: 100, canvasHeight: 100)
        let two = gradient.measure(Self.arc(split: 135))
        #expect(try #require(two.hueSpread) > 0.25)
        var plain = ArcMeasurer(ring: ring, canvasWidth: 100, canvasHeight: 100)
        let one = plain.measure(Self.arc(split: 360))
        #expect(try #require(one.hueSpread) < 0.05)
    }
}
