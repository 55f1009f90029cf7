import Testing
@testable import JSON

@Suite("DecimalText: the binary fast path agrees with rounding the shortest digits")
struct DecimalTextTests {
    /// Values of the kinds the reports print: angles, seconds, fractions, milliseconds, with
    /// ties and near-ties in decimal (x.xx5) and binary (k / 2^n) among them. Spread by the
    /// golden-ratio sequence (every draw in [0, 1), evenly filled, the same on every run), so a
    /// failure names a reproducible value without a random generator.
    static func values(count: Int) -> [Double] {
        var out: [Double] = [0, -0.0, 1.005, 2.675, 0.125, -0.125, 0.0005, -0.0005, 359.99995, 1e-7, -1e-7, 123456.5, 1e15, 0.3]
        for i in 0..<count {
            let u = (Double(i) * 0.618_033_988_749_894_8).truncatingRemainder(dividingBy: 1)
            switch i % 5 {
            case 0: out.append((u - 0.5) * 720)                              // angles
            case 1: out.append(u * 10)                                        // seconds
            case 2: out.append((u * 100_000).rounded() / 100_000 + 0.000005)  // decimal near-ties
            case 3: out.append(Double(Int(u * 4096)) / 4096 - 1)              // binary halves
            default: out.append((u - 0.5) * DecimalText.powerOfTen(i / 5 % 12))  // wide magnitudes
            }
        }
        return out
    }

    @Test("fixed gives the digit path's text for every value and number of decimals")
    func fixedAgrees() {
        for v in Self.values(count: 60_000) {
            for decimals in [0, 1, 2, 4, 6] {
                let fast = DecimalText.fixed(v, decimals: decimals)
                let reference = DecimalText.fixedFromDigits(v, decimals: decimals)
                #expect(fast == reference, "value \(v), \(decimals) decimals")
                if fast != reference { return }
            }
        }
    }

    @Test("rounded(toDecimals:) gives the Double the digit path's text parses to")
    func roundedAgrees() {
        for v in Self.values(count: 60_000) {
            for decimals in [0, 2, 4, 6] {
                let parsed = Double(DecimalText.fixedFromDigits(v, decimals: decimals))!
                let reference = parsed == 0 ? 0 : parsed
                let fast = v.rounded(toDecimals: decimals)
                #expect(fast.bitPattern == reference.bitPattern, "value \(v), \(decimals) decimals")
                if fast.bitPattern != reference.bitPattern { return }
            }
        }
    }

    @Test("ties are rounded on the decimal digits, half away from zero")
    func ties() {
        #expect(DecimalText.scaledInteger(1.005, decimals: 2) == nil)
        #expect(DecimalText.fixed(1.005, decimals: 2) == "1.01")
        #expect(DecimalText.fixed(2.675, decimals: 2) == "2.68")
        #expect(DecimalText.fixed(-0.125, decimals: 2) == "-0.13")
        #expect(DecimalText.fixed(-0.001, decimals: 2) == "0.00")
        #expect(DecimalText.fixed(12.3456, decimals: 2) == "12.35")
        #expect(DecimalText.fixed(-7.0, decimals: 0) == "-7")
    }
}
