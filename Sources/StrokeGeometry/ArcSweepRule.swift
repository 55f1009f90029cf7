/// Which rule of CA-TIMING.md §5.2 decided an arc's sweep; see `warrantsWarning` for the cases a
/// user should hear about.
public enum ArcSweepRule: Sendable, Hashable {
    /// `direction·(end − start)` is +2π within tolerance: a full circle (the reliable case).
    case fullTurn
    /// `direction·(end − start)` is −2π within tolerance: ambiguous; drawn as chosen by
    /// `ArcOptions.oppositeFullTurn`.
    case oppositeFullTurn(ArcOptions.OppositeFullTurn)
    /// |end − start| > 2π: drawn as chosen by `ArcOptions.overwind`.
    case overwound(ArcOptions.Overwind)
    /// end == start (within tolerance): a sweep of 0, nothing drawn beyond the start point.
    case zero
    /// Any other difference: the travel from start to end in the requested direction.
    case ordinary
    /// A start or end angle (or the radius) is infinite or NaN: nothing is drawn.
    case nonFinite

    /// Whether the loader or the command line should warn: a device may draw the arc differently
    /// (`oppositeFullTurn`, `overwound`) or the numbers make no arc (`nonFinite`).
    public var warrantsWarning: Bool {
        switch self {
        case .oppositeFullTurn, .overwound, .nonFinite: return true
        case .fullTurn, .zero, .ordinary: return false
        }
    }
}
