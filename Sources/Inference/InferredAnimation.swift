/// A stroke animation inferred from a recording: one ring layer whose `strokeStart` and
/// `strokeEnd` follow a repeating cycle, optionally turned by a linear rotation and advanced by a
/// fixed angle at every cycle boundary (the Material spinner's trick).
///
/// Angles are on screen, in degrees clockwise from 12 o'clock; times in seconds; the ring's
/// geometry in pixels of the recording (``scale`` pixels per point).
public struct InferredAnimation: Sendable, Equatable {
    public var name: String
    public var appearance: RingAppearance
    /// Pixels per point.
    public var scale: Double
    /// The cycle of the `strokeStart`/`strokeEnd` group, seconds.
    public var period: Double
    /// Recording time at which a cycle begins (model time 0), at or before the first frame.
    public var cycleStart: Double
    /// Where the ring's path starts, degrees clockwise from 12 o'clock.
    public var pathStartAngle: Double
    /// Rotation speed in degrees per second, clockwise positive; 0 when the ring does not turn.
    public var rotationSpeed: Double
    /// Rotation added at every cycle boundary, degrees in [0, 360); 0 when none.
    public var advance: Double
    public var strokeStart: PiecewiseCurve
    public var strokeEnd: PiecewiseCurve
    /// The steady capture interval (seconds) the frame times were put on when their stored delays
    /// were only rounding of it (``CaptureClock``); nil when the stored times were used.
    public var captureInterval: Double? = nil

    /// Seconds per turn of the rotation (nil without rotation).
    public var rotationPeriod: Double? { rotationSpeed == 0 ? nil : 360 / abs(rotationSpeed) }

    /// The on-screen start and end angles (degrees, unwrapped) at recording time `t`.
    public func angles(at t: Double) -> (start: Double, end: Double) {
        let tau = t - cycleStart
        let k = (tau / period).rounded(.down)
        let u = tau - k * period
        let base = pathStartAngle + rotationSpeed * tau + k * advance
        let s = min(max(strokeStart.value(at: u), 0), 1), e = min(max(strokeEnd.value(at: u), 0), 1)
        return (base + RingPathFraction.angle(atFraction: s), base + RingPathFraction.angle(atFraction: e))
    }

    /// Per arc frame, the larger of the two ends' on-screen differences (degrees); nil for frames
    /// without two measured ends.
    public func residuals(_ samples: [RingSample]) -> [Double?] {
        samples.map { s in
            guard s.state == .arc, let a = s.startAngle, let b = s.endAngle else { return nil }
            let p = angles(at: s.time)
            return max(circularDistance(a, p.start), circularDistance(b, p.end))
        }
    }

    /// RMS and largest residual over the arc frames (degrees).
    public func errorFigures(_ samples: [RingSample]) -> (rms: Double, max: Double) {
        let r = residuals(samples).compactMap { $0 }
        guard !r.isEmpty else { return (0, 0) }
        return ((r.reduce(0) { $0 + $1 * $1 } / Double(r.count)).squareRoot(), r.max() ?? 0)
    }
}

/// The smaller angle between two directions, degrees in [0, 180].
func circularDistance(_ a: Double, _ b: Double) -> Double {
    let d = abs((a - b).truncatingRemainder(dividingBy: 360))
    return min(d, 360 - d)
}
