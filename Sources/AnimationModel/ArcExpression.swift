/// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`, angles in radians
/// (0 = 3 o'clock, pi/2 = 6 o'clock), `clockwise` on screen.
public struct ArcExpression: Sendable, Equatable {
    public var center: ExpressionPoint
    public var radius: ModelExpression
    public var startAngle: ModelExpression
    public var endAngle: ModelExpression
    public var clockwise: Bool
    public init(center: ExpressionPoint, radius: ModelExpression, startAngle: ModelExpression, endAngle: ModelExpression, clockwise: Bool) {
        self.center = center; self.radius = radius; self.startAngle = startAngle; self.endAngle = endAngle; self.clockwise = clockwise
    }
}
