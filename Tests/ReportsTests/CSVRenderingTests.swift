import Testing
@testable import Reports

@Suite("CSV rendering")
struct CSVRenderingTests {
    @Test("fields are quoted only when they contain a comma, quote or line break", arguments: [
        ("plain", "plain"),
        ("", ""),
        (" spaced ", " spaced "),
        ("300×300", "300×300"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("\"", "\"\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("crlf\r\n", "\"crlf\r\n\""),
        ("cr\r", "\"cr\r\""),
    ])
    func quoting(field: String, expected: String) {
        #expect(CSV.field(field) == expected)
    }

    @Test("the primary table is written with titled headers, true/false and empty fields")
    func primaryTable() {
        let expected = """
            frame,start (ms),angle (°),size,drawn
            1,0.0,12.25,300×300,true
            2,40.0,-5.50,30×3,false
            10,1234.5,,3×3,

            """
        #expect(SampleReports.strokeTiming.csvText() == expected)
    }

    @Test("only the first table is written; summary, remarks and later tables are left out")
    func onlyFirstTable() {
        var report = SampleReports.strokeTiming
        report.tables.append(Table(key: "second", columns: [Column("other", key: "other")], rows: [[99]]))
        #expect(report.csvText() == SampleReports.strokeTiming.csvText())
        #expect(!report.csvText().contains("other"))
    }

    @Test("headers and cells with special characters are quoted in place")
    func quotedRecords() {
        let table = Table(key: "t", columns: [
            Column("size (w,h)", key: "size", alignment: .left),
            Column("name", key: "name", alignment: .left),
        ], rows: [["3,4", "the \"ring\"\nlayer"]])
        let expected = "\"size (w,h)\",name\n\"3,4\",\"the \"\"ring\"\"\nlayer\"\n"
        #expect(Report(title: "q", tables: [table]).csvText() == expected)
    }

    @Test("an empty table gives just the header and a report without tables gives nothing")
    func emptyCases() {
        #expect(Report(title: "e", tables: [SampleReports.emptyTable]).csvText() == "n,name\n")
        #expect(Report(title: "nothing").csvText() == "")
    }
}
