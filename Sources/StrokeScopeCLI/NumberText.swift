import JSON

/// Short number text for messages: `25`, `12.5`, not `25.0`.
func shortText(_ value: Double) -> String { DecimalText.short(value) }

/// Milliseconds from seconds, rounded to a microsecond so sums of centiseconds print cleanly.
func milliseconds(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() / 1000 }

/// `value` with exactly `decimals` decimals.
func fixed(_ value: Double, _ decimals: Int) -> String { DecimalText.fixed(value, decimals: decimals) }

/// Seconds as `12.3 ms`.
func ms(_ seconds: Double) -> String { "\(fixed(seconds * 1000, 1)) ms" }
