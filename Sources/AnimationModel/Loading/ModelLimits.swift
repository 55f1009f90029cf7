/// The largest magnitudes a model's geometry, angles and curves may take.
///
/// Core Animation stores them as doubles and accepts anything finite, but past these bounds
/// nothing can be drawn or measured meaningfully: a ring of radius 10⁶ points is ten thousand
/// screens wide, and a rotation of 10¹⁵ radians has no fraction of a turn left in a double. Such
/// a value is an error naming the field (docs/internals/decisions.md, "Limits on a model's numbers").
public enum ModelLimits {
    /// Coordinates, radii, line widths and frame sizes, in points (± for coordinates): 100 000,
    /// about seventy times the widest iPad screen.
    public static let points = 100_000.0
    /// Angles (`startAngle`, `endAngle`) and rotation values, in radians (±): 10⁹, where a
    /// double still resolves 10⁻⁷ rad.
    public static let radians = 1e9
    /// A timing function's y control points (±): 1000, an overshoot of a thousand times the
    /// animation's range.
    public static let controlPointY = 1000.0

    static func coordinateViolation(_ value: Double) -> String? {
        if !value.isFinite { return "must be a finite number" }
        return abs(value) > points ? "must be within ±\(Int(points)) points (a drawing this large cannot be shown)" : nil
    }

    static func extentViolation(_ value: Double) -> String? {
        if !value.isFinite { return "must be a finite number" }
        if value < 0 { return "must not be negative" }
        return value > points ? "must be at most \(Int(points)) points (a drawing this large cannot be shown)" : nil
    }

    static func angleViolation(_ value: Double) -> String? {
        if !value.isFinite { return "must be a finite number" }
        return abs(value) > radians ? "must be within ±1e9 radians (a rotation this large keeps too little precision to be drawn)" : nil
    }

    static func controlPointViolation(_ value: Double) -> String? {
        if !value.isFinite { return "must be a finite number" }
        return abs(value) > controlPointY ? "must be within ±\(Int(controlPointY))" : nil
    }
}
