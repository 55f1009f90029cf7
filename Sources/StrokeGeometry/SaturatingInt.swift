extension Int {
    /// `value` rounded toward zero and clamped into ±2⁵² (NaN gives 0): for pixel indices and
    /// counts computed from numbers a caller cannot bound, where `Int(_:)` would trap.
    @inlinable
    public init(saturating value: Double) {
        let limit = 4_503_599_627_370_496.0  // 2^52, exact in a Double and far inside Int
        self = value.isNaN ? 0 : Int(Swift.min(Swift.max(value, -limit), limit))
    }
}
