import AnimationModel
import JSON
import Raster
import Rendering
import StrokeEstimation
import StrokeGeometry

/// Places a model's layers on the screen: the first arc layer on the best ring gives the scale
/// and offset (unless the options give them), which then place every other layer.
struct ModelPlacement {
    /// Pixels per point a placed model may take: a thousandth to a thousand (devices record at
    /// 1 to 3; a downscaled recording or a model in other units may be far off, but not by more).
    static let plausibleScales = 0.001...1000.0

    let model: ResolvedModel
    let options: InspectOptions
    let file: String
    let canvasWidth: Int
    let canvasHeight: Int
    /// Pixels per point and the pixel position of point (0, 0), once placed.
    private(set) var scale: Double?
    private(set) var origin: Point?
    /// How the placement was found, when it was not given.
    private(set) var assumptions: [String] = []
    /// Static rings seen under or beside the placed rings.
    private(set) var tracks: [Inspection.Track] = []

    init(model: ResolvedModel, options: InspectOptions, file: String, canvasWidth: Int, canvasHeight: Int) {
        self.model = model
        self.options = options
        self.file = file
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
    }

    /// The model's layers with their measurers. `stats` is released (left empty) once the
    /// layers' rings are known, before any measurer is made.
    mutating func place(on rings: [RingGeometry], stats: inout PixelStatistics) throws(InspectionError) -> [PlacedLayer] {
        let arcLayers = model.layers.filter { $0.geometry.circularArc != nil }
        // Rings are found from what changes: the model is anchored on its first animated arc
        // layer (a progress layer, not the static track drawn before it), else its first arc.
        let anchorLayer = arcLayers.first { $0.isAnimated } ?? arcLayers.first
        var scale = options.scale, origin = options.origin
        // Only a ring that looks like a stroke may anchor the model: one fitted through a label,
        // a filled disc or a HUD that fades in would place every layer wrong, and confidently.
        let looks = rings.map { RingPlausibility.read($0, stats: stats, others: rings) }
        // A model that draws something inside its first ring (a tick) explains what changes there.
        let explained = anchorLayer.map { anchor in Self.drawsInside(anchor, model.layers) } ?? false
        let anchors = zip(rings, looks).filter { $0.1.looksLikeStroke($0.0, interiorExplained: explained) }.map(\.0)
        if let anchorLayer, let circle = anchorLayer.geometry.circularArc {
            let centre = anchorLayer.geometry.pathToScreen(rotation: 0).apply(to: circle.center)
            // A circle of radius 0 gives no scale (the ring's radius over 0).
            if scale == nil || origin == nil, circle.radius > 0, let ring = anchors.first {
                // The model's radius is its stroke's centre line; the found ring's radius is the
                // mean radius of its band's pixels, w² / (12 R) further out (about 0.1 % for a
                // 3 pt line on a 30 pt ring). Taken as it is, every other layer would be placed
                // that much too large: a tick's length, and so every fraction read along it,
                // off by that share (RingGeometry.centreLine).
                if scale == nil { scale = ring.centreLine(lineWidth: ring.lineWidth).circle.radius / circle.radius }
                if origin == nil { origin = Point(x: ring.circle.center.x - scale! * centre.x, y: ring.circle.center.y - scale! * centre.y) }
            }
        }
        var placedFromPaths: PathPlacement?
        if arcLayers.isEmpty, scale == nil || origin == nil {
            // Only open paths: placed by their ink's extent.
            let pathLayers = model.layers.filter { $0.geometry.circularArc == nil }
            placedFromPaths = PathPlacement.fit(pathLayers, points: pathLayers.map { Self.pathPoints($0) { $0 } }, stats: stats)
            if let p = placedFromPaths {
                scale = scale ?? p.scale
                origin = origin ?? p.origin
            }
        }
        guard let s = scale, let o = origin, s.isFinite, s > 0, o.x.isFinite, o.y.isFinite else { throw .cannotPlaceModel(file: file) }
        // A scale taken from a ring over a model radius of 1e-300 points is finite but draws
        // nothing measurable; the bound keeps every pixel figure below far inside Int.
        guard Self.plausibleScales.contains(s) else { throw .implausibleScale(file: file, scale: s) }
        self.scale = s
        self.origin = o
        func pixel(_ p: Point) -> Point { Point(x: o.x + s * p.x, y: o.y + s * p.y) }
        try checkSizes(pixel, scale: s)
        // Each arc layer's ring first (the only use of the statistics), then the measurers.
        let layerRings: [RingGeometry?] = model.layers.map { layer in
            guard let circle = layer.geometry.circularArc else { return nil }
            let centre = pixel(layer.geometry.pathToScreen(rotation: 0).apply(to: circle.center))
            let predicted = Circle(center: centre, radius: circle.radius * s)
            // Prefer a found ring close to the prediction (sub-pixel centre); else the prediction.
            let found = rings.first { $0.circle.center.distance(to: centre) < max(2, 0.1 * predicted.radius) && abs($0.circle.radius - predicted.radius) < max(2, 0.1 * predicted.radius) }
            var ring = found ?? RingFinder.ring(on: predicted, stats: stats, minimumWidth: layer.style.lineWidth * s * 0.5)
            if found == nil { ring.lineWidth = layer.style.lineWidth * s }
            return ring
        }
        // Each ring's ink from what changes on it; the layer's strokeColor picks the ink among
        // the colours its band alternates between (a blue progress over a grey track).
        let colours = model.layers.map { $0.style.strokeColor.flatMap(parseHexColor) }
        let layerInks: [RingInk?] = zip(colours, layerRings).map { colour, ring in
            ring.flatMap { RingInk.read($0, stats: stats, strokeColor: colour) }
        }
        for (layer, (ring, ink)) in zip(model.layers, zip(layerRings, layerInks)) {
            guard let ring, let ink else { continue }
            tracks += TrackRing.around(ring, ink: ink, stats: stats).map { Inspection.Track(ring: $0, under: layer.name) }
        }
        stats = PixelStatistics(width: 0, height: 0)
        var placed: [PlacedLayer] = []
        for (k, layer) in model.layers.enumerated() {
            let layerRing = layerRings[k], layerInk = layerInks[k], ink = colours[k]
            let cap = layer.style.lineCap
            if let circle = layer.geometry.circularArc, let ring = layerRing {
                var measurer = ArcMeasurer(ring: ring, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                                           convention: StrokeConvention(clockwise: circle.sweep >= 0, cap: .butt))
                // The model says the cap (`cap` of the options overrides it).
                measurer.knownCap = options.cap ?? cap
                measurer.inkHint = layerInk
                placed.append(PlacedLayer(name: layer.name, kind: .ring(ring, measurer, modelLayer: layer), modelCap: cap))
            } else {
                let points = Self.pathPoints(layer, pixel)
                guard var measurer = PolylineMeasurer(points: points, lineWidth: layer.style.lineWidth * s, cap: cap, join: layer.style.lineJoin,
                                                      canvasWidth: canvasWidth, canvasHeight: canvasHeight) else { continue }
                // Where the path starts on another layer's ring, that ring's ink hides its start.
                let bands = layerRings.compactMap { $0 }
                measurer.coveredStart = Self.coveredStart(points, lineWidth: layer.style.lineWidth * s, under: bands)
                placed.append(PlacedLayer(name: layer.name, kind: .path(measurer, ink: ink, lineWidth: layer.style.lineWidth * s, modelLayer: layer)))
            }
        }
        let placement = "\(DecimalText.short((s * 1000).rounded() / 1000)) px per point, point (0, 0) at pixel (\(DecimalText.short((o.x * 100).rounded() / 100)), \(DecimalText.short((o.y * 100).rounded() / 100)))"
        if let p = placedFromPaths {
            let colour = p.ink.map { " in \($0.hex)" } ?? ""
            assumptions.append("the model has no ring to take the scale and offset from: they are fitted to the extent of the ink\(colour) that changes (its paths' box widened by half the line width): \(placement)")
        } else if options.scale == nil || options.origin == nil {
            assumptions.append("the model is placed with the scale and offset found from ring '\(anchorLayer?.name ?? "")': \(placement)")
        }
        return placed
    }

    /// How many times the canvas's longer side a placed layer may span: beyond, it cannot be
    /// measured on this recording, and its measurers would be sized by the model alone.
    static let maximumCanvasMultiple = 16.0

    /// Every layer, placed, fits within `maximumCanvasMultiple` canvases.
    private func checkSizes(_ pixel: (Point) -> Point, scale s: Double) throws(InspectionError) {
        let limit = Self.maximumCanvasMultiple * Double(max(canvasWidth, canvasHeight, 1))
        for layer in model.layers {
            let span: Double
            if let circle = layer.geometry.circularArc {
                span = 2 * circle.radius * s + layer.style.lineWidth * s
            } else {
                let points = Self.pathPoints(layer, pixel)
                let xs = points.map(\.x), ys = points.map(\.y)
                let box = max((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
                span = box + layer.style.lineWidth * s
            }
            guard span.isFinite, span <= limit else {
                throw .layerTooLarge(file: file, layer: layer.name, span: span, width: canvasWidth, height: canvasHeight)
            }
        }
    }

    /// A layer's whole path as a polyline on screen (curves in 16 steps), each point mapped by `pixel`.
    static func pathPoints(_ layer: ResolvedLayer, _ pixel: (Point) -> Point) -> [Point] {
        var points: [Point] = []
        let transform = layer.geometry.pathToScreen(rotation: 0)
        for piece in layer.geometry.strokePath.visiblePieces(strokeStart: 0, strokeEnd: 1, mode: .coreAnimation) {
            for segment in piece.segments {
                let steps = { if case .line = segment { return 1 } else { return 16 } }()
                for k in 0...steps where !(k == 0 && !points.isEmpty) {
                    points.append(pixel(transform.apply(to: segment.point(at: Double(k) / Double(steps)))))
                }
            }
        }
        return points
    }

    /// Pixels of the polyline from its start whose line lies within one of `rings`' bands.
    static func coveredStart(_ points: [Point], lineWidth: Double, under rings: [RingGeometry]) -> Double {
        func covered(_ p: Point) -> Bool {
            rings.contains { abs($0.circle.center.distance(to: p) - $0.circle.radius) <= ($0.lineWidth + lineWidth) / 2 }
        }
        guard let first = points.first, covered(first) else { return 0 }
        var length = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            // Half-pixel steps, at most 100 000 per segment (a segment far off the canvas
            // leaves the band at once anyway).
            let d = a.distance(to: b), steps = max(1, min(100_000, Int(saturating: (d / 0.5).rounded(.up))))
            for k in 1...steps {
                let t = Double(k) / Double(steps)
                guard covered(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)) else { return length + d * (Double(k) - 1) / Double(steps) }
            }
            length += d
        }
        return length
    }

    /// Whether another of `layers` has a path point inside `anchor`'s circle (model points).
    static func drawsInside(_ anchor: ResolvedLayer, _ layers: [ResolvedLayer]) -> Bool {
        guard let circle = anchor.geometry.circularArc else { return false }
        let centre = anchor.geometry.pathToScreen(rotation: 0).apply(to: circle.center)
        let inner = circle.radius - anchor.style.lineWidth / 2
        return layers.contains { layer in
            layer.name != anchor.name && pathPoints(layer, { $0 }).contains { $0.distance(to: centre) < inner }
        }
    }
}
