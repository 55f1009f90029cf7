import Testing
@testable import AnimationModel

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Timing engine properties over generated models")
struct EnginePropertyTests {
    static let functions: [TimingFunctionSpec?] = [nil, .linear, .easeIn, .easeOut, .easeInEaseOut, .default]

    /// A random single basic animation on strokeEnd.
    static func randomAnimation(_ g: inout SeededGenerator, repeatCount: Double, autoreverses: Bool) -> (AnimationSpec, duration: Double, begin: Double, speed: Double) {
        let duration = Double.random(in: 0.2...3, using: &g)
        let begin = Double.random(in: 0...2, using: &g)
        let speed = [0.5, 1, 1, 2][Int.random(in: 0..<4, using: &g)]
        let from = Double.random(in: -0.2...0.6, using: &g), to = Double.random(in: 0.4...1.2, using: &g)
        let function = functions[Int.random(in: 0..<functions.count, using: &g)]
        let a = basic(.strokeEnd, from: from, to: to, timing(begin: begin, duration: duration, speed: speed, repeatCount: repeatCount,
                                                            autoreverses: autoreverses, fill: .both, removedOnCompletion: false,
                                                            function: function))
        return (a, duration, begin, speed)
    }

    @Test("autoreversing animations are continuous over their whole active interval", arguments: 0..<40)
    func continuity(seed: Int) throws {
        var g = SeededGenerator(state: UInt64(seed))
        let (a, d, b, s) = Self.randomAnimation(&g, repeatCount: 3, autoreverses: true)
        let m = try resolve([layer([a])])
        let end = b + 3 * 2 * d / s
        var previous = values(m, at: b).rawStrokeEnd
        let steps = 3000
        for i in 1...steps {
            let t = b + (end - b) * Double(i) / Double(steps)
            let v = values(m, at: t).rawStrokeEnd
            #expect(abs(v - previous) < 0.02, "jump at t = \(t)")
            previous = v
        }
    }

    @Test("infinite repeats are periodic with the cycle length in parent time", arguments: 0..<40)
    func periodic(seed: Int) throws {
        var g = SeededGenerator(state: UInt64(seed) &+ 1000)
        let ar = seed % 2 == 0
        let (a, d, b, s) = Self.randomAnimation(&g, repeatCount: .infinity, autoreverses: ar)
        let m = try resolve([layer([a])])
        let period = d * (ar ? 2 : 1) / s
        for i in 0..<50 {
            let t = b + Double(i) * 0.137
            #expect(abs(values(m, at: t).rawStrokeEnd - values(m, at: t + 3 * period).rawStrokeEnd) < 1e-6)
        }
    }

    @Test("the reverse half mirrors the forward half", arguments: 0..<40)
    func mirror(seed: Int) throws {
        var g = SeededGenerator(state: UInt64(seed) &+ 2000)
        let (a, d, b, s) = Self.randomAnimation(&g, repeatCount: 1, autoreverses: true)
        let m = try resolve([layer([a])])
        for i in 0...20 {
            let w = d * Double(i) / 20
            let forward = values(m, at: b + w / s).rawStrokeEnd
            let back = values(m, at: b + (2 * d - w) / s).rawStrokeEnd
            #expect(abs(forward - back) < 1e-9)
        }
    }

    @Test("drawn stroke fractions stay in [0, 1] whatever the animations produce", arguments: 0..<40)
    func clamped(seed: Int) throws {
        var g = SeededGenerator(state: UInt64(seed) &+ 3000)
        let (a, _, b, _) = Self.randomAnimation(&g, repeatCount: 2, autoreverses: false)
        let extra = basic(.strokeStart, by: Double.random(in: -2...2, using: &g), timing(duration: 1, fill: .both, removedOnCompletion: false),
                          additive: true)
        let m = try resolve([layer([a, extra])])
        for i in 0..<200 {
            let v = values(m, at: b - 1 + Double(i) * 0.05)
            #expect((0...1).contains(v.strokeStart))
            #expect((0...1).contains(v.strokeEnd))
        }
    }
}
