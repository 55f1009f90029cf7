import StrokeGeometry
import Testing
@testable import StrokeEstimation

@Suite("Judging caps from the ends' costs")
struct CapInferenceTests {
    static func ends(roundBetter: Int, buttBetter: Int, ties: Int) -> [CapEvidence] {
        Array(repeating: CapEvidence(butt: 1, round: 0), count: roundBetter)
            + Array(repeating: CapEvidence(butt: 0, round: 1), count: buttBetter)
            + Array(repeating: CapEvidence(butt: 0, round: 0), count: ties)
    }

    @Test("the sign test's tail: how likely k or more of n ends prefer a shape by chance")
    func tail() {
        #expect(abs(CapInference.signTestTail(3, of: 3) - 0.125) < 1e-15)
        #expect(abs(CapInference.signTestTail(5, of: 5) - 0.03125) < 1e-15)
        #expect(abs(CapInference.signTestTail(9, of: 10) - 11.0 / 1024) < 1e-15)
        #expect(CapInference.signTestTail(0, of: 7) == 1)
        #expect(CapInference.signTestTail(8, of: 7) == 0)
        // Hundreds of ends: no overflow, and half of them is no evidence.
        #expect(abs(CapInference.signTestTail(200, of: 400) - 0.5199) < 1e-3)
        #expect(CapInference.signTestTail(260, of: 400) < 1e-8)
    }

    @Test("a handful of ends preferring a shape among many that fit both does not judge the caps")
    func fewEndsDoNotJudge() {
        // A butt-capped 3 px line on 1-bit pixels once read round from two ends against one.
        #expect(CapInference.infer(evidence: Self.ends(roundBetter: 2, buttBetter: 1, ties: 79)) == nil)
        #expect(CapInference.infer(evidence: Self.ends(roundBetter: 4, buttBetter: 0, ties: 30)) == nil)
        // Enough of them, and the costs agree: judged.
        #expect(CapInference.infer(evidence: Self.ends(roundBetter: 15, buttBetter: 2, ties: 60)) == .round)
        #expect(CapInference.infer(evidence: Self.ends(roundBetter: 1, buttBetter: 12, ties: 60)) == .butt)
    }

    /// An end on a ring of radius 20 px at `degrees`, ink lying counter-clockwise of it.
    static func place(_ degrees: Double) -> EndPlace {
        EndPlace(reference: degrees, ring: RingGeometry(circle: Circle(center: Point(x: 30, y: 30), radius: 20), lineWidth: 2), beyondClockwise: true)
    }

    @Test("an end that does not move counts once, however many frames show it")
    func staticEndCountsOnce() {
        // The start holds at 12 o'clock (read a few hundredths of a pixel apart) and its
        // dithered pixels favour round in every frame; the moving end favours butt.
        let still = (0..<30).map { k in CapEvidence(butt: 0.036, round: 0.010, place: Self.place(359.9 + Double(k % 3) * 0.05)) }
        let moving = (0..<30).map { (k: Int) -> CapEvidence in
            let butt = k % 4 == 0 ? 0.03 : 0.01, round = k % 4 == 0 ? 0.02 : 0.03
            return CapEvidence(butt: butt, round: round, place: Self.place(20 + Double(k) * 9))
        }
        #expect(CapInference.distinctEnds(still + moving).count == 31)
        #expect(CapInference.infer(evidence: still + moving) == .butt)
        // Without places every frame's end counts, and the still end would outvote the rest.
        let unplaced = (still + moving).map { var e = $0; e.place = nil; return e }
        #expect(CapInference.infer(evidence: unplaced) == .round)
    }

    @Test("ends a tenth of a pixel apart or less are one end; across 12 o'clock too; not if drawn the other way")
    func repeats() {
        let r20 = Self.place(0.1)
        let perDegree = 2 * Double.pi * 20 / 360
        #expect(r20.repeats(Self.place(0.1 + 0.09 / perDegree), within: 0.1))
        #expect(!r20.repeats(Self.place(0.1 + 0.11 / perDegree), within: 0.1))
        #expect(r20.repeats(Self.place(359.95), within: 0.1))
        var other = Self.place(0.1)
        other.beyondClockwise = false
        #expect(!r20.repeats(other, within: 0.1))
    }
}
