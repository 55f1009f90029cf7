import JSON
extension Report {
    /// The report as one JSON value, for scripts: every part of the report is present, keyed by
    /// the machine names (``Report/SummaryItem/key``, ``Table/key``, ``Column/key``).
    ///
    /// Shape, with keys in this order:
    /// ```
    /// {
    ///   "title": "…",
    ///   "summary": { "<item key>": <value>, … },
    ///   "notes": ["…"],
    ///   "warnings": ["…"],
    ///   "tables": [
    ///     { "key": "…", "title": "…" or null,
    ///       "columns": [{ "key": "…", "title": "…" }],
    ///       "rows": [{ "<column key>": <value>, … }] }
    ///   ]
    /// }
    /// ```
    /// `notes` and `warnings` are present even when empty so scripts need no existence checks.
    /// Cells become numbers (rounded to the shown decimals), strings, booleans or `null`.
    /// Keys should be unique within each object; a repeated key keeps its last value.
    public var jsonValue: JSONValue {
        var summaryObject = JSONObject()
        for item in summary { summaryObject.append(item.key, item.value.jsonValue) }
        var object = JSONObject()
        object.append("title", .string(title))
        object.append("summary", .object(summaryObject))
        object.append("notes", .array(notes.map { .string($0) }))
        object.append("warnings", .array(warnings.map { .string($0) }))
        object.append("tables", .array(tables.map(\.jsonValue)))
        return .object(object)
    }
}

extension Table {
    /// The table as a JSON object (`key`, `title`, `columns`, `rows`), as in ``Report/jsonValue``.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.append("key", .string(key))
        object.append("title", title.map { .string($0) } ?? .null)
        object.append("columns", .array(columns.map { column in
            .object(JSONObject([("key", .string(column.key)), ("title", .string(column.title))]))
        }))
        object.append("rows", .array(rows.map { row in
            var rowObject = JSONObject()
            for (column, cell) in zip(columns, row) { rowObject.append(column.key, cell.jsonValue) }
            return .object(rowObject)
        }))
        return .object(object)
    }
}
