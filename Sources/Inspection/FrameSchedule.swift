import GIFCodec

/// Start time and duration of each frame in seconds, fed one frame at a time.
public struct FrameSchedule: Sendable {
    public let timing: FrameTiming
    private var clock: FrameClock
    private var count = 0
    /// Under `timestamps`: the end of the last frame so far, seconds.
    private var stampedTotal = 0.0

    public init(_ timing: FrameTiming) {
        self.timing = timing
        if case .delays(let p) = timing { clock = FrameClock(policy: p) } else { clock = FrameClock(policy: .raw) }
    }

    /// Start and duration of the next frame, in seconds: a GIF's from its stored delay, a
    /// movie's (`stamp`: its time and duration from the timestamps) as stamped.
    public mutating func next(rawDelayCentiseconds: Int, stamp: (time: Double, duration: Double)? = nil) -> (start: Double, duration: Double) {
        defer { count += 1 }
        switch timing {
        case .timestamps:
            let s = stamp ?? (time: stampedTotal, duration: 0)
            stampedTotal = s.time + s.duration
            return (s.time, s.duration)
        case .delays:
            let t = clock.advance(rawDelayCentiseconds: rawDelayCentiseconds)
            return (Double(t.start) / 100, Double(t.effective) / 100)
        case .evenlySpaced(let fps):
            return (Double(count) / fps, 1 / fps)
        }
    }

    /// Total duration of the frames so far, in seconds.
    public var total: Double {
        switch timing {
        case .delays: Double(clock.elapsedCentiseconds) / 100
        case .evenlySpaced(let fps): Double(count) / fps
        case .timestamps: stampedTotal
        }
    }
}
