/// A point or size pair of expressions.
public struct ExpressionPoint: Sendable, Equatable {
    public var x: ModelExpression
    public var y: ModelExpression
    public init(_ x: ModelExpression, _ y: ModelExpression) { self.x = x; self.y = y }
}
