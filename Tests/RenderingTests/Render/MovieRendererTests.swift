import Foundation
import MovieCodec
import Raster
import Rendering
import Testing

/// Rendering into a movie: every scheduled frame written at its timestamp, or, leaving out held
/// pictures, the frame before lasting until the next change.
struct MovieRendererTests {
    static func render(leaveOutHeld: Bool, _ change: (inout RecordingSchedule.Plan) -> Void) throws -> (written: Int, frames: [RenderedMovieFrame], drawn: Int) {
        let model = try RenderReference.model("loading-spinner")
        var plan = RecordingSchedule.Plan(duration: 0.2, interval: .fps(60))
        change(&plan)
        let schedule = try MovieSchedule(plan, ticksPerSecond: 90_000)
        let renderer = MovieRenderer(renderer: FrameRenderer(model: model, settings: RenderSettings(width: 100, height: 100)),
                                     schedule: schedule, leavesOutHeldFrames: leaveOutHeld)
        var frames: [RenderedMovieFrame] = []
        var drawn = 0
        let written = try renderer.write(to: RenderReference.temporaryPath("m.mp4"), options: MovieEncoderOptions(container: .mp4),
                                         overwrite: false, frameWritten: { frames.append($0) }, framesDrawn: { drawn = $0 })
        return (written, frames, drawn)
    }

    @Test("every scheduled frame is written at its timestamp, a repeated picture too")
    func constantRate() throws {
        let r = try Self.render(leaveOutHeld: false) { $0.duplicate = [4] }
        #expect(r.written == 12 && r.drawn == 12)
        #expect(r.frames.map(\.pts) == (0..<12).map { Int64($0) * 1500 })
        #expect(r.frames.allSatisfy { $0.duration == 1500 })
        #expect(r.frames[4].modelTime == r.frames[3].modelTime)
    }

    @Test("held pictures are left out: the frame before lasts until the next change, which keeps its time")
    func variableRate() throws {
        let r = try Self.render(leaveOutHeld: true) { $0.duplicate = [4, 5] }
        #expect(r.written == 10 && r.drawn == 12)
        #expect(r.frames.map(\.index) == Array(0..<10))
        #expect(r.frames[3].pts == 4500 && r.frames[3].duration == 4500)
        #expect(r.frames[4].pts == 9000 && r.frames[4].flags == ["heldBefore"])
        #expect(r.frames.last.map { $0.pts + $0.duration } == 18_000)
    }
}
