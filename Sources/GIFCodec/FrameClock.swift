/// Turns stored delays into frame start times under a `DelayPolicy`.
///
/// Times are kept in whole centiseconds (the GIF's own unit) so that sums are exact; convert
/// at the edge: seconds for JSON, milliseconds for tables.
public struct FrameClock: Sendable {
    public let policy: DelayPolicy
    /// Sum of the effective delays of the frames so far, in centiseconds.
    public private(set) var elapsedCentiseconds = 0

    public init(policy: DelayPolicy) { self.policy = policy }

    /// Schedules the next frame: its start time and effective delay, both in centiseconds.
    public mutating func advance(rawDelayCentiseconds raw: Int) -> (start: Int, effective: Int) {
        let effective = policy.effectiveCentiseconds(raw)
        defer { elapsedCentiseconds += effective }
        return (elapsedCentiseconds, effective)
    }
}
