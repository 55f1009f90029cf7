import RecordingClock

/// The time base of a recording's frames (docs/INFER.md, step 1): the steady capture grid
/// whose rounding the stored delays are (``CaptureGrid/rounding(_:)``), when there is one.
///
/// Where the stroke moves at 900°/s, the half centisecond a stored frame time can be off the
/// moment of its capture is ±3°, far more than the measurement error: on the grid it is gone.
/// Only the rounding kind is used here: the noisy kind needs a model to tell timer noise from
/// delays that mean what they say (the fit compares both).
public struct CaptureClock: Sendable, Equatable {
    /// Seconds between captures on the grid.
    public var interval: Double
    /// Largest distance of a stored frame time from the grid, seconds.
    public var largestOffset: Double

    /// The uniform grid the stored times round from, or nil when there is none
    /// (``CaptureGrid/rounding(_:)``).
    public static func steadyGrid(_ times: [Double]) -> (clock: CaptureClock, times: [Double])? {
        guard let grid = CaptureGrid.rounding(times) else { return nil }
        return (CaptureClock(interval: grid.interval, largestOffset: grid.largestOffset), grid.times)
    }

    /// The samples with their times moved onto the steady grid when there is one (see
    /// ``steadyGrid(_:)``); unchanged otherwise.
    public static func regularized(_ samples: [RingSample]) -> (samples: [RingSample], clock: CaptureClock?) {
        guard let found = steadyGrid(samples.map(\.time)) else { return (samples, nil) }
        var out = samples
        for i in out.indices { out[i].time = found.times[i] }
        return (out, found.clock)
    }
}
