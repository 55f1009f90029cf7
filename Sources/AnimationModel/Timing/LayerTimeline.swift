/// A layer's own timing and model values over model time: the initial values, re-based by
/// each event from its instant on (CA-TIMING.md §1.1, §6; MODEL-FORMAT.md "Events").
struct LayerTimeline: Sendable {
    /// From `start` (model seconds) on, until the next segment, these values hold.
    struct Segment: Sendable {
        var start: Double
        var beginTime: Double
        var speed: Double
        var timeOffset: Double
        var strokeStart: Double
        var strokeEnd: Double
    }

    /// `CACurrentMediaTime()` at model time 0 (MODEL-FORMAT.md: exactly 10000 s).
    let clockOrigin: Double
    /// Sorted by `start`; the first starts at -infinity.
    private(set) var segments: [Segment]

    init(clockOrigin: Double, initial: Segment) {
        self.clockOrigin = clockOrigin
        var first = initial
        first.start = -.infinity
        segments = [first]
    }

    /// Appends the state from an event at model time `time` (events arrive in time order).
    mutating func append(_ segment: Segment) { segments.append(segment) }

    @inline(__always)
    func segmentIndex(at t: Double) -> Int {
        var i = segments.count - 1
        while i > 0 && segments[i].start > t { i -= 1 }
        return i
    }

    func segment(at t: Double) -> Segment { segments[segmentIndex(at: t)] }

    /// The layer's local time at model time `t`: `(global − beginTime)·speed + timeOffset`, with
    /// the parent time clamped to at least `beginTime` (a layer whose begin lies ahead sits at
    /// its time offset).
    @inline(__always)
    func localTime(at t: Double) -> Double {
        Self.localTime(segments[segmentIndex(at: t)], global: clockOrigin + t)
    }

    @inline(__always)
    static func localTime(_ s: Segment, global: Double) -> Double {
        (max(global, s.beginTime) - s.beginTime) * s.speed + s.timeOffset
    }

    /// The largest layer time reached at any model time in [from, to] (the clock is
    /// non-decreasing inside a segment, but may jump at events).
    func maximumLocalTime(from: Double, to: Double) -> Double {
        var result = -Double.infinity
        var i = segmentIndex(at: from)
        while i < segments.count {
            let s = segments[i]
            let segmentEnd = i + 1 < segments.count ? segments[i + 1].start : .infinity
            let last = min(to, segmentEnd)
            result = max(result, Self.localTime(s, global: clockOrigin + last))
            if segmentEnd > to { break }
            i += 1
        }
        return result
    }
}
