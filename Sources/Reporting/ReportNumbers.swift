import JSON

/// Number text shared by the reports and the commands: the same rounding everywhere, so a table,
/// the JSON and a plot's dots agree.
public enum ReportText {
    /// Milliseconds from seconds, rounded to a microsecond so sums of centiseconds print cleanly.
    public static func milliseconds(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() / 1000 }

    /// Seconds as `12.3 ms`.
    public static func ms(_ seconds: Double) -> String { "\(DecimalText.fixed(seconds * 1000, decimals: 1)) ms" }
}

// Short names for this module's builders.
func fixed(_ value: Double, _ decimals: Int) -> String { DecimalText.fixed(value, decimals: decimals) }
func milliseconds(_ seconds: Double) -> Double { ReportText.milliseconds(seconds) }
func ms(_ seconds: Double) -> String { ReportText.ms(seconds) }

/// An angle rounded for printing and kept in [0, 360): 359.998 at 2 decimals prints as 0, not 360.
public func displayAngle(_ degrees: Double, _ decimals: Int) -> Double {
    let rounded = degrees.rounded(toDecimals: decimals)
    return rounded >= 360 ? rounded - 360 : rounded
}
