import StrokeGeometry

/// A circle fitted to something that changes, which was not taken for a ring, and why.
public struct RingCandidate: Sendable, Equatable {
    public var circle: Circle
    /// Why it is not a ring ("covers only 40° of the circle").
    public var reason: String

    public init(circle: Circle, reason: String) {
        self.circle = circle
        self.reason = reason
    }
}
