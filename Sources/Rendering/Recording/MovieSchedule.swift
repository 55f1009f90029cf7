import StrokeGeometry

/// When each frame of a rendered movie is shown: the same recorder as `RecordingSchedule` (clock
/// rate, jitter, late, dropped and repeated frames), but timed by exact presentation timestamps
/// instead of centisecond delays.
///
/// A frame's timestamp is its capture time, as a screen recorder stamps it, rounded to the
/// movie's clock (`ticksPerSecond`); the picture shows `from + rate × (that time)`. Timestamps
/// count from the first frame's capture (0 unless jitter moved it). So a late or
/// jittered frame keeps its true time, a dropped frame leaves a gap (the frame before lasts
/// longer), and a repeated frame keeps its own timestamp with the picture before it (a hitch).
public struct MovieSchedule: Sendable, Equatable {
    /// One frame of the movie.
    public struct Frame: Sendable, Equatable {
        /// Position in the movie (0-based, after drops).
        public var index: Int
        /// Presentation timestamp in ticks.
        public var pts: Int64
        /// Ticks until the next frame (the last frame: until the recording's end).
        public var duration: Int64
        /// The model instant the picture shows (seconds).
        public var modelTime: Double
        /// Imperfections applied to this frame: `late`, `jitter`, `duplicate`, `droppedBefore`.
        public var flags: [String]
    }

    /// A schedule whose timestamps would not increase: a frame late, or jittered, past the next one.
    public struct OutOfOrder: Error, Sendable, Equatable {
        /// The frame (index in the perfect recording) whose time is not after the frame before it.
        public var frame: Int

        public init(frame: Int) { self.frame = frame }
    }

    public let ticksPerSecond: Int
    public let frames: [Frame]
    /// The recording's end in ticks: where the frame after the last one of the perfect recording
    /// would have been.
    public let endTicks: Int64

    /// Seconds of a tick count.
    public func seconds(_ ticks: Int64) -> Double { Double(ticks) / Double(ticksPerSecond) }

    /// Lays out the frames of `plan` on a clock of `ticksPerSecond`. Frame indices in `late`,
    /// `drop` and `duplicate` refer to the frames of the perfect recording; `storedDelays` has no
    /// meaning in a movie and is ignored. Jitter draws the same numbers as `RecordingSchedule`'s,
    /// so a movie and a GIF of one plan jitter alike.
    public init(_ plan: RecordingSchedule.Plan, ticksPerSecond: Int) throws(OutOfOrder) {
        self.ticksPerSecond = ticksPerSecond
        let step: Double
        switch plan.interval {
        case .centiseconds(let cs): step = Double(max(cs, 1)) / 100
        case .fps(let fps): step = 1 / fps
        }
        var count = 0
        while Double(count) * step < plan.duration - 1e-9 { count += 1 }
        let ticks = Double(ticksPerSecond)
        var rng = SplitMix64(seed: plan.seed)
        var frames: [Frame] = []
        var droppedBefore = false
        for i in 0..<count {
            let noise = plan.jitter > 0 ? (rng.nextUnit() * 2 - 1) * plan.jitter : 0
            if plan.drop.contains(i), !frames.isEmpty {
                droppedBefore = true
                continue
            }
            var flags: [String] = []
            var captureTime = Double(i) * step + noise
            if noise != 0 { flags.append("jitter") }
            if let late = plan.late[i] { captureTime += late; flags.append("late") }
            let pts = Int64((captureTime * ticks).rounded())
            if let previous = frames.last, pts <= previous.pts { throw OutOfOrder(frame: i) }
            // The picture shows the instant of the timestamp itself, so the truth is exact.
            var modelTime = plan.from + plan.rate * (Double(pts) / ticks)
            if plan.duplicate.contains(i), let previous = frames.last {
                modelTime = previous.modelTime
                flags.append("duplicate")
            }
            if droppedBefore { flags.append("droppedBefore"); droppedBefore = false }
            if let previous = frames.last { frames[frames.count - 1].duration = pts - previous.pts }
            frames.append(Frame(index: frames.count, pts: pts, duration: 1, modelTime: modelTime, flags: flags))
        }
        var end = Int64((Double(count) * step * ticks).rounded())
        if let last = frames.last {
            end = max(end, last.pts + 1)
            frames[frames.count - 1].duration = end - last.pts
        }
        // A movie starts at its first frame (jitter may have moved it before 0): timestamps count
        // from there, as readers report them, while model times keep the capture clock.
        let first = frames.first?.pts ?? 0
        for k in frames.indices { frames[k].pts -= first }
        self.frames = frames
        endTicks = end - first
    }
}
