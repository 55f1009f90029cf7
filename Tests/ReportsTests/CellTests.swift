import JSON
import Testing
@testable import Reports

@Suite("Cells and decimal text")
struct CellTests {
    @Test("each kind of cell reads differently for people, CSV and JSON", arguments: [
        (Cell.int(42), "42", "42", JSONValue.int(42)),
        (.int(-3), "-3", "-3", .int(-3)),
        (.double(12.250000000001, decimals: 2), "12.25", "12.25", .double(12.25)),
        (.double(0.04, decimals: 3), "0.040", "0.040", .double(0.04)),
        (.double(1e-7, decimals: 2), "0.00", "0.00", .double(0)),
        (.double(5, decimals: 0), "5", "5", .double(5)),
        (.double(.nan, decimals: 1), "nan", "nan", .double(.infinity)),
        (.string("300×300"), "300×300", "300×300", .string("300×300")),
        (.bool(true), "yes", "true", .bool(true)),
        (.bool(false), "no", "false", .bool(false)),
        (.empty, "-", "", .null),
    ])
    func renderings(cell: Cell, display: String, csv: String, json: JSONValue) {
        #expect(cell.displayText == display)
        #expect(cell.csvText == csv)
        // NaN never equals itself, so compare JSON by its text, where NaN and infinity are both null.
        #expect(cell.jsonValue.serialized() == json.serialized())
    }

    @Test("fixed decimals round half away from zero on the shortest digits", arguments: [
        (1.005, 2, "1.01"),
        (2.675, 2, "2.68"),
        (0.125, 2, "0.13"),
        (-0.125, 2, "-0.13"),
        (2.5, 0, "3"),
        (-2.5, 0, "-3"),
        (9.995, 2, "10.00"),
        (99.96, 1, "100.0"),
        (0.0, 3, "0.000"),
        (-0.0, 1, "0.0"),
        (-0.001, 2, "0.00"),
        (1e-5, 6, "0.000010"),
        (1e-5, 4, "0.0000"),
        (5e-5, 4, "0.0001"),
        (1234567.891, 1, "1234567.9"),
        (1e20, 2, "100000000000000000000.00"),
        (123.456, 0, "123"),
        (.infinity, 2, "inf"),
        (-.infinity, 2, "-inf"),
    ])
    func fixedDecimals(value: Double, decimals: Int, expected: String) {
        #expect(DecimalText.fixed(value, decimals: decimals) == expected)
    }

    @Test("rounding a double to decimals gives the double nearest the shown text", arguments: [
        (12.250000000001, 2, 12.25),
        (1.005, 2, 1.01),
        (-0.001, 2, 0.0),
        (179.99999, 3, 180.0),
        (1e-7, 8, 1e-7),
    ])
    func roundedDouble(value: Double, decimals: Int, expected: Double) {
        let rounded = value.rounded(toDecimals: decimals)
        #expect(rounded == expected)
        #expect(rounded.sign == .plus || rounded != 0)
    }

    @Test("optional values become empty cells when missing")
    func optionalInitializers() {
        #expect(Cell(Int?.none) == .empty)
        #expect(Cell(Int?.some(3)) == .int(3))
        #expect(Cell(Double?.none, decimals: 2) == .empty)
        #expect(Cell(Double?.some(1.5), decimals: 2) == .double(1.5, decimals: 2))
        #expect(Cell(String?.none) == .empty)
        #expect(Cell(String?.some("x")) == .string("x"))
    }

    @Test("literals build string, integer and boolean cells")
    func literals() {
        let row: [Cell] = ["ring", 3, true]
        #expect(row == [.string("ring"), .int(3), .bool(true)])
    }
}
