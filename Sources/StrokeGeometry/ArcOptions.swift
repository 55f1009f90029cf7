/// What to do with the two arc cases that Core Graphics leaves to round-off (CA-TIMING.md §5.2, §9).
public struct ArcOptions: Sendable, Hashable {
    /// What a difference of −2π against the direction draws (e.g. `0 → 2π` counter-clockwise).
    public enum OppositeFullTurn: String, Sendable, Hashable, CaseIterable {
        /// Nothing (the default: the end point is reached at once, the sweep is 0).
        case empty
        /// A full circle in the requested direction.
        case full
    }

    /// How an arc whose |end − start| exceeds 2π is drawn.
    public enum Overwind: String, Sendable, Hashable, CaseIterable {
        /// From the start point to the end point in the requested direction: the difference reduced
        /// modulo 2π (the default).
        case modulo
        /// A full circle from the start point in the requested direction.
        case clampFull
    }

    /// Choice for a difference of −2π against the direction (`--arc-2pi`).
    public var oppositeFullTurn: OppositeFullTurn
    /// Choice for |end − start| > 2π (`--arc-overwind`).
    public var overwind: Overwind

    /// The recommended defaults: opposite full turns draw nothing, overwound arcs reduce modulo 2π.
    public init(oppositeFullTurn: OppositeFullTurn = .empty, overwind: Overwind = .modulo) {
        self.oppositeFullTurn = oppositeFullTurn
        self.overwind = overwind
    }
}
