/// The CAMediaTiming properties every animation has.
public struct TimingSpec: Sendable, Equatable {
    public var beginTime: ModelExpression = .number(0)
    public var duration: ModelExpression = .number(0)
    public var speed: ModelExpression = .number(1)
    public var timeOffset: ModelExpression = .number(0)
    public var repeatCount: ModelExpression = .number(0)
    public var repeatDuration: ModelExpression = .number(0)
    public var autoreverses = false
    public var fillMode: FillMode = .removed
    public var removedOnCompletion = true
    /// nil = linear pacing (exactly the identity), which is not the same as `.linear`.
    public var timingFunction: TimingFunctionSpec?
    public init() {}
}
