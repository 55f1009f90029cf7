/// `CABasicAnimation`'s value keys (at most two non-nil).
public struct BasicValues: Sendable, Equatable {
    public var fromValue: ModelExpression?
    public var toValue: ModelExpression?
    public var byValue: ModelExpression?
    public init(fromValue: ModelExpression? = nil, toValue: ModelExpression? = nil, byValue: ModelExpression? = nil) {
        self.fromValue = fromValue; self.toValue = toValue; self.byValue = byValue
    }
}
