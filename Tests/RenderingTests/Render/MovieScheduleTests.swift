import Foundation
import Rendering
import Testing

/// The movie schedule: exact timestamps on a 90 kHz clock, and the recorder's imperfections
/// keeping every frame's true time.
struct MovieScheduleTests {
    typealias Plan = RecordingSchedule.Plan

    static func schedule(_ interval: RecordingSchedule.Interval, duration: Double, _ change: (inout Plan) -> Void = { _ in }) throws -> MovieSchedule {
        var plan = Plan(duration: duration, interval: interval)
        change(&plan)
        return try MovieSchedule(plan, ticksPerSecond: 90_000)
    }

    @Test("a constant rate puts frame i at exactly i / fps, and the last frame lasts one interval", arguments: [(60.0, 1500), (120.0, 750), (30.0, 3000), (24.0, 3750)])
    func constantRate(fps: Double, ticks: Int) throws {
        let s = try Self.schedule(.fps(fps), duration: 1)
        #expect(s.frames.count == Int(fps))
        for f in s.frames {
            #expect(f.pts == Int64(f.index * ticks))
            #expect(f.duration == Int64(ticks))
            #expect(f.modelTime == Double(f.pts) / 90_000)
            #expect(f.flags.isEmpty)
        }
        #expect(s.endTicks == 90_000)
    }

    @Test("a dropped frame leaves a gap: the frame before lasts two intervals, the next keeps its time")
    func dropped() throws {
        let s = try Self.schedule(.fps(60), duration: 0.1) { $0.drop = [3] }
        #expect(s.frames.map(\.pts) == [0, 1500, 3000, 6000, 7500])
        #expect(s.frames.map(\.duration) == [1500, 1500, 3000, 1500, 1500])
        #expect(s.frames[3].flags == ["droppedBefore"])
    }

    @Test("a late frame keeps its true timestamp and shows that instant; a repeated one shows the picture before")
    func lateAndRepeated() throws {
        let s = try Self.schedule(.fps(60), duration: 0.1) { $0.late = [2: 0.004]; $0.duplicate = [4]; $0.rate = 1.5; $0.from = 2 }
        #expect(s.frames[2].pts == 3000 + 360)
        #expect(s.frames[2].flags == ["late"])
        #expect(abs(s.frames[2].modelTime - (2 + 1.5 * 3360 / 90_000)) < 1e-12)
        #expect(s.frames[4].pts == 6000 && s.frames[4].modelTime == s.frames[3].modelTime)
        #expect(s.frames[4].flags == ["duplicate"])
    }

    @Test("a frame late past the next one is refused, naming it")
    func outOfOrder() {
        #expect(throws: MovieSchedule.OutOfOrder(frame: 3)) {
            _ = try Self.schedule(.fps(60), duration: 0.1) { $0.late = [2: 0.02] }
        }
    }

    @Test("jitter moves timestamps, which count from the first frame, and draws the GIF schedule's numbers")
    func jitter() throws {
        var plan = Plan(duration: 0.2, interval: .fps(60))
        plan.jitter = 0.003
        plan.seed = 7
        let movie = try MovieSchedule(plan, ticksPerSecond: 90_000)
        let gif = RecordingSchedule(plan)
        #expect(movie.frames.first?.pts == 0)
        for (m, g) in zip(movie.frames, gif.frames) {
            // The same capture instants, to within half a tick.
            #expect(abs(m.modelTime - g.modelTime) <= 0.5 / 90_000 + 1e-12)
        }
    }
}
