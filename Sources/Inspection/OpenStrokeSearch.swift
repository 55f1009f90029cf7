#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimationModel
import GIFCodec
import JSON
import Raster
import StrokeEstimation
import StrokeGeometry

/// With no model and no ring that looks like a stroke, looks for open strokes (a tick, the two
/// bars of a cross) in what the scene draws and keeps (`OpenStrokeFinder`), and makes each a
/// layer measured as a model's open path is: an in-memory model layer whose path is the found
/// polyline in pixels (scale 1, origin 0), read by the same `PolylineMeasurer`.
enum OpenStrokeSearch {
    /// The strokes found in frames `scene` of `recording` (decoded twice: once for the scene's
    /// last frame, once to see when each pixel settled on its colour).
    static func strokes(in recording: Recording, scene: Range<Int>, region: PixelRect?) throws(InspectionError) -> [FoundStroke] {
        guard scene.count >= 3 else { return [] }
        var last: RGBAImage?
        let first = try RecordingDecoder(recording)
        var index = 0
        while index < scene.upperBound, let frame = try first.next() {
            if index >= scene.lowerBound { last = frame.image }
            index += 1
        }
        guard var final = last else { return [] }
        if let region { final = Self.masked(final, to: region) }
        var settling = InkSettling(final: final)
        let again = try RecordingDecoder(recording)
        index = 0
        while index < scene.upperBound, let frame = try again.next() {
            if index >= scene.lowerBound { settling.add(region.map { Self.masked(frame.image, to: $0) } ?? frame.image) }
            index += 1
        }
        return OpenStrokeFinder.find(settling)
    }

    /// `image` with everything outside `region` cleared: nothing there changes.
    private static func masked(_ image: RGBAImage, to region: PixelRect) -> RGBAImage {
        var out = RGBAImage(width: image.width, height: image.height)
        let r = region.intersection(image.bounds)
        guard !r.isEmpty else { return out }
        for y in r.y..<r.maxY {
            let from = (y * image.width + r.x) * 4, to = (y * image.width + r.maxX) * 4
            out.pixels.replaceSubrange(from..<to, with: image.pixels[from..<to])
        }
        return out
    }

    /// The layers' names: a lone stroke with a corner is a `tick`, a lone straight one a
    /// `stroke`, several are `stroke1`, `stroke2`, … in the order they are drawn.
    static func names(_ strokes: [FoundStroke]) -> [String] {
        if strokes.count == 1 { return [strokes[0].hasCorner ? "tick" : "stroke"] }
        return strokes.indices.map { "stroke\($0 + 1)" }
    }

    /// The found strokes as placed layers, each with an in-memory model layer of its polyline.
    static func layers(_ strokes: [FoundStroke], canvasWidth: Int, canvasHeight: Int) -> [PlacedLayer] {
        let names = names(strokes)
        var placed: [PlacedLayer] = []
        for (stroke, name) in zip(strokes, names) {
            guard let layer = modelLayer(stroke, name: name),
                  var measurer = PolylineMeasurer(points: stroke.points, lineWidth: stroke.lineWidth, cap: stroke.cap, join: .round,
                                                  canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                                                  ignoring: underOthers(strokes.filter { $0 != stroke })) else { continue }
            measurer.coveredSpans = coveredSpans(of: stroke, under: strokes.filter { $0 != stroke })
            var p = PlacedLayer(name: name, kind: .path(measurer, ink: stroke.ink, lineWidth: stroke.lineWidth, modelLayer: layer))
            p.found = stroke
            placed.append(p)
        }
        return placed
    }

    /// Where `stroke`'s path runs inside another stroke's band (a pixel of margin): pixels from
    /// the path's start. An end read there is that stroke's ink as much as this one's (the
    /// measurer, looking for the end of the drawn run, is drawn to the crossing).
    static func coveredSpans(of stroke: FoundStroke, under others: [FoundStroke]) -> [ClosedRange<Double>] {
        var spans: [ClosedRange<Double>] = []
        var open: Double?
        let total = stroke.length
        var d = 0.0
        while d <= total {
            let p = Polyline.point(along: stroke.points, at: d)
            let covered = others.contains { o in
                zip(o.points, o.points.dropFirst()).contains { Polyline.distance(p, toSegment: $0.0, $0.1) <= o.lineWidth / 2 + 1 }
            }
            if covered, open == nil { open = d }
            if !covered, let o = open { spans.append(o...d); open = nil }
            d += 0.5
        }
        if let o = open { spans.append(o...total) }
        return spans
    }

    /// Pixels whose centre lies on the ink of `others` (half their width and a pixel from their
    /// lines): nil when there are none.
    static func underOthers(_ others: [FoundStroke]) -> (@Sendable (Int, Int) -> Bool)? {
        guard !others.isEmpty else { return nil }
        return { x, y in
            let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
            return others.contains { o in zip(o.points, o.points.dropFirst()).contains { Polyline.distance(p, toSegment: $0.0, $0.1) <= o.lineWidth / 2 + 1 } }
        }
    }

    /// Whether a fifth or more of `ring`'s circle lies on the ink of `strokes`.
    static func runsThrough(_ ring: RingGeometry, _ strokes: [FoundStroke]) -> Bool {
        let samples = 72
        var on = 0
        for k in 0..<samples {
            let a = 2 * Double.pi * Double(k) / Double(samples)
            let p = Point(x: ring.circle.center.x + ring.circle.radius * cos(a), y: ring.circle.center.y + ring.circle.radius * sin(a))
            if strokes.contains(where: { s in zip(s.points, s.points.dropFirst()).contains { Polyline.distance(p, toSegment: $0.0, $0.1) <= (s.lineWidth + ring.lineWidth) / 2 } }) {
                on += 1
            }
        }
        return on * 5 >= samples
    }

    /// A model layer drawing `stroke`'s polyline, in pixels, whole.
    static func modelLayer(_ stroke: FoundStroke, name: String) -> ResolvedLayer? {
        func point(_ p: Point) -> ExpressionPoint { ExpressionPoint(.number(p.x), .number(p.y)) }
        let elements: [PathElementExpression] = [.move(point(stroke.points[0]))] + stroke.points.dropFirst().map { .line(point($0)) }
        let spec = LayerSpec(name: name, path: .elements(elements), lineWidth: .number(stroke.lineWidth), lineCap: stroke.cap,
                             lineJoin: .round, strokeColor: stroke.ink.hex)
        return try? ModelDocument(name: "found", layers: [spec]).resolve().layers.first
    }

    /// What the note says of the strokes found.
    static func assumption(_ strokes: [FoundStroke], names: [String]) -> String {
        let list = zip(names, strokes).map { name, s in
            "\(name) through " + s.points.map { "(\(DecimalText.short(($0.x * 10).rounded() / 10)), \(DecimalText.short(($0.y * 10).rounded() / 10)))" }.joined(separator: " ")
        }.joined(separator: "; ")
        return "no model and no ring that looks like a stroke on a circle: open strokes found from the ink the recording draws and keeps, each read from the end its ink reaches first; strokeEnd is the drawn fraction of the found path: \(list)"
    }
}
