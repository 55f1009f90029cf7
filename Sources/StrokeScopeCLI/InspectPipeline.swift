import AnimationModel
import Fitting
import GIFCodec
import Raster
import Rendering
import StrokeEstimation
import StrokeGeometry

/// What `inspect` found and measured in one GIF (and what `fit` builds on).
struct Inspection {
    /// One measured layer: a ring, or (with a model) an open path such as a tick.
    struct Track {
        var name: String
        var kind: Kind
        var measurements: [LayerReading] = []
        var inkColours: [RGBA] = []

        enum Kind {
            /// The measurer is nil only while `FrameMeasuring` holds it.
            case ring(RingGeometry, ArcMeasurer?, modelLayer: ResolvedLayer?)
            case path(PolylineMeasurer, ink: RGBA?, lineWidth: Double, modelLayer: ResolvedLayer)
        }
    }

    struct Frame {
        var info: GIFFrameInfo
        var time: Double
        var delay: Double
    }

    var file: String
    var canvasWidth: Int
    var canvasHeight: Int
    var frames: [Frame] = []
    var tracks: [Track] = []
    var assumptions: [String] = []
    var warnings: [String] = []
    /// With a model: pixels per point and the pixel position of point (0, 0).
    var scale: Double?
    var origin: Point?
    /// Cap style used per ring track (inferred or from the model), by track index.
    var caps: [Int: LineCap] = [:]
}

/// One layer in one frame as reported.
struct LayerReading {
    var state: String
    var startAngle: Double?
    var endAngle: Double?
    var strokeStart: Double?
    var strokeEnd: Double?
    var segments: [(start: Double, end: Double)] = []
    var note: String?
    /// The ring measurement behind it (rings only), for the period finder.
    var arc: ArcMeasurement?
}

/// Options of `inspect` (and `fit`) that shape the search.
struct InspectSettings {
    var decode = GIFDecodeOptions()
    var timing = FrameTiming.delays(.raw)
    var region: PixelRect?
    var circle: Circle?
    var scale: Double?
    var origin: Point?
    var cap: LineCap?
    var model: ResolvedModel?
    /// Where the measuring pass reports frames done (a terminal's progress bar).
    var progress: Progress = .silent
    /// Whether frames are decoded on a thread of their own; nil: when the screen is large
    /// enough to pay for it and the thread budget allows (tests set it to compare both ways).
    var decodingThread: Bool?

    /// The defaults, with what the environment says (`STROKESCOPE_DECODING_THREAD`).
    init(environment: [String: String] = [:]) {
        decodingThread = DecodingThreadSetting.from(environment)
    }
}

enum InspectPipeline {
    static func run(_ file: String, settings: InspectSettings) throws(CLIError) -> Inspection {
        do {
            return try inspect(file, settings)
        } catch let error as GIFError {
            throw CLIError.gif(error)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(file): \(error)", exitCode: CLIError.Code.internalError)
        }
    }

    private static func inspect(_ file: String, _ settings: InspectSettings) throws -> Inspection {
        // Decoding starts at once on a second thread, ahead of the statistics and measuring;
        // meanwhile a structure scan (no pixels) on a third says how many frames there are.
        let opened = try GIFDecoder(path: file, options: settings.decode)
        let screen = opened.screen
        // A thread pays off from a quarter-megapixel screen, and not inside a batch.
        let threaded = settings.decodingThread ?? (FitParallelism.enabled && screen.width * screen.height >= 250_000)
        let decoder = PrefetchedFrames(opened, budget: changeBudget, threaded: threaded)
        defer { decoder.stop() }
        let counting = FrameCount(file: file, options: settings.decode, threaded: threaded)
        var player = FramePlayer(width: screen.width, height: screen.height, file: file)

        // What changes over time, from the first frames (all of a short animation). About
        // three seconds at a typical 30 ms: enough for a ring to show itself. The same decoder
        // then goes on to measure the rest, so the file is decoded once: the sampled frames are
        // kept as pixel changes (up to a memory cap) and measured from those once the rings are
        // known. The sample is at least `shortAnimation` frames, so the count is needed only then.
        var stats = PixelStatistics(width: screen.width, height: screen.height)
        var recording = FrameRecording(width: screen.width, height: screen.height)
        var sampleInfos: [GIFFrameInfo] = []
        var sampleCount: Int?
        do {
            var previous: PixelRect?
            while true {
                if sampleCount == nil, stats.frames >= shortAnimation { sampleCount = Self.sampleCount(of: try counting.value()) }
                if let sampleCount, stats.frames >= sampleCount { break }
                let next: PrefetchedFrames.Handover?
                do {
                    next = try decoder.next()
                } catch {
                    // The scan's error comes first, as when the scan ran before the decoding.
                    _ = try counting.value()
                    throw error
                }
                guard let item = next else { break }
                let frame = try player.frame(item)
                // Only this frame's rectangle and the previous one's (its disposal) can change.
                let rect = frame.info.rect
                let changed = previous.map { $0.union(rect) } ?? rect
                stats.add(frame.image, changed: changed)
                recording.add(frame.image, changed: changed)
                sampleInfos.append(frame.info)
                previous = rect
            }
            recording.finishRecording()
        }
        // A complete recording's replay ends on the picture the player shows: the player's
        // canvas goes now, not after the rings' search and the samplers' set-up (the peak).
        let replayResumes = recording.isComplete && player.canvas != nil
        if recording.isComplete { player.release() }
        let frameCount = try counting.value()
        guard frameCount > 0 else { throw CLIError("\(file): the file has no frames to inspect", exitCode: CLIError.Code.malformedInput) }
        let sampled = sampleCount ?? Self.sampleCount(of: frameCount)
        // Meanwhile, and while the rings are searched for, the decoding thread goes on with the
        // frames after the sample (as far as the change budget allows).
        var inspection = Inspection(file: file, canvasWidth: screen.width, canvasHeight: screen.height)
        var rings: [RingGeometry]
        if let c = settings.circle {
            rings = [RingFinder.ring(on: c, stats: stats)]
        } else {
            rings = RingFinder.rings(in: stats, region: settings.region)
            if rings.isEmpty && sampled < frameCount {
                // Nothing moved early on: look at every frame.
                let everything = try GIFDecoder(path: file, options: settings.decode)
                var all = PixelStatistics(width: screen.width, height: screen.height)
                while let frame = try everything.next() { all.add(frame.image) }
                stats = all
                rings = RingFinder.rings(in: stats, region: settings.region)
            }
        }

        // Tracks: model layers placed on the found rings, or the rings themselves.
        // The statistics are freed as soon as the rings are placed (before the measurers'
        // samplers are built, which would otherwise add to the peak: 6 bytes a pixel, 6 MB on a
        // 1000×1000 screen); nothing after needs them.
        if let model = settings.model {
            try placeModel(model, rings: rings, stats: &stats, settings: settings, into: &inspection)
        } else {
            guard !rings.isEmpty else {
                throw CLIError("\(file): no animated ring found (try --circle CX,CY,R or --region X,Y,W,H)", exitCode: CLIError.Code.malformedInput)
            }
            stats = PixelStatistics(width: 0, height: 0)
            for (i, ring) in rings.enumerated() {
                var measurer = ArcMeasurer(ring: ring, canvasWidth: screen.width, canvasHeight: screen.height)
                measurer.knownCap = settings.cap
                inspection.tracks.append(.init(name: rings.count == 1 ? "ring" : "ring\(i + 1)", kind: .ring(ring, measurer, modelLayer: nil)))
            }
            inspection.assumptions.append("no model: each ring is taken as a full circle starting at 12 o'clock and running clockwise; strokeStart and strokeEnd are angles / 360")
        }

        // With a thread to spare, the caps' evidence is fitted beside the measuring.
        if threaded {
            for k in inspection.tracks.indices {
                guard case .ring(let ring, var measurer?, let layer) = inspection.tracks[k].kind, measurer.evidenceRemaining > 0 else { continue }
                measurer.evidenceRunner = BackgroundCapEvidence()
                inspection.tracks[k].kind = .ring(ring, measurer, modelLayer: layer)
            }
        }

        // From here on only the pixels around the measured layers are read.
        if let area = measuredArea(inspection.tracks, width: screen.width, height: screen.height) {
            decoder.narrow(to: area)
        }

        // Measure every frame: the sampled ones from the recording (or decoded again when it
        // outgrew its cap), then the rest as the decoder goes on.
        var measuring = FrameMeasuring(taking: &inspection, timing: settings.timing)
        settings.progress.start(label: "measuring", total: frameCount)
        defer { settings.progress.finish() }
        var measured = 0
        func measure(_ image: RGBAImage, _ info: GIFFrameInfo) {
            measuring.add(image, info: info)
            measured += 1
            settings.progress.update(measured)
        }
        if recording.isComplete {
            // The replay ends on the picture the player showed (released above).
            let last = recording.replayReleasing { i, image in measure(image, sampleInfos[i]) }
            if replayResumes, let last { player.resume(from: last) }
        } else {
            let again = try GIFDecoder(path: file, options: settings.decode)
            while again.framesDecoded < sampleInfos.count, let frame = try again.next() { measure(frame.image, frame.info) }
        }
        while let item = try decoder.next() {
            let frame = try player.frame(item)
            measure(frame.image, frame.info)
        }
        inspection = measuring.finish()
        inspection.warnings = decoder.warnings.map(\.description)
        finishRings(&inspection, settings: settings)
        return inspection
    }

    /// Animations up to this many frames are sampled whole to find the rings.
    static let shortAnimation = 120

    /// Frames sampled to find the rings: all of a short animation, a tenth of a long one.
    static func sampleCount(of frameCount: Int) -> Int {
        frameCount <= shortAnimation ? frameCount : max(shortAnimation, frameCount / 10)
    }

    /// Bytes of frame changes the decoding thread may have waiting (one change always may):
    /// while the measuring thread is busy with something else (the rings' search, the recorded
    /// frames) the decoder goes on as far as this allows, some 17 delta frames of 58 kB on the
    /// speed benchmark's 600×600 file. The budget adds its size to the memory peak: 3 MB took
    /// `fit` on bench.sh's medium file past issue 9's bound (20 MB over the C floor).
    static let changeBudget = 1 << 20

    /// The pixels the measurers read: each ring's band and each path's line, with a wide margin
    /// (the samplers reach a line width and a few pixels past the stroke); nil for none.
    private static func measuredArea(_ tracks: [Inspection.Track], width: Int, height: Int) -> PixelRect? {
        var boxes: [Rect] = []
        for track in tracks {
            switch track.kind {
            case .ring(let ring, _, _):
                let reach = ring.circle.radius + ring.lineWidth + 12
                boxes.append(Rect(x: ring.circle.center.x - reach, y: ring.circle.center.y - reach, width: 2 * reach, height: 2 * reach))
            case .path(let measurer, _, let lineWidth, _):
                let xs = measurer.points.map(\.x), ys = measurer.points.map(\.y)
                guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
                let reach = lineWidth + 12
                boxes.append(Rect(x: x0 - reach, y: y0 - reach, width: x1 - x0 + 2 * reach, height: y1 - y0 + 2 * reach))
            }
        }
        guard let first = boxes.first else { return nil }
        let all = boxes.dropFirst().reduce(first) { a, b in
            let x = min(a.minX, b.minX), y = min(a.minY, b.minY)
            return Rect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
        }
        guard all.minX.isFinite, all.minY.isFinite, all.maxX.isFinite, all.maxY.isFinite else { return nil }
        let x = max(0, Int(all.minX.rounded(.down))), y = max(0, Int(all.minY.rounded(.down)))
        let maxX = min(width, Int(all.maxX.rounded(.up))), maxY = min(height, Int(all.maxY.rounded(.up)))
        return PixelRect(x: x, y: y, width: max(0, maxX - x), height: max(0, maxY - y))
    }

    /// Places the model's layers: the first arc layer on the best ring gives the scale and
    /// offset (unless given), which then place every other layer.
    /// `stats` is released (left empty) once the layers' rings are known, before any measurer is made.
    private static func placeModel(_ model: ResolvedModel, rings: [RingGeometry], stats: inout PixelStatistics,
                                   settings: InspectSettings, into inspection: inout Inspection) throws {
        let arcLayers = model.layers.filter { $0.geometry.circularArc != nil }
        var scale = settings.scale, origin = settings.origin
        if let anchorLayer = arcLayers.first, let circle = anchorLayer.geometry.circularArc {
            let centre = anchorLayer.geometry.pathToScreen(rotation: 0).apply(to: circle.center)
            if scale == nil || origin == nil, let ring = rings.first {
                if scale == nil { scale = ring.circle.radius / circle.radius }
                if origin == nil { origin = Point(x: ring.circle.center.x - scale! * centre.x, y: ring.circle.center.y - scale! * centre.y) }
            }
        }
        guard let s = scale, let o = origin else {
            throw CLIError("\(inspection.file): cannot place the model: no ring found to take the scale and offset from (give --scale and --origin, or --circle)",
                           exitCode: CLIError.Code.malformedInput)
        }
        inspection.scale = s
        inspection.origin = o
        func pixel(_ p: Point) -> Point { Point(x: o.x + s * p.x, y: o.y + s * p.y) }
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
        stats = PixelStatistics(width: 0, height: 0)
        for (layer, layerRing) in zip(model.layers, layerRings) {
            let cap = LineCap(rawValue: layer.style.lineCap.rawValue) ?? .butt
            let ink = layer.style.strokeColor.flatMap(parseHexColor)
            if let circle = layer.geometry.circularArc, let ring = layerRing {
                var measurer = ArcMeasurer(ring: ring, canvasWidth: inspection.canvasWidth, canvasHeight: inspection.canvasHeight,
                                           convention: StrokeConvention(clockwise: circle.sweep >= 0, cap: .butt))
                // The model says the cap (`--cap` overrides it).
                measurer.knownCap = settings.cap ?? cap
                inspection.caps[inspection.tracks.count] = cap
                inspection.tracks.append(.init(name: layer.name, kind: .ring(ring, measurer, modelLayer: layer)))
            } else {
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
                guard let measurer = PolylineMeasurer(points: points, lineWidth: layer.style.lineWidth * s, cap: cap,
                                                      join: LineJoin(rawValue: layer.style.lineJoin.rawValue) ?? .miter,
                                                      canvasWidth: inspection.canvasWidth, canvasHeight: inspection.canvasHeight) else { continue }
                inspection.tracks.append(.init(name: layer.name, kind: .path(measurer, ink: ink, lineWidth: layer.style.lineWidth * s, modelLayer: layer)))
            }
        }
        if settings.scale == nil || settings.origin == nil {
            inspection.assumptions.append("the model is placed with the scale and offset found from ring '\(arcLayers.first?.name ?? "")': \(shortText((s * 1000).rounded() / 1000)) px per point, point (0, 0) at pixel (\(shortText((o.x * 100).rounded() / 100)), \(shortText((o.y * 100).rounded() / 100)))")
        }
    }

    /// Caps (inferred when no model says), cap correction, angles and fractions.
    private static func finishRings(_ inspection: inout Inspection, settings: InspectSettings) {
        for k in inspection.tracks.indices {
            guard case .ring(let ring, let measurer?, let modelLayer) = inspection.tracks[k].kind else { continue }
            let cap: LineCap
            if let given = settings.cap {
                cap = given
            } else if let fromModel = inspection.caps[k] {
                cap = fromModel
            } else {
                if let judged = measurer.inferredCap {
                    cap = judged
                    inspection.assumptions.append("\(inspection.tracks[k].name): \(cap.rawValue) caps, judged from the shape of the stroke's ends (give --cap to override)")
                } else {
                    cap = .butt
                    inspection.assumptions.append("\(inspection.tracks[k].name): butt caps assumed: the stroke's ends do not show whether they are round or butt (give --cap or --model)")
                }
            }
            inspection.caps[k] = cap
            let clockwise = measurer.convention.clockwise
            let fractions = FractionMapper(layer: modelLayer, ring: ring, scale: inspection.scale, origin: inspection.origin)
            if let note = fractions.unavailableReason { inspection.assumptions.append("\(inspection.tracks[k].name): \(note)") }
            for i in inspection.tracks[k].measurements.indices {
                guard let raw = inspection.tracks[k].measurements[i].arc else { continue }
                let m = raw.correcting(for: cap, radius: ring.circle.radius, clockwise: clockwise)
                var r = inspection.tracks[k].measurements[i]
                r.arc = m
                r.state = m.state.rawValue
                r.startAngle = m.startAngle
                r.endAngle = m.endAngle
                r.segments = m.segments
                if m.state == .arc, let s = m.startAngle, let e = m.endAngle, let f = fractions.fractions(start: s, end: e) {
                    r.strokeStart = f.start
                    r.strokeEnd = f.end
                } else if m.state == .full {
                    r.strokeStart = 0
                    r.strokeEnd = 1
                }
                inspection.tracks[k].measurements[i] = r
            }
        }
    }
}

/// Turns measured on-screen angles into stroke fractions: through the model layer's path when
/// there is one (Core Animation's parameter split inverted), else as angles / 360 from 12 o'clock.
struct FractionMapper {
    let layer: ResolvedLayer?
    let ring: RingGeometry
    let scale: Double?
    let origin: Point?
    /// Set when fractions cannot be told from the picture.
    var unavailableReason: String? {
        guard let layer else { return nil }
        let rotates = (0...64).contains { layer.values(at: Double($0) * 0.25).rotation != 0 }
        return rotates ? "the model rotates this layer, so strokeStart and strokeEnd depend on the rotation at each instant and are not reported (the fit compares angles)" : nil
    }

    func fractions(start: Double, end: Double) -> (start: Double, end: Double)? {
        guard let layer else {
            // No model: a full circle from 12 o'clock clockwise; a piece across 12 o'clock has
            // no such reading, unless it starts within half a degree of 12 o'clock (noise).
            if end >= start { return (start / 360, end / 360) }
            if 360 - start <= 0.5 { return (0, end / 360) }
            return nil
        }
        guard unavailableReason == nil, let circle = layer.geometry.circularArc else { return nil }
        let transform = layer.geometry.pathToScreen(rotation: 0)
        let centre = transform.apply(to: circle.center)
        let path = layer.geometry.strokePath
        func angle(_ f: Double) -> Double {
            guard let p = path.point(atFraction: f) else { return 0 }
            return onScreenAngle(of: transform.apply(to: p), around: centre)
        }
        let direction = circle.sweep >= 0 ? 1.0 : -1.0
        let sweep = abs(circle.sweep) * 180 / Double.pi
        let start0 = angle(0)
        func fraction(_ theta: Double) -> Double {
            var travelled = (direction * (theta - start0)).truncatingRemainder(dividingBy: 360)
            if travelled < 0 { travelled += 360 }
            if travelled > sweep {
                // Outside a partial arc: the nearer end.
                return travelled - sweep < 360 - travelled ? 1 : 0
            }
            var f = travelled / sweep
            for _ in 0..<3 {
                var d = direction * (theta - angle(f))
                d = d.truncatingRemainder(dividingBy: 360)
                if d > 180 { d -= 360 } else if d < -180 { d += 360 }
                f = min(max(f + d / sweep, 0), 1)
            }
            return f
        }
        var s = fraction(start), e = fraction(end)
        // Near the path's start (within half a degree, or the line width's angle) a measured
        // end can fall on either side of the seam: a start just before it means 0, an end just
        // after it means 1. When both are near, the nearer one is the one across: a piece
        // from 359.98° to 4° starts at 0, and one from 356° to 0.02° ends at 1.
        let tolerance = max(0.5, ring.lineWidth / ring.circle.radius * 180 / Double.pi) / sweep
        if e < s, min(1 - s, e) < tolerance {
            if 1 - s <= e { s = 0 } else { e = 1 }
        }
        guard s <= e else { return nil }
        return (s, e)
    }
}
