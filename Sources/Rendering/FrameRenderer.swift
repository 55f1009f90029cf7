import AnimationModel
import Raster
import StrokeGeometry

/// Draws a resolved model's layers at a model instant with the exact-coverage rasteriser.
public struct FrameRenderer: Sendable {
    public let model: ResolvedModel
    public let settings: RenderSettings
    /// Per layer: colour, cap and join, computed once.
    private let looks: [(color: RGBA, cap: LineCap, join: LineJoin)]

    public init(model: ResolvedModel, settings: RenderSettings) {
        self.model = model
        self.settings = settings
        looks = model.layers.map { layer in
            (layer.style.strokeColor.flatMap(parseHexColor) ?? .black, layer.style.lineCap,
             layer.style.lineJoin)
        }
    }

    /// The canvas at model time `t`, and every layer's exact state.
    public func render(at t: Double) -> (image: RGBAImage, layers: [LayerTruth]) {
        var image = RGBAImage(width: settings.width, height: settings.height, fill: settings.background ?? .transparent)
        let mapping = settings.mapping
        var truths: [LayerTruth] = []
        for (i, layer) in model.layers.enumerated() {
            let p = layer.presentation(at: t)
            let widthPixels = mapping.pixelLength(layer.style.lineWidth)
            truths.append(LayerTruth(presentation: p, centerPixels: p.center.map(mapping.pixel),
                                     radiusPixels: p.radius.map(mapping.pixelLength), lineWidthPixels: widthPixels))
            guard p.state == .arc || p.state == .full, widthPixels > 0 else { continue }
            let pieces = layer.geometry.visiblePieces(strokeStart: p.values.strokeStart, strokeEnd: p.values.strokeEnd,
                                                      rotation: p.values.rotation)
            let mask = StrokeRasterizer.coverage(pieces: mapping.pixelPieces(pieces), lineWidth: widthPixels,
                                                 cap: looks[i].cap, join: looks[i].join, clip: image.bounds)
            image.paint(mask, color: looks[i].color)
        }
        return (image, truths)
    }

    /// A canvas that holds every layer whatever its animation does: the layers' full strokes, at
    /// every rotation the animation reaches (sampled), with an equal margin on both sides of the
    /// content, in pixels at `scale`; the origin keeps point (0, 0) at pixel (0, 0) unless the
    /// content reaches into negative coordinates.
    public static func suggestedCanvas(for model: ResolvedModel, scale: Double) -> (width: Int, height: Int, origin: Point) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        let end = model.suggestedEndTime
        for layer in model.layers {
            let half = layer.style.lineWidth / 2 + 1
            // Rotations the layer goes through, in eighth-turn steps (a layer rotating about its
            // own circle's centre keeps its extent; one rotating about a far anchor sweeps).
            var rotations: Set<Int> = [0]
            for k in 0...256 {
                let r = layer.values(at: end * Double(k) / 256).rotation
                // The turn's remainder first: an unwrapped rotation may be far beyond Int's range.
                let eighths = (r.remainder(dividingBy: 2 * Double.pi) / (Double.pi / 4)).rounded()
                rotations.insert(eighths.isFinite ? Int(eighths) & 7 : 0)
            }
            for rotation in rotations.sorted().map({ Double($0) * Double.pi / 4 }) {
                for piece in layer.geometry.visiblePieces(strokeStart: 0, strokeEnd: 1, rotation: rotation) {
                    for segment in piece.segments {
                        for k in 0...8 {
                            let q = segment.point(at: Double(k) / 8)
                            minX = min(minX, q.x - half); maxX = max(maxX, q.x + half)
                            minY = min(minY, q.y - half); maxY = max(maxY, q.y + half)
                        }
                    }
                }
            }
        }
        guard minX.isFinite else { return (Int((100 * scale).rounded(.up)), Int((100 * scale).rounded(.up)), .zero) }
        func axis(_ lo: Double, _ hi: Double) -> (size: Double, origin: Double) {
            if lo >= 0 { return (lo + hi, 0) }
            let margin = 8.0
            return (hi - lo + 2 * margin, -lo + margin)
        }
        let x = axis(minX, maxX), y = axis(minY, maxY)
        // The model's limits keep these far inside Int; the clamp keeps a canvas size from ever
        // trapping (the caller refuses anything this large).
        func pixels(_ size: Double) -> Int { Int(min(max((size * scale).rounded(.up), 1), 1e12)) }
        return (pixels(x.size), pixels(y.size),
                Point(x: x.origin * scale, y: y.origin * scale))
    }
}
