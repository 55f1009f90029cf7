import StrokeGeometry

/// When each frame of a rendered GIF was "captured" and what delay it stores: the schedule of a
/// perfect recorder, optionally spoiled the way real recordings are (a fast or slow clock,
/// capture jitter, late, dropped and repeated frames, irregular stored delays).
///
/// Times are in seconds. `recordingTime` is where a frame sits in the GIF (the sum of the stored
/// delays before it); `modelTime` is the instant of the model its picture shows.
public struct RecordingSchedule: Sendable, Equatable {
    /// One frame of the GIF.
    public struct Frame: Sendable, Equatable {
        public var index: Int
        /// Start of the frame in the GIF: the sum of the stored delays before it (seconds).
        public var recordingTime: Double
        /// The stored delay (centiseconds).
        public var delayCentiseconds: Int
        /// The model instant the picture shows (seconds).
        public var modelTime: Double
        /// Imperfections applied to this frame: `late`, `jitter`, `duplicate`, `droppedBefore`.
        public var flags: [String]

        public init(index: Int, recordingTime: Double, delayCentiseconds: Int, modelTime: Double, flags: [String]) {
            self.index = index
            self.recordingTime = recordingTime
            self.delayCentiseconds = delayCentiseconds
            self.modelTime = modelTime
            self.flags = flags
        }
    }

    /// What the user asked for.
    public struct Plan: Sendable, Equatable {
        /// Model time of the first frame (seconds).
        public var from: Double = 0
        /// Length of the recording (seconds of recording time).
        public var duration: Double
        /// Capture interval: a fixed delay in centiseconds, or a frame rate whose delays carry
        /// their rounding error, each frame starting at the centisecond nearest its capture time
        /// (33.3 ms frames become 3, 4, 3 cs: starts 0, 3, 7, 10 cs), as ffmpeg and gifski write.
        public var interval: Interval
        /// Model seconds per recording second (1: exact; 2: the recording clock runs slow, so the
        /// animation appears twice as fast).
        public var rate: Double = 1
        /// Capture-time noise: each frame's model time moves by a uniform amount in
        /// [-jitter, +jitter] seconds (seeded, deterministic).
        public var jitter: Double = 0
        public var seed: UInt64 = 1
        /// Frames captured late by some seconds (frame index → seconds).
        public var late: [Int: Double] = [:]
        /// Frames left out; their delay is added to the frame before, as recorders merge them.
        /// Frame 0 has no frame before it and is never dropped (`render` refuses `--drop 0`).
        public var drop: Set<Int> = []
        /// Frames that repeat the picture of the frame before (a hitch).
        public var duplicate: Set<Int> = []
        /// Stored delays (cycled) that replace the capture intervals in the file, while the
        /// pictures keep the capture schedule: recorder-like irregular delays.
        public var storedDelays: [Int]?

        public init(from: Double = 0, duration: Double, interval: Interval) {
            self.from = from
            self.duration = duration
            self.interval = interval
        }
    }

    public enum Interval: Sendable, Equatable {
        case centiseconds(Int)
        case fps(Double)
    }

    public let frames: [Frame]

    /// How many frames the perfect recording of `plan` has (before drops), from its duration
    /// and interval alone: to check a plan before laying it out. Possibly infinite.
    public static func expectedFrameCount(_ plan: Plan) -> Double {
        let interval: Double
        switch plan.interval {
        case .centiseconds(let cs): interval = Double(max(cs, 1)) / 100
        case .fps(let fps): interval = 1 / fps
        }
        let count = (plan.duration / interval).rounded(.up)
        return count.isNaN ? .infinity : max(count, 0)
    }

    /// Lays out the frames of `plan`. Frame indices in `late`, `drop` and `duplicate` refer to
    /// the frames of the perfect recording, before any are dropped.
    public init(_ plan: Plan) {
        var rng = SplitMix64(seed: plan.seed)
        // The perfect capture schedule: capture times and the delays that represent them.
        var captures: [(time: Double, delay: Int)] = []
        switch plan.interval {
        case .centiseconds(let cs):
            let step = Double(max(cs, 1)) / 100
            var i = 0
            while Double(i) * step < plan.duration - 1e-9 {
                captures.append((Double(i) * step, max(cs, 0)))
                i += 1
            }
        case .fps(let fps):
            var i = 0
            var storedSoFar = 0
            while Double(i) / fps < plan.duration - 1e-9 {
                // Carry the rounding error: frame i ends at round(100 (i+1) / fps) cs.
                let end = Int((Double(i + 1) * 100 / fps).rounded())
                captures.append((Double(i) / fps, max(end - storedSoFar, 0)))
                storedSoFar = end
                i += 1
            }
        }
        var frames: [Frame] = []
        var recording = 0
        var droppedBefore = false
        for (i, capture) in captures.enumerated() {
            var delay = capture.delay
            if let stored = plan.storedDelays, !stored.isEmpty { delay = stored[i % stored.count] }
            let noise = plan.jitter > 0 ? (rng.nextUnit() * 2 - 1) * plan.jitter : 0
            if plan.drop.contains(i), !frames.isEmpty {
                frames[frames.count - 1].delayCentiseconds += delay
                recording += delay
                droppedBefore = true
                continue
            }
            var flags: [String] = []
            var captureTime = capture.time + noise
            if noise != 0 { flags.append("jitter") }
            if let late = plan.late[i] { captureTime += late; flags.append("late") }
            var modelTime = plan.from + plan.rate * captureTime
            if plan.duplicate.contains(i), let previous = frames.last {
                modelTime = previous.modelTime
                flags.append("duplicate")
            }
            if droppedBefore { flags.append("droppedBefore"); droppedBefore = false }
            frames.append(Frame(index: frames.count, recordingTime: Double(recording) / 100,
                                delayCentiseconds: delay, modelTime: modelTime, flags: flags))
            recording += delay
        }
        self.frames = frames
    }
}
