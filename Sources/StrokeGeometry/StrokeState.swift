/// What a stroked layer shows in one frame: the one vocabulary of every stage, from the model's
/// prediction (CA-TIMING.md §5.1) to what is measured in the pixels and what the fit compares.
/// The raw values are the `state` strings of the JSON outputs (CLI-CONTRACT.md).
public enum StrokeState: String, Sendable, Hashable, CaseIterable {
    /// Part of the path is drawn: a cut piece (or pieces), open, with caps at both cut ends.
    case arc
    /// Nothing is drawn: `max(strokeStart, 0) ≥ min(strokeEnd, 1)` (not even a cap dot), or a
    /// path of zero length.
    case empty
    /// The whole path as it is: `strokeStart ≤ 0` and `strokeEnd ≥ 1`. Closed subpaths keep their
    /// joins and have no ends; open ones (a 300° arc, a tick) still show both ends with caps.
    case full
    /// Measured only: the picture cannot be read as this stroke (hidden, several confusing
    /// pieces); a reading says why.
    case unknown
    /// Model only: the layer is not on screen (before `addedAt`, from `removedAt` on).
    case absent

    /// Whether ink of the stroke is on screen (`arc` or `full`).
    public var isDrawn: Bool { self == .arc || self == .full }
}
