import Testing
@testable import AnimationModel

@Suite("CAMediaTimingFunction, solved as Core Animation does (CA-TIMING.md §4)")
struct TimingFunctionTests {
    static let xs = [0.1, 0.25, 0.5, 0.75, 0.9]

    @Test("the §4.1 sample table, to 1e-6", arguments: [
        ("easeIn", TimingFunction.easeIn, [0.017027, 0.093465, 0.315357, 0.621860, 0.839428]),
        ("easeOut", TimingFunction.easeOut, [0.160572, 0.378140, 0.684643, 0.906535, 0.982973]),
        ("easeInEaseOut", TimingFunction.easeInEaseOut, [0.019722, 0.129162, 0.500000, 0.870838, 0.980278]),
        ("default", TimingFunction.default, [0.094795, 0.408511, 0.802403, 0.960459, 0.994316]),
    ])
    func table(name: String, function: TimingFunction, expected: [Double]) {
        for (x, y) in zip(Self.xs, expected) {
            #expect(abs(function.solve(x) - y) <= 1e-6, "\(name)(\(x)) = \(function.solve(x)), expected \(y)")
        }
    }

    @Test("the ends map to themselves", arguments: [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default, .linear])
    func ends(function: TimingFunction) {
        #expect(abs(function.solve(0)) < 1e-6)
        #expect(abs(function.solve(1) - 1) < 1e-6)
    }

    @Test("the ε = 1e-5 solve differs from an exact solve by at most 7e-6 (default(0.4))")
    func tolerance() {
        #expect(abs(TimingFunction.default.solve(0.4) - 0.682547) < 1.5e-6)
    }

    @Test("an overshooting curve overshoots")
    func overshoot() {
        let f = TimingFunction(0.34, 1.56, 0.64, 1)
        #expect(f.solve(0.5) > 1)
    }
}
