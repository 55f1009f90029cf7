import Testing
import Raster
import StrokeGeometry
@testable import StrokeEstimation

@Suite("Measuring frame after frame without redoing unchanged work")
struct IncrementalMeasuringTests {
    /// Frames of the loading spinner, with a repeat and a frame whose ring is partly covered.
    func frames() throws -> (images: [RGBAImage], width: Int, height: Int) {
        let times = [0.1, 0.3, 0.3, 0.5, 0.9, 1.2, 1.25, 1.4, 0.6]
        let (rendered, settings, _) = try renderFixture("loading-spinner.json", scale: 2, times: times)
        var images = rendered.map(\.0)
        images[5].fill(PixelRect(x: 0, y: 0, width: settings.width / 2, height: settings.height / 3), with: RGBA(200, 40, 40))
        return (images, settings.width, settings.height)
    }

    @Test("the kept samples equal fresh sampling, frame after frame, also for a ring partly off the canvas")
    func cacheMatchesFreshSampling() throws {
        let (images, width, height) = try frames()
        for circle in [Circle(center: Point(x: 100, y: 100), radius: 40), Circle(center: Point(x: 10, y: 100), radius: 40)] {
            let sampler = RingSampler(ring: RingGeometry(circle: circle, lineWidth: 8), width: width, height: height)
            var cache = RingSampleCache(sampler: sampler)
            for (i, image) in images.enumerated() {
                cache.update(image)
                let fresh = sampler.sample(image)
                #expect(cache.samples == fresh.samples, "frame \(i)")
                #expect(cache.probes == fresh.probes, "frame \(i)")
                if i == 2 { #expect(cache.changedBins.isEmpty, "a repeated frame changes nothing") }
            }
        }
    }

    /// The smallest rectangle holding every pixel that differs between `a` and `b`, grown by
    /// `margin` (and left unclipped, as a GIF frame's rectangle may be).
    static func changedRect(_ a: RGBAImage, _ b: RGBAImage, margin: Int) -> PixelRect? {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in 0..<a.height {
            for x in 0..<a.width where a[x: x, y: y] != b[x: x, y: y] {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
        }
        guard x0 <= x1 else { return nil }
        return PixelRect(x: x0 - margin, y: y0 - margin, width: x1 - x0 + 1 + 2 * margin, height: y1 - y0 + 1 + 2 * margin)
    }

    @Test("a frame compared only where it changed gives the samples of a fresh sampling; outside that area nothing is read",
          arguments: [0, 3, 500])
    func changedAreaOnly(margin: Int) throws {
        let (images, width, height) = try frames()
        for circle in [Circle(center: Point(x: 100, y: 100), radius: 40), Circle(center: Point(x: 10, y: 100), radius: 40)] {
            let sampler = RingSampler(ring: RingGeometry(circle: circle, lineWidth: 8), width: width, height: height)
            var cache = RingSampleCache(sampler: sampler)
            for (i, image) in images.enumerated() {
                // Nothing changed: an empty rectangle well off the canvas.
                let area = i == 0 ? nil : Self.changedRect(images[i - 1], image, margin: margin) ?? PixelRect(x: -9, y: -9, width: 0, height: 0)
                cache.update(image, changed: area)
                let fresh = sampler.sample(image)
                #expect(cache.samples == fresh.samples, "frame \(i)")
                #expect(cache.probes == fresh.probes, "frame \(i)")
            }
        }
        // A change outside the area given is not seen: the area is what is compared.
        let sampler = RingSampler(ring: RingGeometry(circle: Circle(center: Point(x: 100, y: 100), radius: 40), lineWidth: 8), width: width, height: height)
        var cache = RingSampleCache(sampler: sampler)
        cache.update(images[0])
        cache.update(images[1], changed: PixelRect(x: 0, y: 0, width: 3, height: 3))
        #expect(cache.changedBins.isEmpty)
        #expect(cache.samples != sampler.sample(images[1]).samples)
    }

    @Test("a measurer gives the same readings whether or not it saw the previous frame")
    func sameReadingsAnyOrder() throws {
        let (images, width, height) = try frames()
        var stats = PixelStatistics(width: width, height: height)
        for (i, image) in images.enumerated() where i != 5 { stats.add(image) }  // not the covered one
        let ring = try #require(RingFinder.rings(in: stats).first)
        var streaming = ArcMeasurer(ring: ring, canvasWidth: width, canvasHeight: height)
        let inOrder = images.map { streaming.measure($0) }
        // Each frame measured by a measurer that saw only the frames before it, but starting
        // with a blank canvas (so its kept samples differ from the streaming one's).
        for k in images.indices {
            var other = ArcMeasurer(ring: ring, canvasWidth: width, canvasHeight: height)
            _ = other.measure(RGBAImage(width: width, height: height, fill: .white))
            for image in images[..<k] { _ = other.measure(image) }
            #expect(other.measure(images[k]) == inOrder[k], "frame \(k)")
        }
    }

    @Test("recorded frames replay exactly, and a recording over its budget gives up")
    func recordingReplays() throws {
        let (images, width, height) = try frames()
        var recording = FrameRecording(width: width, height: height)
        for (i, image) in images.enumerated() {
            // The first frame whole, then only where anything can differ (here: everywhere).
            recording.add(image, changed: i == 0 ? nil : PixelRect(x: 0, y: 0, width: width, height: height))
        }
        #expect(recording.isComplete)
        var replayed: [RGBAImage] = []
        recording.replay { i, image in
            #expect(i == replayed.count)
            replayed.append(image)
        }
        #expect(replayed == images)

        var small = FrameRecording(width: width, height: height, budget: 64)
        for image in images { small.add(image) }
        #expect(!small.isComplete)
        var calls = 0
        small.replay { _, _ in calls += 1 }
        #expect(calls == 0)
    }

    @Test("the period search's shortcuts give the library's values bit for bit: remainders and medians")
    func shortcutsAreExact() {
        var x = -1500.0
        while x <= 1500 {
            for v in [x, x.nextUp, x.nextDown, -x] {
                #expect(PeriodFinder.remainder360(v).bitPattern == v.truncatingRemainder(dividingBy: 360).bitPattern, "\(v)")
            }
            x += 0.37
        }
        for v in [360.0, -360.0, 720.0, -720.0, 719.9999999999999, 0, -0.0] {
            #expect(PeriodFinder.remainder360(v).bitPattern == v.truncatingRemainder(dividingBy: 360).bitPattern, "\(v)")
        }
        var state: UInt32 = 7
        let colours: [SIMD4<Float>] = (0..<301).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            let a = Float(state >> 24), b = Float((state >> 16) & 255)
            return SIMD4(a, b, Float(state % 7), 255)
        }
        let median = ArcMeasurer.median(colours)
        for c in 0..<4 { #expect(median[c] == colours.map { $0[c] }.sorted()[colours.count / 2]) }
    }
}
