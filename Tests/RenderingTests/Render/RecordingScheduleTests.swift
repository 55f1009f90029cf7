import Foundation
import Rendering
import Testing

/// The recording schedule: when each frame sits in the GIF, what delay it stores, the model
/// instant it shows, and exactly the imperfections that were asked for.
struct RecordingScheduleTests {
    typealias Plan = RecordingSchedule.Plan

    static func schedule(_ interval: RecordingSchedule.Interval, duration: Double, _ change: (inout Plan) -> Void = { _ in }) -> RecordingSchedule {
        var plan = Plan(duration: duration, interval: interval)
        change(&plan)
        return RecordingSchedule(plan)
    }

    static let perfect = schedule(.centiseconds(3), duration: 0.36)

    // MARK: The capture clock

    @Test(
        "at a frame rate each frame starts at the centisecond nearest its capture time, so the rounding carries",
        arguments: [
            (30.0, [3, 4, 3]),
            (60.0, [2, 1, 2]),
            (24.0, [4, 4, 5, 4, 4, 4]),
            (25.0, [4]),
            (15.0, [7, 6, 7]),
        ])
    func fpsRoundingCarries(fps: Double, pattern: [Int]) {
        let s = Self.schedule(.fps(fps), duration: 2)
        #expect(s.frames.count == Int((2 * fps).rounded()))
        let delays = s.frames.map(\.delayCentiseconds)
        #expect(delays == (0..<delays.count).map { pattern[$0 % pattern.count] })
        for f in s.frames {
            #expect(abs(f.modelTime - Double(f.index) / fps) < 1e-12)
            // The stored start is the nearest centisecond: never more than half of one away.
            #expect(abs(f.recordingTime - f.modelTime) <= 0.005 + 1e-12)
        }
        #expect(delays.reduce(0, +) == 200)
    }

    @Test("rounding never drifts: at 29.97 fps the stored start of every frame stays within half a centisecond")
    func fpsNoDrift() {
        let s = Self.schedule(.fps(29.97), duration: 60)
        #expect(s.frames.count == 1799)
        let worst = s.frames.map { abs($0.recordingTime - Double($0.index) / 29.97) }.max()!
        #expect(worst <= 0.005 + 1e-9)
        #expect(Set(s.frames.map(\.delayCentiseconds)) == [3, 4])
    }

    @Test("a fixed delay gives evenly spaced frames covering the duration", arguments: [(2, 0.5, 25), (3, 0.3, 10), (3, 0.31, 11), (4, 1.5, 38)])
    func fixedDelay(cs: Int, duration: Double, count: Int) {
        let s = Self.schedule(.centiseconds(cs), duration: duration)
        #expect(s.frames.count == count)
        for f in s.frames {
            #expect(f.delayCentiseconds == cs)
            #expect(abs(f.recordingTime - Double(f.index * cs) / 100) < 1e-12)
            #expect(abs(f.modelTime - f.recordingTime) < 1e-12)
            #expect(f.flags.isEmpty)
        }
    }

    @Test("--from and --rate move model time only: frame i shows from + rate × capture time, delays unchanged",
          arguments: [(0.0, 2.0), (1.25, 0.5), (6.0, 1.1)])
    func rate(from: Double, rate: Double) {
        var plan = Plan(from: from, duration: 0.36, interval: .centiseconds(3))
        plan.rate = rate
        let s = RecordingSchedule(plan)
        #expect(s.frames.count == Self.perfect.frames.count)
        for (f, p) in zip(s.frames, Self.perfect.frames) {
            #expect(f.delayCentiseconds == p.delayCentiseconds)
            #expect(f.recordingTime == p.recordingTime)
            #expect(abs(f.modelTime - (from + rate * p.modelTime)) < 1e-12)
            #expect(f.flags.isEmpty)
        }
    }

    // MARK: Imperfections

    @Test("jitter is seeded: the same seed gives the same schedule, another seed another, each frame within ±jitter")
    func jitterIsDeterministic() {
        func jittered(_ seed: UInt64) -> RecordingSchedule {
            Self.schedule(.fps(30), duration: 2) { $0.jitter = 0.01; $0.seed = seed }
        }
        let a = jittered(7), b = jittered(7), c = jittered(8)
        let clean = Self.schedule(.fps(30), duration: 2)
        #expect(a == b)
        #expect(a.frames.map(\.modelTime) != c.frames.map(\.modelTime))
        var offsets: [Double] = []
        for (f, p) in zip(a.frames, clean.frames) {
            let offset = f.modelTime - p.modelTime
            offsets.append(offset)
            #expect(abs(offset) <= 0.01)
            #expect(f.flags == ["jitter"])
            #expect(f.delayCentiseconds == p.delayCentiseconds)
            #expect(f.recordingTime == p.recordingTime)
        }
        // Uniform in [−0.01, 0.01]: both signs, spread over the range, centred near zero.
        #expect(offsets.contains { $0 < -0.007 } && offsets.contains { $0 > 0.007 })
        #expect(abs(offsets.reduce(0, +) / Double(offsets.count)) < 0.002)
    }

    @Test("--late moves exactly the frames asked by rate × seconds and flags them", arguments: [
        ([4: 0.05], 1.0), ([0: 0.01, 7: 0.2], 1.0), ([3: 0.05, 11: 0.015], 2.0),
    ])
    func late(late: [Int: Double], rate: Double) {
        var plan = Plan(duration: 0.36, interval: .centiseconds(3))
        plan.rate = rate
        plan.late = late
        let s = RecordingSchedule(plan)
        #expect(s.frames.count == Self.perfect.frames.count)
        for (f, p) in zip(s.frames, Self.perfect.frames) {
            let shift = late[f.index] ?? 0
            #expect(abs(f.modelTime - rate * (p.modelTime + shift)) < 1e-12)
            #expect(f.flags == (late[f.index] == nil ? [] : ["late"]))
            #expect(f.delayCentiseconds == p.delayCentiseconds)
            #expect(f.recordingTime == p.recordingTime)
        }
    }

    @Test("--drop leaves the frames out, merges each one's delay into the frame before and flags the frame after")
    func drop() {
        let s = Self.schedule(.centiseconds(3), duration: 0.36) { $0.drop = [4, 7, 8] }
        let kept = [0, 1, 2, 3, 5, 6, 9, 10, 11]
        #expect(s.frames.map(\.index) == Array(0..<kept.count))
        #expect(s.frames.map(\.delayCentiseconds) == [3, 3, 3, 6, 3, 9, 3, 3, 3])
        for (f, original) in zip(s.frames, kept) {
            let p = Self.perfect.frames[original]
            // Merged delays keep every later frame at its capture time, and its picture too.
            #expect(f.recordingTime == p.recordingTime)
            #expect(f.modelTime == p.modelTime)
        }
        #expect(s.frames.map(\.flags) == [[], [], [], [], ["droppedBefore"], [], ["droppedBefore"], [], []])
        #expect(s.frames.map(\.delayCentiseconds).reduce(0, +) == 36)
    }

    @Test("frame 0 is never dropped: there is no frame before it to take its delay")
    func dropFirst() {
        let s = Self.schedule(.centiseconds(3), duration: 0.36) { $0.drop = [0] }
        #expect(s == Self.perfect)
    }

    @Test("--duplicate repeats the model time of the frame before and flags it, changing nothing else", arguments: [
        Set([3]), Set([3, 4]), Set([1, 11]),
    ])
    func duplicate(frames: Set<Int>) {
        let s = Self.schedule(.centiseconds(3), duration: 0.36) { $0.duplicate = frames }
        #expect(s.frames.count == Self.perfect.frames.count)
        for (f, p) in zip(s.frames, Self.perfect.frames) {
            if frames.contains(f.index) {
                #expect(f.modelTime == s.frames[f.index - 1].modelTime)
                #expect(f.flags == ["duplicate"])
            } else {
                #expect(f.modelTime == p.modelTime)
                #expect(f.flags.isEmpty)
            }
            #expect(f.delayCentiseconds == p.delayCentiseconds)
            #expect(f.recordingTime == p.recordingTime)
        }
    }

    @Test("a duplicate right after a drop repeats the frame shown before the gap")
    func duplicateAfterDrop() {
        let s = Self.schedule(.centiseconds(3), duration: 0.36) { $0.drop = [3]; $0.duplicate = [4] }
        #expect(s.frames.count == 11)
        #expect(s.frames[2].delayCentiseconds == 6)
        #expect(s.frames[3].modelTime == s.frames[2].modelTime)
        #expect(s.frames[3].flags == ["duplicate", "droppedBefore"])
        #expect(s.frames[3].recordingTime == Self.perfect.frames[4].recordingTime)
    }

    @Test("stored delays cycle through the file while the pictures keep the capture schedule", arguments: [
        [2, 5], [3, 4, 3, 5, 2], [0], [10],
    ])
    func storedDelays(delays: [Int]) {
        let s = Self.schedule(.centiseconds(3), duration: 0.36) { $0.storedDelays = delays }
        #expect(s.frames.count == Self.perfect.frames.count)
        var start = 0
        for (f, p) in zip(s.frames, Self.perfect.frames) {
            #expect(f.delayCentiseconds == delays[f.index % delays.count])
            #expect(abs(f.recordingTime - Double(start) / 100) < 1e-12)
            #expect(f.modelTime == p.modelTime)
            #expect(f.flags.isEmpty)
            start += f.delayCentiseconds
        }
    }

    @Test("stored delays and drops combine: a dropped frame's stored delay goes to the frame before")
    func storedDelaysWithDrop() {
        let s = Self.schedule(.centiseconds(3), duration: 0.18) { $0.storedDelays = [2, 5]; $0.drop = [1] }
        #expect(s.frames.map(\.delayCentiseconds) == [7, 2, 5, 2, 5])
        #expect(zip(s.frames.map(\.modelTime), [0, 0.06, 0.09, 0.12, 0.15]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(s.frames.map(\.recordingTime) == [0, 0.07, 0.09, 0.14, 0.16])
    }

    @Test("every imperfection at once is still deterministic")
    func everythingDeterministic() {
        func spoiled() -> RecordingSchedule {
            Self.schedule(.fps(30), duration: 1) {
                $0.from = 0.5; $0.rate = 1.05; $0.jitter = 0.004; $0.seed = 42
                $0.late = [5: 0.03]; $0.drop = [9, 20]; $0.duplicate = [14]; $0.storedDelays = [3, 4, 3, 5]
            }
        }
        let a = spoiled()
        #expect(a == spoiled())
        #expect(a.frames.count == 28)
        #expect(a.frames.filter { $0.flags.contains("late") }.count == 1)
        #expect(a.frames.filter { $0.flags.contains("duplicate") }.count == 1)
        #expect(a.frames.filter { $0.flags.contains("droppedBefore") }.count == 2)
    }
}
