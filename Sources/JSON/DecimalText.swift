/// Decimal rounding done on the shortest round-trip digits of a `Double` rather than on its
/// binary value, so `1.005` rounds to `1.01` as a reader of the figure expects, and every output
/// format (terminal, CSV, Markdown, JSON) agrees on the same digits.
public enum DecimalText {
    /// The decimal digits of a finite value with the position of the decimal point, taken from
    /// `description` because the standard library already produces the shortest digits that
    /// round-trip.
    private struct Digits {
        var negative: Bool
        /// Each element is 0...9, most significant first.
        var digits: [UInt8]
        /// How many of `digits` stand before the decimal point; may be negative or exceed the count.
        var pointPosition: Int
    }

    private static func digits(of value: Double) -> Digits {
        var text = Substring(value.description)
        let negative = text.hasPrefix("-")
        if negative { text = text.dropFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = text[..<e]
        }
        var digits: [UInt8] = []
        var pointPosition: Int?
        for ch in text.utf8 {
            if ch == UInt8(ascii: ".") {
                pointPosition = digits.count
            } else {
                digits.append(ch &- UInt8(ascii: "0"))
            }
        }
        return Digits(negative: negative, digits: digits, pointPosition: (pointPosition ?? digits.count) + exponent)
    }

    /// `value` with exactly `decimals` digits after the point, rounding half away from zero.
    ///
    /// A result that rounds to zero carries no minus sign, so `-0.001` at two decimals reads
    /// `0.00`: a signed zero in a table only draws the eye to a meaningless difference.
    /// Non-finite values read `nan`, `inf` and `-inf`.
    /// Short number text for messages: `25`, `12.5`, not `25.0` (Swift's shortest round-trip
    /// text otherwise).
    public static func short(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    public static func fixed(_ value: Double, decimals: Int) -> String {
        precondition(decimals >= 0, "decimals must not be negative")
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if let scaled = scaledInteger(value, decimals: decimals) { return text(scaled, decimals: decimals) }
        return fixedFromDigits(value, decimals: decimals)
    }

    /// 10^e for the exponents the fast path takes (0...15).
    static func powerOfTen(_ e: Int) -> Double { powersOfTen[e] }

    /// Powers of ten exactly representable as `Double`, for the binary fast path.
    private static let powersOfTen: [Double] = (0...15).map { e in (0..<e).reduce(1.0) { p, _ in p * 10 } }

    /// `value × 10^decimals` rounded half away from zero, as a signed integer, when the binary
    /// value alone decides the rounding; nil when it may not (the digit path then decides).
    ///
    /// Why this equals rounding the shortest digits: those digits D differ from `value` by at
    /// most half its ulp, and the product below differs from `value × 10^decimals` by at most
    /// half its own ulp, so D × 10^decimals lies within about 1.5 ulps of the product. Unless the
    /// product's fraction is within a few ulps of one half, both round the same way. Near a
    /// half (1.005, 2.675, exact binary halves such as 0.125) the digits decide, as before.
    static func scaledInteger(_ value: Double, decimals: Int) -> Int? {
        guard decimals < powersOfTen.count else { return nil }
        let product = value.magnitude * powersOfTen[decimals]
        // Under 2^40 the ulp is at most 2^-12, so the margin below is far from a whole unit.
        guard product < 1_099_511_627_776 else { return nil }
        let whole = product.rounded(.down)
        let fraction = product - whole
        guard (fraction - 0.5).magnitude > 16 * product.ulp else { return nil }
        let n = Int(whole) + (fraction > 0.5 ? 1 : 0)
        return value < 0 ? -n : n
    }

    /// The text of `scaled / 10^decimals` with exactly `decimals` places; zero has no sign.
    private static func text(_ scaled: Int, decimals: Int) -> String {
        let magnitude = scaled.magnitude
        var unit: UInt = 1
        for _ in 0..<decimals { unit *= 10 }
        var out = scaled < 0 ? "-" : ""
        out += String(magnitude / unit)
        if decimals > 0 {
            let fraction = String(magnitude % unit)
            out += "."
            out += String(repeating: "0", count: decimals - fraction.count)
            out += fraction
        }
        return out
    }

    /// `fixed` on the shortest round-trip digits: the reference the fast path must agree with
    /// (tests compare the two), and the path for values it leaves undecided.
    static func fixedFromDigits(_ value: Double, decimals: Int) -> String {
        var d = digits(of: value)
        if d.pointPosition < 1 {
            d.digits.insert(contentsOf: repeatElement(0, count: 1 - d.pointPosition), at: 0)
            d.pointPosition = 1
        }
        let kept = d.pointPosition + decimals
        if d.digits.count < kept {
            d.digits.append(contentsOf: repeatElement(0, count: kept - d.digits.count))
        } else if d.digits.count > kept {
            let roundUp = d.digits[kept] >= 5
            d.digits.removeSubrange(kept...)
            if roundUp {
                var i = kept - 1
                while i >= 0 {
                    if d.digits[i] == 9 {
                        d.digits[i] = 0
                        i -= 1
                    } else {
                        d.digits[i] += 1
                        break
                    }
                }
                if i < 0 {
                    d.digits.insert(1, at: 0)
                    d.pointPosition += 1
                }
            }
        }

        var integerDigits = d.digits[..<d.pointPosition].drop(while: { $0 == 0 })
        if integerDigits.isEmpty { integerDigits = [0] }
        let isZero = !d.digits.contains(where: { $0 != 0 })

        var out = d.negative && !isZero ? "-" : ""
        out.unicodeScalars.append(contentsOf: integerDigits.map { Unicode.Scalar($0 + UInt8(ascii: "0")) })
        if decimals > 0 {
            out.append(".")
            out.unicodeScalars.append(contentsOf: d.digits[d.pointPosition...].map { Unicode.Scalar($0 + UInt8(ascii: "0")) })
        }
        return out
    }
}

extension Double {
    /// This value rounded half away from zero to `decimals` places after the point, for figures
    /// whose JSON text should read `12.25` rather than `12.250000000001`.
    ///
    /// Rounding works on the shortest decimal digits of the value (see ``Cell/double(_:decimals:)``),
    /// so the JSON figure always matches the one printed in a table with the same `decimals`.
    /// A result of zero is always positive zero. Non-finite values are returned unchanged.
    public func rounded(toDecimals decimals: Int) -> Double {
        guard isFinite else { return self }
        // n / 10^decimals with both exact is one correctly rounded division: the same Double as
        // parsing the text "n" with the point moved, without the text.
        if let scaled = DecimalText.scaledInteger(self, decimals: decimals) {
            return scaled == 0 ? 0 : Double(scaled) / DecimalText.powerOfTen(decimals)
        }
        let rounded = Double(DecimalText.fixedFromDigits(self, decimals: decimals)) ?? self
        // Matches the table text, which never shows `-0.00`, so JSON never shows `-0.0`.
        return rounded == 0 ? 0 : rounded
    }
}
