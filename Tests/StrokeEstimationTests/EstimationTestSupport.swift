import AnimationModel
import Foundation
import Raster
import Rendering
import StrokeEstimation
import StrokeGeometry

/// Renders a fixture model (exact coverage, no quantisation) at the given model times.
func renderFixture(_ name: String, scale: Double = 1, background: RGBA? = .white, times: [Double],
                   overrides: [String: Double] = [:]) throws -> (frames: [(RGBAImage, [LayerTruth])], settings: RenderSettings, model: ResolvedModel) {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fixtures/models/\(name)").standardized.path
    let model = try ModelLoader.load(path: path).resolve(overrides: overrides)
    let canvas = FrameRenderer.suggestedCanvas(for: model, scale: scale)
    let settings = RenderSettings(scale: scale, width: canvas.width, height: canvas.height, origin: canvas.origin, background: background)
    let renderer = FrameRenderer(model: model, settings: settings)
    return (times.map { renderer.render(at: $0) }, settings, model)
}

/// The smallest difference between two angles in degrees (0...180).
func angleDifference(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(d, 360 - d)
}
