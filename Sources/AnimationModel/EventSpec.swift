/// A change to a layer's timing or model values at a model time.
public struct EventSpec: Sendable, Equatable {
    public var at: ModelExpression
    public var layer: String
    /// Applied in this order; values may use `now` (the layer clock before this event's changes).
    public var set: [(EventProperty, ModelExpression)]

    public init(at: ModelExpression, layer: String, set: [(EventProperty, ModelExpression)]) {
        self.at = at; self.layer = layer; self.set = set
    }

    public static func == (a: EventSpec, b: EventSpec) -> Bool {
        a.at == b.at && a.layer == b.layer && a.set.count == b.set.count
            && zip(a.set, b.set).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}
