/// `CAKeyframeAnimation`'s value keys.
public struct KeyframeValues: Sendable, Equatable {
    public var values: [ModelExpression]
    public var keyTimes: [ModelExpression]?
    public var timingFunctions: [TimingFunctionSpec]?
    public var calculationMode: CalculationMode
    public init(values: [ModelExpression], keyTimes: [ModelExpression]? = nil, timingFunctions: [TimingFunctionSpec]? = nil,
                calculationMode: CalculationMode = .linear) {
        self.values = values; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions; self.calculationMode = calculationMode
    }
}
