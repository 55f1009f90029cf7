import Foundation
import Raster
import Rendering
import StrokeGeometry
import Testing
@testable import StrokeEstimation

@Suite("The band's edges of a thin line on 1-bit pixels")
struct OneBitBandEdgesTests {
    /// A 1-bit piece of ring around (`cx`, `cy`), drawn clockwise from `from` to `to` degrees:
    /// a pixel is set where 16 × 16 sub-points say the band covers at least half of it, as a GIF
    /// stores an exact-coverage render over a transparent background.
    static func piece(cx: Double, cy: Double, radius R: Double, width w: Double, from: Double, to: Double, size: Int) -> RGBAImage {
        var image = RGBAImage(width: size, height: size, fill: .transparent)
        let n = 16
        for y in 0..<size {
            for x in 0..<size {
                var covered = 0
                for i in 0..<n {
                    for j in 0..<n {
                        let dx = Double(x) + (Double(i) + 0.5) / Double(n) - cx
                        let dy = Double(y) + (Double(j) + 0.5) / Double(n) - cy
                        var a = atan2(dx, -dy) * 180 / Double.pi
                        if a < 0 { a += 360 }
                        if abs((dx * dx + dy * dy).squareRoot() - R) <= w / 2 && a >= from && a <= to { covered += 1 }
                    }
                }
                if 2 * covered >= n * n { image[x: x, y: y] = RGBA(255, 45, 85) }
            }
        }
        return image
    }

    @Test("the edges are fitted to a few hundredths of a pixel from a width read a tenth too narrow")
    func edgesFromBody() throws {
        let (cx, cy, R, w) = (31.27, 30.64, 20.0, 2.5)
        let image = Self.piece(cx: cx, cy: cy, radius: R, width: w, from: 40, to: 290, size: 64)
        // Started where a found ring might put them: the band's mean radius, a width 0.25 px short.
        var edges = OneBitBandEdges(radius: R + 0.03, lineWidth: w - 0.25)
        #expect(!edges.isSettled)
        edges.add(centre: cx, cy, from: 40, to: 290, endMargin: 4, width: image.width, height: image.height) { x, y in
            image[x: x, y: y].a == 255
        }
        #expect(edges.isSettled)
        #expect(abs(edges.inner - (R - w / 2)) < 0.03, "inner edge \(edges.inner)")
        #expect(abs(edges.outer - (R + w / 2)) < 0.03, "outer edge \(edges.outer)")
        #expect(abs(edges.centreLine.width - w) < 0.04)
    }

    @Test("a ring partly off the canvas is fitted from the pixels on it")
    func partlyOffCanvas() throws {
        let (cx, cy, R, w) = (6.4, 30.7, 20.0, 3.0)
        let image = Self.piece(cx: cx, cy: cy, radius: R, width: w, from: 0, to: 359, size: 40)
        var edges = OneBitBandEdges(radius: R, lineWidth: w + 0.2)
        edges.add(centre: cx, cy, from: 0, to: 359, endMargin: 4, width: image.width, height: image.height) { x, y in
            image[x: x, y: y].a == 255
        }
        #expect(edges.isSettled)
        #expect(abs(edges.centreLine.width - w) < 0.05, "width \(edges.centreLine.width)")
    }

    @Test("pixels near the ends are left out: they show the caps, not the band")
    func endsLeftOut() throws {
        let (cx, cy, R, w) = (31.5, 31.5, 20.0, 2.0)
        let image = Self.piece(cx: cx, cy: cy, radius: R, width: w, from: 100, to: 120, size: 64)
        var edges = OneBitBandEdges(radius: R, lineWidth: w)
        // 20° of arc is 7 px: nothing is left once 4 px are kept clear of each end.
        edges.add(centre: cx, cy, from: 100, to: 120, endMargin: 4, width: image.width, height: image.height) { x, y in
            image[x: x, y: y].a == 255
        }
        #expect(edges.innerCount == 0 && edges.outerCount == 0)
    }

    @Test("a thin round-capped line on 1-bit pixels is measured to the lattice with its cap given")
    func thinRoundLine() throws {
        // The material spinner's line 2.5 px wide at radius 20 px, whose 1-bit width reads
        // 2.1–2.6 px frame by frame: the end fits used to take each frame's own.
        let times = stride(from: 0.013, to: 1.4, by: 0.037).map { $0 }
        let (frames, settings) = try OneBitCapTests.thinFrames("material-spinner.json", lineWidth: 2.5, scale: 1, times: times)
        let r = try EstimatorTests.measureAll(frames, settings, cap: .round)
        // The ends of pieces fitted one by one (longer than two end neighbourhoods, 12 px).
        var errors: [Double] = []
        for ((_, truths), m) in zip(frames, r.measurements) {
            let truth = truths[0].presentation
            guard truth.state == .arc, m.state == .arc, let s = truth.startAngle, let e = truth.endAngle,
                  let ms = m.startAngle, let me = m.endAngle, wrap(e - s) * Double.pi / 180 * 20 > 12 else { continue }
            errors += [angleDifference(s, ms), angleDifference(e, me)]
        }
        #expect(errors.count >= 20)
        let mean = errors.reduce(0, +) / Double(max(errors.count, 1))
        // Measured 0.48° / 1.35° (0.17 / 0.47 px); with each frame's width, and the pixels near
        // the band's edges left out, 0.69° / 1.68°.
        #expect(mean < 0.6, "mean \(mean)° over \(errors.count) ends")
        #expect((errors.max() ?? 0) < 1.5, "worst \(errors.max() ?? 0)°")
    }
}
