import JSON
import Reporting

// Short names for the commands' messages; the text itself is made in one place (JSON's
// DecimalText, Reporting's ReportText).

/// Short number text for messages: `25`, `12.5`, not `25.0`.
func shortText(_ value: Double) -> String { DecimalText.short(value) }

/// Milliseconds from seconds, rounded to a microsecond so sums of centiseconds print cleanly.
func milliseconds(_ seconds: Double) -> Double { ReportText.milliseconds(seconds) }

/// `value` with exactly `decimals` decimals.
func fixed(_ value: Double, _ decimals: Int) -> String { DecimalText.fixed(value, decimals: decimals) }

/// Seconds as `12.3 ms`.
func ms(_ seconds: Double) -> String { ReportText.ms(seconds) }
