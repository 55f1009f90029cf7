@testable import Reports

/// Reports shared by the rendering tests, so each format is checked against the same facts.
enum SampleReports {
    /// A report with every part filled in, units in headers and `×`/`°` in the text.
    static var strokeTiming: Report {
        var report = Report(title: "Stroke timing: ring.gif")
        report.addSummary("screen", "300×300")
        report.addSummary("frames", 3)
        report.addSummary("loop", true, key: "loops")
        report.addSummary("duration (ms)", .double(1234.5, decimals: 1), key: "durationMs")
        var frames = Table(key: "frames", title: "Frames", columns: [
            Column("frame", key: "frame"),
            Column("start (ms)", key: "startMs"),
            Column("angle (°)", key: "angleDeg"),
            Column("size", key: "size", alignment: .left),
            Column("drawn", key: "drawn", alignment: .left),
        ])
        frames.append([1, .double(0, decimals: 1), .double(12.250000000001, decimals: 2), "300×300", true])
        frames.append([2, .double(40, decimals: 1), .double(-5.5, decimals: 2), "30×3", false])
        frames.append([10, .double(1234.5, decimals: 1), .empty, "3×3", .empty])
        report.tables.append(frames)
        report.notes = ["angles are measured clockwise from 12 o'clock"]
        report.warnings = ["frame 10 has no stroke"]
        return report
    }

    /// A table with columns and no rows.
    static var emptyTable: Table {
        Table(key: "none", columns: [Column("n", key: "n"), Column("name", key: "name", alignment: .left)])
    }
}
