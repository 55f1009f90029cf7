import AnimationModel
import MovieCodec
import Raster

/// One frame as written to a movie: its timestamp, how long it shows, the model instant its
/// picture shows and every layer's exact state.
public struct RenderedMovieFrame: Sendable {
    /// Position in the movie (0-based, after dropped and left-out held frames).
    public var index: Int
    /// Presentation timestamp and duration, in ticks of `ticksPerSecond`.
    public var pts: Int64
    public var duration: Int64
    public var ticksPerSecond: Int
    public var modelTime: Double
    /// The schedule's imperfections, plus `heldBefore` when frames that repeated the picture
    /// before this one were left out (`MovieRenderer.leavesOutHeldFrames`).
    public var flags: [String]
    public var layers: [LayerTruth]

    /// The timestamp in seconds.
    public var time: Double { Double(pts) / Double(ticksPerSecond) }
    /// The duration in seconds.
    public var delay: Double { Double(duration) / Double(ticksPerSecond) }
}

/// Renders a model along a movie schedule into an MP4 or QuickTime movie, a frame at a time.
///
/// With `leavesOutHeldFrames` the movie has a variable frame rate, as a simulator recording has:
/// a frame whose picture is the same as the one before is not written, the frame before lasts
/// until the next change, and every written frame keeps its true timestamp.
public struct MovieRenderer: Sendable {
    public let renderer: FrameRenderer
    public let schedule: MovieSchedule
    public var leavesOutHeldFrames: Bool

    public init(renderer: FrameRenderer, schedule: MovieSchedule, leavesOutHeldFrames: Bool = false) {
        self.renderer = renderer
        self.schedule = schedule
        self.leavesOutHeldFrames = leavesOutHeldFrames
    }

    /// Writes the movie to `path` (an existing file is replaced only with `overwrite`) and calls
    /// `frameWritten` after each frame with its exact state, and `framesDrawn` with the number of
    /// the schedule's frames drawn so far (held frames left out count too, for a progress bar).
    /// `options.ticksPerSecond` is taken from the schedule. Returns the number of frames written.
    @discardableResult
    public func write(to path: String, options: MovieEncoderOptions, overwrite: Bool,
                      frameWritten: (RenderedMovieFrame) -> Void = { _ in },
                      framesDrawn: (Int) -> Void = { _ in }) throws(MovieEncodingError) -> Int {
        var options = options
        options.ticksPerSecond = schedule.ticksPerSecond
        let settings = renderer.settings
        let encoder = try MovieEncoder(path: path, width: settings.width, height: settings.height,
                                       options: options, overwrite: overwrite)
        // A frame is written once the next different picture (or the end) fixes its duration.
        var pending: (image: RGBAImage, frame: RenderedMovieFrame)?
        var written = 0
        func flush(until end: Int64) throws(MovieEncodingError) {
            guard let (image, held) = pending else { return }
            var frame = held
            frame.duration = end - frame.pts
            try encoder.add(image, pts: frame.pts, duration: frame.duration)
            frameWritten(frame)
            written += 1
            pending = nil
        }
        var heldBefore = false
        for (drawn, scheduled) in schedule.frames.enumerated() {
            let (image, truths) = renderer.render(at: scheduled.modelTime)
            defer { framesDrawn(drawn + 1) }
            if leavesOutHeldFrames, let current = pending, current.image == image {
                heldBefore = true
                continue
            }
            try flush(until: scheduled.pts)
            var flags = scheduled.flags
            if heldBefore { flags.append("heldBefore"); heldBefore = false }
            pending = (image, RenderedMovieFrame(index: written, pts: scheduled.pts, duration: scheduled.duration,
                                                 ticksPerSecond: schedule.ticksPerSecond, modelTime: scheduled.modelTime,
                                                 flags: flags, layers: truths))
        }
        try flush(until: schedule.endTicks)
        try encoder.finish()
        return written
    }
}
