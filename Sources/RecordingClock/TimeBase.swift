/// Where a recording's frame times come from, as the fit's `timing` reports it
/// (CLI-CONTRACT.md, "fit --format json").
public struct TimeBase: Sendable, Equatable {
    public enum Source: String, Sendable {
        /// The stored delays, as played under the delay policy.
        case delays
        /// A steady capture clock that the stored delays round (``CaptureGrid``).
        case clock
        /// Evenly spaced at a rate the user gave (`--fps`).
        case fps
        /// A movie's presentation timestamps.
        case timestamps
    }

    public var source: Source
    /// Seconds between captures of the recording's clock (under `delays`: the median delay).
    public var interval: Double
    /// Whether every frame sits on a whole step of `interval` (a steady clock; a longer gap is
    /// frames merged or captures skipped).
    public var steady: Bool
    /// Why this source, in a sentence for people.
    public var note: String

    public init(source: Source, interval: Double, steady: Bool, note: String) {
        self.source = source
        self.interval = interval
        self.steady = steady
        self.note = note
    }
}
