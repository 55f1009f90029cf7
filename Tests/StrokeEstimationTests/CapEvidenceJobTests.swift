import StrokeGeometry
import Raster
import Rendering
import Testing
@testable import StrokeEstimation

/// Runs jobs only when collected: the latest a runner may deliver them.
private final class CollectingRunner: CapEvidenceRunner, @unchecked Sendable {
    private(set) var submitted = 0
    private var jobs: [CapEvidenceJob] = []
    func submit(_ job: CapEvidenceJob) {
        jobs.append(job)
        submitted += 1
    }
    func collect() -> [CapEvidence?] {
        defer { jobs = [] }
        return jobs.map { $0.run() }
    }
}

@Suite("Cap evidence fitted away from the frame")
struct CapEvidenceJobTests {
    /// The material spinner (round caps) at 2×, and its ring.
    static func roundCapFrames() throws -> (frames: [RGBAImage], ring: RingGeometry, settings: RenderSettings) {
        let times = stride(from: 0.05, to: 2.8, by: 0.05).map { $0 }
        let (frames, settings, _) = try renderFixture("material-spinner.json", scale: 2, times: times)
        var stats = PixelStatistics(width: settings.width, height: settings.height)
        for (image, _) in frames { stats.add(image) }
        return (frames.map(\.0), try #require(RingFinder.rings(in: stats).first), settings)
    }

    @Test("a job on its copy of the end's neighbourhood gives the fit on the whole canvas, bit for bit")
    func copyMatchesCanvas() throws {
        let (frames, ring, _) = try Self.roundCapFrames()
        var checked = 0
        for image in frames.prefix(12) {
            let bg = SIMD4<Float>(255, 255, 255, 255), ink = SIMD4<Float>(0, 0, 0, 255)
            let axis = ink - bg, axisLength2 = (axis * axis).sum()
            let w = ring.lineWidth, R = ring.circle.radius
            let slack = 1.5 / R, shift = LineCap.round.extraLength(lineWidth: w) / R
            let buttRange = -slack...slack, roundRange = (-shift - slack)...(-shift + slack)
            for reference in [30.0, 137.5, 301.25] {
                for beyondClockwise in [true, false] {
                    let job = CapEvidenceJob(image: image, ring: ring, lineWidth: w, reference: reference, beyondClockwise: beyondClockwise,
                                             background: bg, axis: axis, buttRange: buttRange, roundRange: roundRange)
                    let direct = image.pixels.withUnsafeBufferPointer { px in
                        RingEndShape(image: image, ring: ring, lineWidth: w, reference: reference, beyondClockwise: beyondClockwise,
                                     subdivisions: 4, buttRange: buttRange, roundRange: roundRange) {
                            ArcMeasurer.coverage(px, $0, background: bg, axis: axis, axisLength2: axisLength2, binary: false)
                        }
                    }
                    let shape = try #require(direct)
                    let expected = CapEvidence(butt: shape.fit(.butt, within: buttRange).cost, round: shape.fit(.round, within: roundRange).cost,
                                               place: EndPlace(reference: reference, ring: ring, beyondClockwise: beyondClockwise))
                    #expect(job.run() == expected)
                    #expect(job.byteCount < image.pixels.count / 4, "the job copies the neighbourhood, not the canvas")
                    checked += 1
                }
            }
        }
        #expect(checked == 72)
    }

    @Test("a neighbourhood cut by the canvas's edge gives no evidence, as on the whole canvas")
    func cutNeighbourhood() throws {
        let (frames, ring, settings) = try Self.roundCapFrames()
        // An end placed so that its neighbourhood runs off the canvas: the ring moved left.
        var moved = ring
        moved.circle.center.x = 2
        #expect(!CapEvidenceJob.isComplete(ring: moved, lineWidth: ring.lineWidth, reference: 270,
                                           width: settings.width, height: settings.height))
        #expect(CapEvidenceJob.isComplete(ring: ring, lineWidth: ring.lineWidth, reference: 45,
                                          width: settings.width, height: settings.height))
        let job = CapEvidenceJob(image: frames[0], ring: moved, lineWidth: ring.lineWidth, reference: 270, beyondClockwise: true,
                                 background: .init(255, 255, 255, 255), axis: .init(-255, -255, -255, 0),
                                 buttRange: -0.05...0.05, roundRange: -0.2...0.1)
        #expect(job.run() == nil)
    }

    @Test("evidence fitted later gives the same evidence, judgement and measurements as fitted at once",
          arguments: [200, 40, 9])
    func deferredMatchesImmediate(budget: Int) throws {
        let (frames, ring, settings) = try Self.roundCapFrames()
        var now = ArcMeasurer(ring: ring, canvasWidth: settings.width, canvasHeight: settings.height)
        var later = now
        let runner = CollectingRunner()
        later.evidenceRunner = runner
        now.evidenceRemaining = budget
        later.evidenceRemaining = budget
        var judgedEarly: [LineCap?] = [], judgedLater: [LineCap?] = []
        for image in frames {
            #expect(now.measure(image) == later.measure(image))
            judgedEarly.append(now.judgedCap)
            judgedLater.append(later.judgedCap)
        }
        later.settleEvidence()
        #expect(runner.submitted > 0)
        #expect(later.capEvidence == now.capEvidence)
        #expect(later.capEvidence.count == min(budget + budget % 2, 2 * frames.count) || budget == 200)
        #expect(later.inferredCap == now.inferredCap)
        #expect(now.inferredCap == .round)
        #expect(later.judgedCap == now.judgedCap)
        // Until a short piece needs it, the later judgement may wait; it is never a different one.
        for (early, late) in zip(judgedEarly, judgedLater) where late != nil { #expect(late == early) }
    }
}
