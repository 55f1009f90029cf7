import JSON
import Testing
@testable import Reports

@Suite("Report as JSON and output formats")
struct ReportJSONTests {
    @Test("a report becomes JSON with machine keys in a fixed order")
    func reportShape() {
        var report = Report(title: "t", warnings: ["w"])
        report.addSummary("screen", "300×300")
        report.addSummary("duration (ms)", .double(1234.5, decimals: 1), key: "durationMs")
        report.tables = [Table(key: "frames", columns: [
            Column("start (ms)", key: "startMs"),
            Column("drawn", key: "drawn", alignment: .left),
        ], rows: [[.double(12.250000000001, decimals: 2), .empty]])]
        let expected = """
            {
              "title": "t",
              "summary": {
                "screen": "300×300",
                "durationMs": 1234.5
              },
              "notes": [],
              "warnings": ["w"],
              "tables": [
                {
                  "key": "frames",
                  "title": null,
                  "columns": [
                    {
                      "key": "startMs",
                      "title": "start (ms)"
                    },
                    {
                      "key": "drawn",
                      "title": "drawn"
                    }
                  ],
                  "rows": [
                    {
                      "startMs": 12.25,
                      "drawn": null
                    }
                  ]
                }
              ]
            }
            """
        #expect(report.jsonValue.serialized() == expected)
    }

    @Test("table rows carry typed values keyed by column key")
    func rowValues() throws {
        let json = try JSONValue.parse(SampleReports.strokeTiming.rendered(as: .json))
        let rows = try #require(json["tables"]?[0]?["rows"]?.arrayValue)
        #expect(rows.count == 3)
        #expect(rows[0] == ["frame": 1, "startMs": 0.0, "angleDeg": 12.25, "size": "300×300", "drawn": true])
        #expect(rows[2]["angleDeg"] == .null)
        #expect(json["summary"] == ["screen": "300×300", "frames": 3, "loops": true, "durationMs": 1234.5])
        #expect(json["tables"]?[0]?["title"] == "Frames")
    }

    @Test("format names are the option values", arguments: zip(OutputFormat.allCases, ["table", "csv", "json", "markdown"]))
    func rawValues(format: OutputFormat, name: String) {
        #expect(format.rawValue == name)
        #expect(OutputFormat(rawValue: name) == format)
    }

    @Test("every format renders through one entry point and ends with a newline", arguments: OutputFormat.allCases)
    func renderedEndsWithNewline(format: OutputFormat) {
        let text = SampleReports.strokeTiming.rendered(as: format)
        #expect(text.hasSuffix("\n"))
        #expect(!text.hasSuffix("\n\n"))
    }

    @Test("each format is the matching renderer's text")
    func renderedMatchesRenderers() {
        let report = SampleReports.strokeTiming
        #expect(report.rendered(as: .table) == report.terminalText())
        #expect(report.rendered(as: .csv) == report.csvText())
        #expect(report.rendered(as: .markdown) == report.markdownText())
        #expect(report.rendered(as: .json) == report.jsonValue.serialized() + "\n")
    }

    @Test("a row whose cell count does not match the columns is a programming error")
    func mismatchedRowTraps() async {
        await #expect(processExitsWith: .failure) {
            var table = Table(key: "t", columns: [Column("a", key: "a")])
            table.append([1, 2])
        }
    }
}
