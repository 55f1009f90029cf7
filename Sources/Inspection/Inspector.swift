import AnimationModel
import Fitting
import GIFCodec
import MovieCodec
import Raster
import StrokeEstimation
import StrokeGeometry
import Threading

/// Finds the animated strokes of a recording and measures every frame: where each stroke
/// starts and ends, its state, its caps, when it repeats.
///
/// ```swift
/// let recording = try Recording(contentsOf: "spinner.gif")
/// let inspection = try Inspector().inspect(recording)
/// for (frame, reading) in zip(inspection.frames, inspection.layers[0].readings) {
///     print(frame.time, reading.state, reading.startAngle ?? .nan, reading.endAngle ?? .nan)
/// }
/// ```
///
/// Rings are found by what changes over time, so static UI does not disturb them; ends are
/// placed to a fraction of a pixel from the anti-aliased ink and corrected for the caps. With a
/// model, its layers guide the search: the first ring gives the pixel scale and offset, which
/// place the other layers (a tick's drawn length is read as its `strokeEnd`).
///
/// Every thread a run starts is joined before `inspect` returns.
public struct Inspector: Sendable {
    public var options: InspectOptions

    public init(_ options: InspectOptions = InspectOptions()) {
        self.options = options
    }

    /// Inspects `recording`; with `model`, its layers are placed on the screen and measured.
    /// `progress` hears of the frames measured.
    public func inspect(_ recording: Recording, model: ResolvedModel? = nil,
                        progress: (any InspectionProgress)? = nil) throws(InspectionError) -> Inspection {
        var inspection = try withThreadGroup { (group) throws(InspectionError) -> Inspection in
            try run(recording, model: model, progress: progress, group: group)
        }
        addRepeats(to: &inspection)
        return inspection
    }

    /// Inspects `recording` under `model` resolved at its declared variable values.
    public func inspect(_ recording: Recording, model document: ModelDocument,
                        progress: (any InspectionProgress)? = nil) throws(InspectionError) -> Inspection {
        let model: ResolvedModel
        do { model = try document.resolve() } catch { throw .invalidModel(error) }
        return try inspect(recording, model: model, progress: progress)
    }

    private func run(_ recording: Recording, model: ResolvedModel?, progress: (any InspectionProgress)?,
                     group: ThreadGroup) throws(InspectionError) -> Inspection {
        let file = recording.path
        let decoding = recording.decoding
        // A movie's own decoding threads: as many as libavcodec likes, one inside a batch
        // (whose files fill the cores already).
        let codecThreads = options.parallel ? 0 : 1
        // Decoding starts at once on a second thread, ahead of the statistics and measuring;
        // meanwhile a structure scan (no pixels) on a third says how many frames there are.
        let opened = try RecordingDecoder(recording, threads: codecThreads)
        let screen = (width: opened.width, height: opened.height)
        // A thread pays off from a quarter-megapixel screen, and not inside a batch.
        let threaded = options.decodingThread ?? (options.parallel && screen.width * screen.height >= 250_000)
        // The frames are watched, sparsely, for a ring appearing after the sample (`addLateRings`):
        // a GIF's colours, a movie's luma (its conversion narrows to the measured area).
        let watchesLate = model == nil && options.circle == nil
        let decoder = PrefetchedFrames(opened, budget: Self.changeBudget, threaded: threaded, watchesLate: watchesLate, in: group)
        let counting = FrameCount(file: file, format: recording.format, options: decoding, threaded: threaded)
        var player = FramePlayer(width: screen.width, height: screen.height, file: file)

        // What changes over time, from the first frames (all of a short animation). About
        // three seconds at a typical 30 ms: enough for a ring to show itself. The same decoder
        // then goes on to measure the rest, so the file is decoded once: the sampled frames are
        // kept as pixel changes (up to a memory cap) and measured from those once the rings are
        // known. The sample is at least `shortAnimation` frames, so the count is needed only then.
        var stats = PixelStatistics(width: screen.width, height: screen.height)
        var sampled = FrameRecording(width: screen.width, height: screen.height)
        var sampleInfos: [(info: GIFFrameInfo, movie: MovieFrameInfo?)] = []
        var sampleCount: Int?
        var changes = ChangedArea()
        while true {
            if sampleCount == nil, stats.frames >= Self.shortAnimation { sampleCount = Self.sampleCount(of: try counting.value(), recording.format) }
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
            let changed = changes.next(frame.info.rect) ?? frame.info.rect
            stats.add(frame.image, changed: changed)
            sampled.add(frame.image, changed: changed)
            sampleInfos.append((frame.info, frame.movie))
        }
        sampled.finishRecording()
        stats.keepLongestScene()
        // A complete recording's replay ends on the picture the player shows: the player's
        // canvas goes now, not after the rings' search and the samplers' set-up (the peak).
        let replayResumes = sampled.isComplete && player.canvas != nil
        if sampled.isComplete { player.release() }
        let frameCount = try counting.value()
        guard frameCount > 0 else { throw .noFrames(file: file) }
        let sampleSize = sampleCount ?? Self.sampleCount(of: frameCount, recording.format)
        // Meanwhile, and while the rings are searched for, the decoding thread goes on with the
        // frames after the sample (as far as the change budget allows).
        var inspection = Inspection(file: file, canvasWidth: screen.width, canvasHeight: screen.height)
        inspection.format = recording.format
        inspection.timing = recording.timing
        var rings: [RingGeometry], candidates: [RingCandidate] = []
        if let c = options.circle {
            rings = [RingFinder.ring(on: c, stats: stats)]
        } else {
            var search = RingFinder.search(in: stats, region: options.region)
            if search.rings.isEmpty && sampleSize < frameCount {
                // Nothing moved early on: look at every frame.
                stats = try Self.statistics(of: recording, width: screen.width, height: screen.height)
                search = RingFinder.search(in: stats, region: options.region)
            }
            rings = search.rings
            candidates = search.rejected
        }

        // The frames of the scene the rings were found in: to the end of the file unless a
        // cut in the sample ended it. Found rings are judged on these frames only (another
        // scene may show other content on their band).
        let scene = stats.sceneStart..<(stats.sceneEnded ? stats.sceneStart + stats.sceneFrames : frameCount)

        // Layers: the model's placed on the found rings, or the rings themselves.
        // The statistics are freed as soon as the rings are placed (before the measurers'
        // samplers are built, which would otherwise add to the peak: 13 bytes a pixel, 13 MB on
        // a 1000×1000 screen); nothing after needs them.
        // No model and no ring that looks like a stroke: the recording may draw open strokes
        // (a tick, a cross) instead, found from the ink it draws and keeps.
        var openStrokes: [FoundStroke] = []
        // How each found ring looks from what changes: read once, for this question and for the
        // layers (a model's placement reads its own).
        var looks = model == nil ? rings.map { RingPlausibility.read($0, stats: stats, others: rings) } : []
        if model == nil, options.circle == nil, !zip(rings, looks).contains(where: { $1.looksLikeStroke($0) }) {
            openStrokes = try OpenStrokeSearch.strokes(in: recording, scene: scene, region: options.region)
            // Only believed strokes replace the rings' answer (or the refusal); a tentative one
            // (a label shown at once, a filled shape, anti-aliased fringe) is left out, and with
            // it the names of the believed ones stay in their drawing order.
            openStrokes.removeAll { $0.confidence < LayerConfidence.tentative }
            // A ring fitted through the strokes' ink (a circle through a tick's corner and ends)
            // is that ink, not a ring of its own: it goes.
            if !openStrokes.isEmpty {
                let through = rings.filter { OpenStrokeSearch.runsThrough($0, openStrokes) }
                rings.removeAll { OpenStrokeSearch.runsThrough($0, openStrokes) }
                // Fewer rings: what changes on a band is no longer any other ring's.
                looks = rings.map { RingPlausibility.read($0, stats: stats, others: rings) }
                if !through.isEmpty {
                    inspection.assumptions.append("\(through.count) candidate ring\(through.count == 1 ? "" : "s") left out: fitted through the open strokes' ink, not a stroke on a circle")
                }
            }
        }

        var layers: [PlacedLayer]
        if let model {
            var placement = ModelPlacement(model: model, options: options, file: file, canvasWidth: screen.width, canvasHeight: screen.height)
            layers = try placement.place(on: rings, stats: &stats)
            inspection.scale = placement.scale
            inspection.origin = placement.origin
            inspection.model = model
            inspection.assumptions += placement.assumptions
            inspection.tracks = placement.tracks
        } else {
            guard !rings.isEmpty || !openStrokes.isEmpty else { throw .noRingFound(file: file, candidates: candidates) }
            let inks = rings.map { RingInk.read($0, stats: stats) }
            let names = rings.indices.map { rings.count == 1 ? "ring" : "ring\($0 + 1)" }
            for (i, ring) in rings.enumerated() {
                guard let ink = inks[i] else { continue }
                inspection.tracks += TrackRing.around(ring, ink: ink, stats: stats).map { Inspection.Track(ring: $0, under: names[i]) }
            }
            stats = PixelStatistics(width: 0, height: 0)
            layers = []
            for (i, ring) in rings.enumerated() {
                var measurer = ArcMeasurer(ring: ring, canvasWidth: screen.width, canvasHeight: screen.height)
                measurer.knownCap = options.cap
                measurer.inkHint = inks[i]
                layers.append(PlacedLayer(name: names[i], kind: .ring(ring, measurer, modelLayer: nil),
                                          plausibility: looks[i]))
            }
            if !rings.isEmpty {
                inspection.assumptions.append("no model: each ring is taken as a full circle starting at 12 o'clock and running clockwise; strokeStart and strokeEnd are angles / 360")
            }
            // The open strokes beside the rings (which none of them looks like a stroke on).
            let paths = OpenStrokeSearch.layers(openStrokes, canvasWidth: screen.width, canvasHeight: screen.height)
            if !paths.isEmpty { inspection.assumptions.append(OpenStrokeSearch.assumption(openStrokes, names: paths.map(\.name))) }
            layers += paths
        }

        // With a thread to spare, the caps' evidence is fitted beside the measuring.
        if threaded {
            for k in layers.indices {
                guard case .ring(let ring, var measurer?, let layer) = layers[k].kind, measurer.evidenceRemaining > 0 else { continue }
                measurer.evidenceRunner = BackgroundCapEvidence(in: group)
                layers[k].kind = .ring(ring, measurer, modelLayer: layer)
            }
        }

        // From here on only the pixels around the measured layers are read.
        let area = Self.measuredArea(layers, width: screen.width, height: screen.height)
        if let area { decoder.narrow(to: area) }

        // Measure every frame: the sampled ones from the recording (or decoded again when it
        // outgrew its cap), then the rest as the decoder goes on.
        var measuring = FrameMeasuring(taking: &layers, timing: recording.timing)
        progress?.start(label: "measuring", total: frameCount, unit: "frames")
        defer { progress?.finish() }
        var measured = 0
        func measure(_ image: RGBAImage, _ info: GIFFrameInfo, _ movie: MovieFrameInfo?) {
            measuring.add(image, info: info, movie: movie)
            measured += 1
            progress?.update(measured)
        }
        if sampled.isComplete {
            // The replay ends on the picture the player showed (released above).
            let last = sampled.replayReleasing { i, image in measure(image, sampleInfos[i].info, sampleInfos[i].movie) }
            if replayResumes, let last { player.resume(from: last) }
        } else {
            let again = try RecordingDecoder(recording, threads: codecThreads)
            while again.framesDecoded < sampleInfos.count, let frame = try again.next() { measure(frame.image, frame.info, frame.movie) }
        }
        while let item = try decoder.next() {
            let frame = try player.frame(item)
            measure(frame.image, frame.info, frame.movie)
        }
        inspection.frames = measuring.frames
        inspection.warnings = decoder.warnings
        inspection.layers = finish(measuring.finish(), readings: measuring.readings, inks: measuring.inkColours, scene: scene,
                                   inspection: &inspection)
        // A ring drawn only after the sample (a success mark's circle once the loading is done)
        // was never searched for: the frames after it, where what they changed first on the
        // canvas outside the measured area could be a ring (not a straight strip such as a
        // growing progress bar), are searched again.
        if watchesLate, sampleSize < frameCount, !inspection.layers.isEmpty, let area,
           decoder.mayShowRing(outside: area, from: sampleSize) {
            try addLateRings(to: &inspection, recording: recording, from: sampleSize)
        }
        // Rings that looked like strokes before they were measured, and none that did after:
        // the open strokes get their chance now (a pass more, only for such recordings).
        if model == nil, options.circle == nil, openStrokes.isEmpty, !inspection.layers.isEmpty,
           inspection.layers.allSatisfy({ $0.confidence.isTentative }) {
            try addOpenStrokes(to: &inspection, recording: recording, scene: scene)
        }
        return inspection
    }

    /// Finds open strokes in `file`, measures them over every frame and adds them to
    /// `inspection`, leaving out its rings fitted through their ink.
    private func addOpenStrokes(to inspection: inout Inspection, recording: Recording, scene: Range<Int>) throws(InspectionError) {
        let strokes = try OpenStrokeSearch.strokes(in: recording, scene: scene, region: options.region)
            .filter { $0.confidence >= LayerConfidence.tentative }
        guard !strokes.isEmpty else { return }
        var placed = OpenStrokeSearch.layers(strokes, canvasWidth: inspection.canvasWidth, canvasHeight: inspection.canvasHeight)
        guard !placed.isEmpty else { return }
        var measuring = FrameMeasuring(taking: &placed, timing: recording.timing)
        let decoder = try RecordingDecoder(recording)
        while let frame = try decoder.next() { measuring.add(frame.image, info: frame.info, movie: frame.movie) }
        guard measuring.frames.count == inspection.frames.count else { return }
        let found = finish(measuring.finish(), readings: measuring.readings, inks: measuring.inkColours, scene: scene, inspection: &inspection)
        let gone = Set(inspection.layers.filter { layer in
            guard case .ring(let ring, _) = layer.kind else { return false }
            return OpenStrokeSearch.runsThrough(ring, strokes)
        }.map(\.name))
        inspection.layers.removeAll { gone.contains($0.name) }
        inspection.tracks.removeAll { gone.contains($0.under) }
        inspection.assumptions.removeAll { note in gone.contains { note.hasPrefix("\($0): ") } }
        let through = gone.count
        if through > 0 {
            inspection.assumptions.append("\(through) candidate ring\(through == 1 ? "" : "s") left out: fitted through the open strokes' ink, not a stroke on a circle")
        }
        if inspection.layers.isEmpty { inspection.assumptions.removeAll { $0.hasPrefix("no model: each ring is taken") } }
        inspection.assumptions.append(OpenStrokeSearch.assumption(strokes, names: found.map(\.name)))
        inspection.layers += found
    }

    /// Searches the frames from `start` on (with the one before, their reference) for rings
    /// the sample did not show, and adds those believed to be strokes, measured over every
    /// frame. Their ink and what lies under it are read from those frames, every frame the
    /// ring is drawn in; the frames before show its band without it, and what each sample
    /// shows there is what lies under the stroke (`ArcMeasurer.readsUnderPerSample`): static
    /// content touching the band (a divider beside the ring) is not taken for ink.
    private func addLateRings(to inspection: inout Inspection, recording: Recording, from start: Int) throws(InspectionError) {
        let w = inspection.canvasWidth, h = inspection.canvasHeight
        var stats = PixelStatistics(width: w, height: h)
        do {
            let decoder = try RecordingDecoder(recording)
            var index = 0
            var changes = ChangedArea()
            while let frame = try decoder.next() {
                let changed = changes.next(frame.info.rect) ?? frame.info.rect
                if index >= start - 1 { stats.add(frame.image, changed: changed) }
                index += 1
            }
        }
        stats.keepLongestScene()
        let known = inspection.layers.compactMap { layer -> RingGeometry? in
            if case .ring(let ring, _) = layer.kind { return ring } else { return nil }
        }
        let search = RingFinder.search(in: stats, region: options.region)
        let fresh = search.rings.filter { ring in !known.contains { Self.sameCircle($0, ring) } }
        guard !fresh.isEmpty else { return }
        let looks = fresh.map { RingPlausibility.read($0, stats: stats, others: search.rings) }
        let inks = fresh.map { RingInk.read($0, stats: stats) }
        let scene = (start - 1 + stats.sceneStart)..<(stats.sceneEnded ? start - 1 + stats.sceneStart + stats.sceneFrames : inspection.frames.count)
        stats = PixelStatistics(width: 0, height: 0)
        let taken = Set(inspection.layers.map(\.name))
        var next = inspection.layers.count + 1
        var placed: [PlacedLayer] = []
        for (i, ring) in fresh.enumerated() {
            guard looks[i].looksLikeStroke(ring), let ink = inks[i] else { continue }
            while taken.contains("ring\(next)") { next += 1 }
            var measurer = ArcMeasurer(ring: ring, canvasWidth: w, canvasHeight: h)
            measurer.knownCap = options.cap
            measurer.inkHint = ink
            measurer.readsUnderPerSample = true
            placed.append(PlacedLayer(name: "ring\(next)", kind: .ring(ring, measurer, modelLayer: nil), plausibility: looks[i]))
            next += 1
        }
        guard !placed.isEmpty else { return }
        var measuring = FrameMeasuring(taking: &placed, timing: recording.timing)
        let decoder = try RecordingDecoder(recording)
        while let frame = try decoder.next() { measuring.add(frame.image, info: frame.info, movie: frame.movie) }
        guard measuring.frames.count == inspection.frames.count else { return }
        var notes = inspection
        let found = finish(measuring.finish(), readings: measuring.readings, inks: measuring.inkColours, scene: scene, inspection: &notes)
        // Only rings believed to be strokes: a tentative one found late adds nothing to know.
        let believed = found.filter { !$0.confidence.isTentative }
        guard !believed.isEmpty else { return }
        let names = Set(believed.map(\.name))
        inspection.assumptions += notes.assumptions.dropFirst(inspection.assumptions.count).filter { note in names.contains { note.hasPrefix("\($0): ") } }
        inspection.assumptions.append("\(believed.map(\.name).joined(separator: ", ")): found in the frames after the first \(start), which drew outside the rings found before")
        inspection.layers += believed
    }

    /// Whether two rings are one circle: centres and radii within max(2 px, 6 % of the radius).
    static func sameCircle(_ a: RingGeometry, _ b: RingGeometry) -> Bool {
        let tolerance = max(2, 0.06 * max(a.circle.radius, b.circle.radius))
        return a.circle.center.distance(to: b.circle.center) <= tolerance && abs(a.circle.radius - b.circle.radius) <= tolerance
    }

    /// Animations up to this many frames are sampled whole to find the rings.
    static let shortAnimation = 120

    /// Frames sampled to find the rings: all of a short animation, a tenth of a long one; of a
    /// movie, at most `movieSample`.
    static func sampleCount(of frameCount: Int, _ format: RecordingFormat = .gif) -> Int {
        let count = frameCount <= shortAnimation ? frameCount : max(shortAnimation, frameCount / 10)
        return format == .movie ? min(count, movieSample) : count
    }

    /// A movie's sample: 3 s at 60 Hz. A movie's frames change more pixels than a GIF's delta
    /// frames (compression noise, large screens), so a tenth of a long movie would outgrow the
    /// sample's memory cap (and be decoded a second time): capped, the peak stays the same
    /// from a 10 s to a 60 s recording (scripts/bench-movie-speed.sh).
    static let movieSample = 180

    /// Bytes of frame changes the decoding thread may have waiting (one change always may):
    /// while the measuring thread is busy with something else (the rings' search, the recorded
    /// frames) the decoder goes on as far as this allows, some 17 delta frames of 58 kB on the
    /// speed benchmark's 600×600 file. The budget adds its size to the memory peak: 3 MB took
    /// `fit` on bench.sh's medium file past the memory bound (20 MB over the C floor).
    static let changeBudget = 1 << 20

}

extension Inspector {
    /// What changes over every frame of the file.
    private static func statistics(of recording: Recording, width: Int, height: Int) throws(InspectionError) -> PixelStatistics {
        let decoder = try RecordingDecoder(recording)
        var all = PixelStatistics(width: width, height: height)
        var changes = ChangedArea()
        while let frame = try decoder.next() { all.add(frame.image, changed: changes.next(frame.info.rect) ?? frame.info.rect) }
        all.keepLongestScene()
        return all
    }
}
