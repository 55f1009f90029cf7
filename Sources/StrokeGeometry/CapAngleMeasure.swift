/// Which point of a cap `LineCap.extraAngle` measures.
public enum CapAngleMeasure: String, Sendable, Hashable, CaseIterable {
    /// The cap's point with the largest angle about the circle's centre.
    case farthestPoint
    /// Where the cap ends along the stroke's centre circle.
    case centreLine
}
