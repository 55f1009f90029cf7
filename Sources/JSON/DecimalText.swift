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
    public static func fixed(_ value: Double, decimals: Int) -> String {
        precondition(decimals >= 0, "decimals must not be negative")
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }

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
        let rounded = Double(DecimalText.fixed(self, decimals: decimals)) ?? self
        // Matches the table text, which never shows `-0.00`, so JSON never shows `-0.0`.
        return rounded == 0 ? 0 : rounded
    }
}
