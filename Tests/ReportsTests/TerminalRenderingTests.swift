import Testing
@testable import Reports

@Suite("Terminal rendering")
struct TerminalRenderingTests {
    @Test("a full report prints title, aligned summary, aligned table and remarks")
    func fullReport() {
        let expected = """
            Stroke timing: ring.gif
            screen:        300×300
            frames:        3
            loop:          yes
            duration (ms): 1234.5

            Frames
            frame  start (ms)  angle (°)  size     drawn
            -----  ----------  ---------  -------  -----
                1         0.0      12.25  300×300  yes
                2        40.0      -5.50  30×3     no
               10      1234.5          -  3×3      -

            note: angles are measured clockwise from 12 o'clock
            warning: frame 10 has no stroke

            """
        #expect(SampleReports.strokeTiming.terminalText() == expected)
    }

    @Test("columns align by Characters, so × and ° count as one column each")
    func alignmentCountsCharacters() {
        let table = Table(key: "sizes", columns: [
            Column("size", key: "size", alignment: .left),
            Column("area (px²)", key: "areaPx"),
        ], rows: [["300×300", 90000], ["3×3", 9], ["45°", .empty]])
        let lines = Report(title: "", tables: [table]).terminalText().split(separator: "\n")
        #expect(lines == [
            "size     area (px²)",
            "-------  ----------",
            "300×300       90000",
            "3×3               9",
            "45°               -",
        ])
        // Equal in Characters although the UTF-8 byte counts differ.
        #expect(Set(lines.map(\.count)).count == 1)
        #expect(Set(lines.map(\.utf8.count)).count > 1)
    }

    @Test("an empty table still shows its header and says it has no rows")
    func emptyTable() {
        let report = Report(title: "Empty", tables: [SampleReports.emptyTable])
        #expect(report.terminalText() == "Empty\n\nn  name\n-  ----\n(no rows)\n")
    }

    @Test("a table without columns says so instead of printing blank lines")
    func noColumns() {
        let report = Report(title: "T", tables: [Table(key: "t", title: "Nothing", columns: [])])
        #expect(report.terminalText() == "T\n\nNothing\n(no columns)\n")
    }

    @Test("line breaks and tabs inside text become spaces so rows stay on one line")
    func lineBreaksFlattened() {
        var report = Report(title: "two\nlines")
        report.addSummary("label", "a\tb")
        report.tables = [Table(key: "t", columns: [Column("x", key: "x", alignment: .left)], rows: [["one\r\ntwo"]])]
        #expect(report.terminalText() == "two lines\nlabel: a b\n\nx\n-------\none two\n")
    }

    @Test("no line ends in a space and the text ends with one newline")
    func noTrailingSpaces() {
        let text = SampleReports.strokeTiming.terminalText()
        #expect(!text.split(separator: "\n").contains { $0.hasSuffix(" ") })
        #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
    }

    @Test("a report with only a title prints just the title")
    func titleOnly() {
        #expect(Report(title: "Only").terminalText() == "Only\n")
    }
}
