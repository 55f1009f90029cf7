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
}
