/// The named constants an expression may use, and the names no variable may take.
///
/// Model files transcribe Objective-C and Swift code, so the constants are the ones that code
/// spells: `M_PI` and friends from `<math.h>`, `FLT_MAX` and `HUGE_VALF` from `<float.h>`,
/// `CGFLOAT_MAX`, `INTMAX_MAX`. MODEL-FORMAT.md asks for "the large ones as Core Animation would
/// store them in a `Float`": they usually end up in `repeatCount`, which is a `Float`, so each
/// large constant is its value after a round trip through `Float`:
///
/// | name | value | why |
/// |---|---|---|
/// | `FLT_MAX` | `Double(Float.greatestFiniteMagnitude)` = 3.4028234663852886e38 | already a `Float` |
/// | `INTMAX_MAX` | `Double(Float(Int64.max))` = 9.223372036854776e18 (2^63) | the `Float` nearest 2^63 − 1 |
/// | `CGFLOAT_MAX` | `+inf` | `CGFloat` is 64-bit, so this is `DBL_MAX`, which overflows to `+inf` in a `Float` |
/// | `HUGE_VALF`, `inf`, `infinity`, `INFINITY` | `+inf` | infinite in every width |
///
/// `CGFLOAT_MAX` written into a `Double` property (a duration, a `beginTime`) would stay finite on a
/// device; the loader rejects such a duration as non-finite, which is the useful outcome since
/// nobody means a 10^308-second animation.
public enum ExpressionConstants {
    /// Every constant by name, already in the width Core Animation would keep it.
    public static let values: [String: Double] = [
        "pi": Double.pi,
        "M_PI": Double.pi,
        // Halving and quartering are exact in binary, so these equal the C header's literals.
        "M_PI_2": Double.pi / 2,
        "M_PI_4": Double.pi / 4,
        "inf": Double.infinity,
        "infinity": Double.infinity,
        "INFINITY": Double.infinity,
        "HUGE_VALF": Double(Float.infinity),
        "FLT_MAX": Double(Float.greatestFiniteMagnitude),
        "CGFLOAT_MAX": Double(Float(Double.greatestFiniteMagnitude)),
        "INTMAX_MAX": Double(Float(Int64.max)),
    ]

    /// Constant names in a fixed order, for suggestions and messages.
    public static let names: [String] = [
        "pi", "M_PI", "M_PI_2", "M_PI_4", "inf", "infinity", "INFINITY", "HUGE_VALF", "FLT_MAX",
        "CGFLOAT_MAX", "INTMAX_MAX",
    ]

    /// The clock name of MODEL-FORMAT.md (`"now + 0.25"`).
    public static let now = "now"

    /// Function names (`min`, `max`).
    public static var functionNames: [String] { ModelExpression.Function.allCases.map(\.rawValue) }

    /// Why `name` cannot be a variable's name, or nil when it can.
    public static func reservation(of name: String) -> String? {
        if values[name] != nil { return "'\(name)' is a constant" }
        if ModelExpression.Function(rawValue: name) != nil { return "'\(name)' is a function" }
        if name == now { return "'now' is the layer clock" }
        return nil
    }
}
