import CLIArguments
import Fitting

/// The threshold options of `check` (and of `fit` when given).
enum ThresholdOptions {
    static let options: [OptionSpec] = [
        .option("max-timing-error", value: "duration", help: "Fail when a frame's timing error exceeds this (20ms, 0.02s).", default: "20ms with check"),
        .option("max-rms-timing-error", value: "duration", help: "Fail when the RMS timing error exceeds this."),
        .option("max-angle-error", value: "angle", help: "Fail when a frame's angle error exceeds this (2deg).", default: "2deg with check"),
        .option("max-rate-error", value: "percent", help: "Fail when the fitted rate is off 1 by more than this (2%, 0.02).", default: "2% with check"),
        .flag("any-rate", help: "Accept any rate: the recording's delays are known to be wrong."),
        .option("max-hitch-ratio", value: "ms", help: "Fail when the hitch time ratio (milliseconds of hitch time per second of recording; Apple's bands: under 5 good, 5-10 warning, over 10 critical) exceeds this."),
    ]

    /// Reads the threshold options; `defaults` applies check's defaults.
    static func read(_ args: ParsedArguments, defaults: Bool, command: String) throws(UsageError) -> Thresholds {
        var t = Thresholds()
        t.maxTimingError = try args.value("max-timing-error", as: .duration(in: .greaterThan(0))) ?? (defaults ? Thresholds.checkDefaults.maxTimingError : nil)
        t.maxRMSTimingError = try args.value("max-rms-timing-error", as: .duration(in: .greaterThan(0)))
        t.maxAngleError = try args.value("max-angle-error", as: .angle(in: .greaterThan(0))) ?? (defaults ? Thresholds.checkDefaults.maxAngleError : nil)
        if args.flag("any-rate") {
            t.maxRateError = nil
        } else if let text = args.value("max-rate-error") {
            let number = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
            guard let v = number, v >= 0, v.isFinite else {
                throw .inCommand("strokescope \(command)", .invalidValue(text, for: "--max-rate-error <percent>", expected: "a percentage such as 2% or a fraction such as 0.02"))
            }
            t.maxRateError = v
        } else {
            t.maxRateError = defaults ? Thresholds.checkDefaults.maxRateError : nil
        }
        t.maxHitchTimeRatio = try args.value("max-hitch-ratio", as: .double(in: .between(0, 1000)))
        return t
    }
}
