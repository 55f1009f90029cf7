import Foundation
import Raster
import StrokeGeometry
import Testing
@testable import StrokeEstimation
@testable import Inspection
import Threading

@Suite("Cap evidence fitted on a thread of its own")
struct BackgroundCapEvidenceTests {
    /// A ring's end drawn on a canvas, for jobs that take a few milliseconds each.
    static func job(_ k: Int) -> CapEvidenceJob {
        var image = RGBAImage(width: 120, height: 120, fill: .white)
        let ring = RingGeometry(circle: Circle(center: Point(x: 60, y: 60), radius: 40), lineWidth: 6)
        // Ink from 12 o'clock to an angle that moves with k.
        let end = 40.0 + Double(k) * 7.3
        for y in 0..<120 {
            for x in 0..<120 {
                let dx = Double(x) + 0.5 - 60, dy = Double(y) + 0.5 - 60
                let r = (dx * dx + dy * dy).squareRoot()
                var a = atan2(dx, -dy) * 180 / Double.pi
                if a < 0 { a += 360 }
                if abs(r - 40) <= 3, a <= end { image[x: x, y: y] = .black }
            }
        }
        let slack = 1.5 / 40, shift = 3.0 / 40
        return CapEvidenceJob(image: image, ring: ring, lineWidth: 6, reference: end, beyondClockwise: true,
                              background: SIMD4(255, 255, 255, 255), axis: SIMD4(-255, -255, -255, 0),
                              buttRange: -slack...slack, roundRange: (-shift - slack)...(-shift + slack))
    }

    @Test("results come back complete and in submission order, whatever the thread's timing")
    func ordered() throws {
        let jobs = (0..<24).map(Self.job)
        #expect(jobs.count == 24)
        let expected = jobs.map { $0.run() }
        #expect(expected.allSatisfy { $0 != nil })
        withThreadGroup { group in
            let runner = BackgroundCapEvidence(in: group)
            for job in jobs.prefix(10) { runner.submit(job) }
            #expect(runner.collect() == Array(expected.prefix(10)))
            // The thread waits for more: a second round goes to it too.
            for job in jobs.dropFirst(10) { runner.submit(job) }
            #expect(runner.collect() == Array(expected.dropFirst(10)))
            #expect(runner.collect().isEmpty)
        }
    }
}
