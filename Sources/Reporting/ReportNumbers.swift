import JSON

// Number text shared by the reports: the same rounding everywhere, so a table, the JSON and a
// plot's dots agree.

/// `value` with exactly `decimals` decimals.
func fixed(_ value: Double, _ decimals: Int) -> String { DecimalText.fixed(value, decimals: decimals) }

/// Milliseconds from seconds, rounded to a microsecond so sums of centiseconds print cleanly.
func milliseconds(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() / 1000 }

/// Seconds as `12.3 ms`.
func ms(_ seconds: Double) -> String { "\(fixed(seconds * 1000, 1)) ms" }

/// An angle rounded for printing and kept in [0, 360): 359.998 at 2 decimals prints as 0, not 360.
public func displayAngle(_ degrees: Double, _ decimals: Int) -> Double {
    let rounded = degrees.rounded(toDecimals: decimals)
    return rounded >= 360 ? rounded - 360 : rounded
}
