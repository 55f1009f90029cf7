extension Report {
    /// The report as CSV (RFC 4180), for spreadsheets and scripts.
    ///
    /// Only the primary (first) table is written: CSV holds one rectangle of data, and mixing
    /// tables or the summary into it would break every tool that reads the file. The summary,
    /// notes, warnings and further tables are left out; use JSON when all of them are needed.
    /// The first record holds the column titles with their units (`start (ms)`), as a person
    /// opening the file in a spreadsheet would want.
    ///
    /// Fields containing a comma, a double quote, CR or LF are quoted, with inner quotes doubled;
    /// booleans are `true`/`false`, missing values are empty fields, and every record ends with
    /// `\n`. A report without tables gives empty text.
    public func csvText() -> String {
        guard let table = tables.first else { return "" }
        var out = CSV.record(table.columns.map(\.title))
        for row in table.rows { out += CSV.record(row.map(\.csvText)) }
        return out
    }
}

/// RFC 4180 field quoting.
enum CSV {
    /// One record with its line end.
    static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    /// `text` as a field, quoted only when it has to be so ordinary numbers stay bare.
    static func field(_ text: String) -> String {
        // Scalars, so a "\r\n" pair (one Character) is still seen as needing quotes.
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted += "\"" }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }
}
