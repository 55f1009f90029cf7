/// How a fraction of the path length is turned into a point.
public enum PointMode: String, Sendable, Hashable, CaseIterable {
    /// As Core Animation's `copy_subpath`: find the element that holds `fraction·L`, then use the
    /// fraction of that element's length as the Bézier parameter (CA-TIMING.md §5.1). The default.
    case coreAnimation
    /// The point whose true arc length from the path's start is `fraction·L` (`--exact-arclength`).
    case exactArcLength
}
