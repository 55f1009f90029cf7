import AnimationModel
import Testing
import Raster
import Rendering
import StrokeGeometry
@testable import StrokeEstimation

@Suite("Real screens: strokes among other content, off their band, and shapes that are not strokes")
struct RealScreenEstimationTests {
    /// A white 270° arc of line width 2 on coral at radius `r`, as NVActivityIndicatorView's
    /// ballClipRotate draws it while it pulses in scale.
    static func pulsingArc(radii: [Double]) throws -> [RGBAImage] {
        let json = """
        { "format": "strokescope-model/1", "name": "pulse", "variables": { "R": 20 },
          "layers": [ { "name": "arc", "frame": [0, 0, 100, 100], "lineWidth": 2, "strokeColor": "#FFFFFF",
            "path": { "arc": { "center": [50, 50], "radius": "R", "startAngle": "-pi/2", "endAngle": "pi", "clockwise": true } } } ] }
        """
        let document = try ModelLoader.load(json: json, file: "pulse.json")
        let settings = RenderSettings(width: 100, height: 100, background: RGBA(237, 85, 101))
        return try radii.map { r in FrameRenderer(model: try document.resolve(overrides: ["R": r]), settings: settings).render(at: 0).image }
    }

    @Test("a stroke that moves off the ring's band (a scale pulse) is measured again where its ink lies, never read empty")
    func offBand() throws {
        let radii: [Double] = [20, 19, 18, 17, 16, 15, 14, 13, 14, 15, 16, 17, 18, 19, 20]
        let frames = try Self.pulsingArc(radii: radii)
        var stats = PixelStatistics(width: 100, height: 100)
        for image in frames { stats.add(image) }
        let ring = try #require(RingFinder.rings(in: stats).first)
        #expect(ring.lineWidth > 5, "the band covers the radii the arc takes")
        var measurer = ArcMeasurer(ring: ring, canvasWidth: 100, canvasHeight: 100)
        measurer.inkHint = RingInk.read(ring, stats: stats)
        let readings = frames.map { measurer.measure($0) }
        #expect(!readings.contains { $0.state == .empty })
        var remeasured = 0
        for (r, m) in zip(radii, readings) where abs(r - ring.circle.radius) > 3 {
            // Either measured again at the ink's radius, with the arc's true ends (0° to 270°),
            // or unknown with the reason: never a confident reading on the wrong circle.
            if m.state == .unknown {
                #expect(m.note == ArcMeasurer.offBandReason)
                continue
            }
            remeasured += 1
            #expect(m.state == .arc, "radius \(r): \(m.state)")
            let note = try #require(m.note)
            #expect(note.hasPrefix("measured at radius "))
            let measuredRadius = Double(note.dropFirst("measured at radius ".count).prefix { $0 != " " }) ?? 0
            #expect(abs(measuredRadius - r) < 1, "radius \(r) measured at \(measuredRadius)")
            #expect(angleDifference(m.startAngle ?? .nan, 0) < 2 && angleDifference(m.endAngle ?? .nan, 270) < 2,
                    "radius \(r): \(m.startAngle ?? .nan)…\(m.endAngle ?? .nan)")
        }
        // At least the pulse's extremes (radius 20 twice, 13) are read again.
        #expect(remeasured >= 3)
    }

    @Test("a ring touched by a changing label is still found, to a fraction of a pixel")
    func ringTouchedByLabel() throws {
        let times = stride(from: 0.02, to: 1.5, by: 0.05).map { $0 }
        let (frames, settings, _) = try renderFixture("loading-spinner.json", times: times)
        let truth = try #require(frames.first?.1.first)
        let c = try #require(truth.centerPixels), r = try #require(truth.radiusPixels)
        var stats = PixelStatistics(width: settings.width, height: settings.height)
        for (k, (image, _)) in frames.enumerated() {
            var labelled = image
            // A percentage label whose digits change, overlapping the band on the right.
            let label = PixelRect(x: Int(c.x + r) - 2, y: Int(c.y) - 5, width: 16, height: 10)
            labelled.fill(label, with: k % 2 == 0 ? RGBA(30, 30, 30) : RGBA(140, 140, 140))
            stats.add(labelled)
        }
        let ring = try #require(RingFinder.rings(in: stats).first)
        #expect(ring.circle.center.distance(to: c) < 0.5)
        #expect(abs(ring.circle.radius - r) < 0.5)
    }

    @Test("a filled wedge that grows changes inside its circle: it does not look like a stroke; the spinner does")
    func plausibility() throws {
        var wedge = PixelStatistics(width: 100, height: 100)
        for k in 0..<12 {
            var image = RGBAImage(width: 100, height: 100, fill: .white)
            let sweep = Double(k + 1) * 30
            for y in 0..<100 {
                for x in 0..<100 {
                    let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    if p.distance(to: Point(x: 50, y: 50)) <= 20, onScreenAngle(of: p, around: Point(x: 50, y: 50)) <= sweep {
                        image[x: x, y: y] = RGBA(0, 122, 255)
                    }
                }
            }
            wedge.add(image)
        }
        let disc = RingGeometry(circle: Circle(center: Point(x: 50, y: 50), radius: 15), lineWidth: 10)
        let look = RingPlausibility.read(disc, stats: wedge)
        #expect(look.interiorChange > 0.5)
        #expect(!look.looksLikeStroke(disc))

        let times = stride(from: 0.02, to: 1.5, by: 0.05).map { $0 }
        let (frames, settings, _) = try renderFixture("loading-spinner.json", times: times)
        var stats = PixelStatistics(width: settings.width, height: settings.height)
        for (image, _) in frames { stats.add(image) }
        let ring = try #require(RingFinder.rings(in: stats).first)
        #expect(RingPlausibility.read(ring, stats: stats).looksLikeStroke(ring))
    }

    @Test("the ink of a ring over a track is the colour that appears and disappears, not the track's")
    func inkFromWhatChanges() throws {
        let times = stride(from: 0.0, to: 2.4, by: 0.1).map { $0 }
        let (frames, settings, _) = try renderFixture("progress-over-track.json", times: times)
        var stats = PixelStatistics(width: settings.width, height: settings.height)
        for (image, _) in frames { stats.add(image) }
        let ring = try #require(RingFinder.rings(in: stats).first)
        let ink = try #require(RingInk.read(ring, stats: stats))
        #expect(PremultipliedColour.distance(ink.ink, PremultipliedColour.of(RGBA(0, 122, 255))) < 10)
        #expect(PremultipliedColour.distance(ink.under, PremultipliedColour.of(RGBA(209, 209, 214))) < 10)
        let tracks = TrackRing.around(ring, ink: ink, stats: stats)
        #expect(tracks.map(\.colour.hex) == ["#D1D1D6"])
    }
}
