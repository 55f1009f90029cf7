import AnimationModel
import Foundation
import GIFCodec
import Raster
import Rendering
import StrokeGeometry

/// Shared pieces for the render tests: the seed models, temporary files, decoding, and a
/// measurement of a ring's ends from pixels alone. (One namespace, so nothing clashes with other
/// RenderingTests files.)
enum RenderReference {
    static let modelsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../fixtures/models").standardized.path

    /// A seed model from `fixtures/models/NAME.json`, resolved.
    static func model(_ name: String, overrides: [String: Double] = [:]) throws -> ResolvedModel {
        try ModelLoader.load(path: modelsDirectory + "/" + name + ".json").resolve(overrides: overrides)
    }

    /// A path in a fresh temporary directory.
    static func temporaryPath(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strokescope-render-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    /// Every displayed frame of the GIF at `path`, composited as a browser shows it.
    static func decode(_ path: String) throws -> [GIFFrame] {
        let decoder = try GIFDecoder(path: path)
        var frames: [GIFFrame] = []
        while let frame = try decoder.next() { frames.append(frame) }
        return frames
    }

    /// Renders `schedule` with `settings` to a temporary GIF; returns the path and every frame's truth.
    static func render(_ model: ResolvedModel, _ settings: RenderSettings, _ schedule: RecordingSchedule,
                       name: String = "render.gif") throws -> (path: String, frames: [RenderedFrame]) {
        let animation = AnimationRenderer(renderer: FrameRenderer(model: model, settings: settings), schedule: schedule)
        let path = temporaryPath(name)
        var frames: [RenderedFrame] = []
        try animation.write(to: path, overwrite: false) { frames.append($0) }
        return (path, frames)
    }

    /// A perfect schedule: `count` frames `cs` centiseconds apart from model time `from`.
    static func schedule(from: Double = 0, count: Int, cs: Int, duplicate: Set<Int> = []) -> RecordingSchedule {
        var plan = RecordingSchedule.Plan(from: from, duration: Double(count * cs) / 100, interval: .centiseconds(cs))
        plan.duplicate = duplicate
        return RecordingSchedule(plan)
    }

    /// The smallest difference between two angles in degrees.
    static func degreesApart(_ a: Double, _ b: Double) -> Double {
        let d = abs((a - b).truncatingRemainder(dividingBy: 360))
        return min(d, 360 - d)
    }

    /// A ring's stroke coverage at one pixel, recovered from its colour: `(bg − pixel) / (bg − ink)`
    /// on the channel where ink and background differ most.
    static func coverage(_ pixel: RGBA, ink: RGBA, background: RGBA) -> Double {
        let channels: [(UInt8, UInt8, UInt8)] = [(pixel.r, ink.r, background.r), (pixel.g, ink.g, background.g),
                                                 (pixel.b, ink.b, background.b)]
        let best = channels.max { abs(Int($0.2) - Int($0.1)) < abs(Int($1.2) - Int($1.1)) }!
        return Double(Int(best.2) - Int(best.0)) / Double(Int(best.2) - Int(best.1))
    }

    /// Where a butt-capped arc on a circle around the pixel corner `center` ends (or starts),
    /// measured from the pixels alone, in degrees clockwise from 12 o'clock.
    ///
    /// The lines x = cx and y = cy are pixel boundaries, so they cut the canvas into four exact
    /// quadrants. An annulus sector of sweep Δ (radians) has area Δ · r · w, so the coverage summed
    /// over the ring pixels of one quadrant gives the sweep drawn inside it. The end's quadrant
    /// `[q0, q0 + 90°)` is entered at `q0` when the other end lies outside it: the end sits at
    /// q0 + sweep; likewise the start sits at q0 + 90° − sweep in its own quadrant. Returns nil
    /// when both ends share a quadrant (no exact boundary to measure from).
    static func measuredEnds(in image: RGBAImage, center: (x: Int, y: Int), radius: Double, lineWidth: Double,
                             ink: RGBA, background: RGBA, startAngle: Double, endAngle: Double) -> (start: Double, end: Double)? {
        let startQuadrant = Int(startAngle / 90), endQuadrant = Int(endAngle / 90)
        // The start exactly on a quadrant boundary does not reach into the quadrant before it.
        let startOnBoundary = abs(startAngle - Double(startQuadrant) * 90) < 1e-9
        guard startQuadrant != endQuadrant || startOnBoundary else { return nil }
        var sums = [Double](repeating: 0, count: 4)
        let band = lineWidth / 2 + 2
        for y in 0..<image.height {
            for x in 0..<image.width {
                let dx = Double(x) + 0.5 - Double(center.x), dy = Double(y) + 0.5 - Double(center.y)
                guard abs((dx * dx + dy * dy).squareRoot() - radius) <= band else { continue }
                let right = x >= center.x, below = y >= center.y
                let quadrant = right ? (below ? 1 : 0) : (below ? 2 : 3)
                sums[quadrant] += coverage(image[x: x, y: y], ink: ink, background: background)
            }
        }
        let degreesPerArea = 180 / Double.pi / (radius * lineWidth)
        let end = Double(endQuadrant) * 90 + sums[endQuadrant] * degreesPerArea
        let start = startOnBoundary ? startAngle : Double(startQuadrant + 1) * 90 - sums[startQuadrant] * degreesPerArea
        return (start, end)
    }
}
