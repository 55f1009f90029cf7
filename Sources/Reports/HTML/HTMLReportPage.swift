/// The self-contained HTML report: verdict, summary, plot, a viewer with a strip of every frame,
/// and the per-frame table; clicking a table row (or a plot dot, or a thumbnail) shows its frame.
///
/// Written in three parts so frames can be streamed into the file one at a time: ``head()``,
/// one ``figure(_:)`` per frame, then ``tail()``. The page loads nothing: styles and script are
/// inline, images are `data:` URIs, text uses the reader's own sans-serif font. It is also
/// well-formed XML (every element closed, script free of `<` and `&`), so a test can parse it.
public struct HTMLReportPage: Sendable {
    /// The outcome of the thresholds, when there were any.
    public struct Verdict: Sendable, Equatable {
        public var pass: Bool
        public var failures: [String]
        public init(pass: Bool, failures: [String]) {
            self.pass = pass
            self.failures = failures
        }
    }

    /// One frame of the strip.
    public struct Figure: Sendable, Equatable {
        public var frame: Int
        public var caption: String
        public var png: [UInt8]
        public var failing: Bool
        public var flagged: Bool
        public init(frame: Int, caption: String, png: [UInt8], failing: Bool = false, flagged: Bool = false) {
            self.frame = frame
            self.caption = caption
            self.png = png
            self.failing = failing
            self.flagged = flagged
        }
    }

    public var report: Report
    public var verdict: Verdict?
    /// The plot, as from ``TimePlot/svgText(width:)``.
    public var plotSVG: String?
    /// The key of the per-frame table's column that holds the frame number.
    public var frameColumnKey: String
    public var failingFrames: Set<Int>
    public var flaggedFrames: Set<Int>
    /// What the colours drawn over the frames mean: (CSS colour, text).
    public var overlayLegend: [(color: String, text: String)]
    /// A line under the title, e.g. the command that made the report.
    public var subtitle: String?

    public init(report: Report, verdict: Verdict? = nil, plotSVG: String? = nil, frameColumnKey: String = "index",
                failingFrames: Set<Int> = [], flaggedFrames: Set<Int> = [], overlayLegend: [(color: String, text: String)] = [],
                subtitle: String? = nil) {
        self.report = report
        self.verdict = verdict
        self.plotSVG = plotSVG
        self.frameColumnKey = frameColumnKey
        self.failingFrames = failingFrames
        self.flaggedFrames = flaggedFrames
        self.overlayLegend = overlayLegend
        self.subtitle = subtitle
    }

    /// Everything before the frames.
    public func head() -> String {
        var h = "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        h += "<title>" + Markup.escape(report.title) + "</title>\n<style>\n" + Self.style + "</style>\n</head>\n<body>\n"
        h += "<h1>" + Markup.escape(report.title) + "</h1>\n"
        if let subtitle { h += "<p class=\"subtitle\">" + Markup.escape(subtitle) + "</p>\n" }
        if let verdict {
            h += "<div class=\"verdict \(verdict.pass ? "pass" : "fail")\" id=\"verdict\"><strong>\(verdict.pass ? "PASS" : "FAIL")</strong>"
            if !verdict.failures.isEmpty {
                h += "<ul>" + verdict.failures.map { "<li>" + Markup.escape($0) + "</li>" }.joined() + "</ul>"
            }
            h += "</div>\n"
        }
        if !report.summary.isEmpty {
            h += "<h2>Summary</h2>\n<table class=\"summary\" id=\"summary\">\n<tbody>\n"
            for item in report.summary {
                h += "<tr data-key=\"" + Markup.escape(item.key) + "\"><th scope=\"row\">" + Markup.escape(item.label) + "</th><td>"
                    + Markup.escape(item.value.displayText) + "</td></tr>\n"
            }
            h += "</tbody>\n</table>\n"
        }
        for note in report.notes { h += "<p class=\"note\">Note: " + Markup.escape(note) + "</p>\n" }
        for warning in report.warnings { h += "<p class=\"warning\">Warning: " + Markup.escape(warning) + "</p>\n" }
        if let plotSVG {
            h += "<h2>Plot</h2>\n<div class=\"plot\" id=\"plot\">\n" + Self.inlineSVG(plotSVG) + "</div>\n"
        }
        h += "<h2>Frames</h2>\n"
        if !overlayLegend.isEmpty {
            h += "<p class=\"legend\">" + overlayLegend.map { "<span class=\"swatch\" style=\"background:" + Markup.escape($0.color) + "\"></span>" + Markup.escape($0.text) }
                .joined(separator: " ") + "</p>\n"
        }
        h += "<div class=\"viewer\"><img id=\"viewer\" alt=\"selected frame\" src=\"data:,\"/><p id=\"viewer-caption\">Click a table row, a plot dot or a thumbnail.</p></div>\n"
        h += "<div class=\"strip\" id=\"strip\">\n"
        return h
    }

    /// One frame of the strip.
    public static func figure(_ figure: Figure) -> String {
        var classes = ["frame"]
        if figure.failing { classes.append("failing") } else if figure.flagged { classes.append("flagged") }
        return "<figure class=\"\(classes.joined(separator: " "))\" id=\"frame-\(figure.frame)\" data-frame=\"\(figure.frame)\" data-caption=\""
            + Markup.escape(figure.caption) + "\"><img alt=\"frame \(figure.frame)\" src=\"data:image/png;base64," + Base64.encode(figure.png)
            + "\"/><figcaption>" + Markup.escape(figure.caption) + "</figcaption></figure>\n"
    }

    /// Everything after the frames: the per-frame table and the script.
    public func tail() -> String {
        var t = "</div>\n"
        if let table = report.tables.first {
            let frameColumn = table.columns.firstIndex { $0.key == frameColumnKey }
            t += "<h2>Per-frame results</h2>\n<table class=\"frames\" id=\"frames\">\n<thead><tr>"
            t += table.columns.map { "<th data-key=\"" + Markup.escape($0.key) + "\">" + Markup.escape($0.title) + "</th>" }.joined()
            t += "</tr></thead>\n<tbody>\n"
            for row in table.rows {
                var attributes = ""
                if let c = frameColumn, case .int(let frame) = row[c] {
                    attributes = " data-frame=\"\(frame)\""
                    if failingFrames.contains(frame) { attributes += " class=\"failing\"" } else if flaggedFrames.contains(frame) { attributes += " class=\"flagged\"" }
                }
                t += "<tr\(attributes)>"
                for (i, cell) in row.enumerated() {
                    let align = table.columns[i].alignment == .left ? "" : " class=\"num\""
                    t += "<td\(align)>" + Markup.escape(cell.displayText) + "</td>"
                }
                t += "</tr>\n"
            }
            t += "</tbody>\n</table>\n"
        }
        t += "<script>\n//<![CDATA[\n" + Self.script + "//]]>\n</script>\n</body>\n</html>\n"
        return t
    }

    /// The SVG document without its XML declaration, for placing inside the page.
    static func inlineSVG(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") else { return svg }
        return String(svg[svg.index(after: end)...])
    }

    static let style = """
    body { font-family: -apple-system, "Segoe UI", "DejaVu Sans", Arial, sans-serif; margin: 24px; color: #222; background: #fff; }
    h1 { font-size: 22px; margin: 0 0 4px 0; }
    h2 { font-size: 17px; margin: 28px 0 8px 0; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
    .subtitle { color: #666; margin: 0 0 12px 0; font-family: monospace; }
    .verdict { display: inline-block; padding: 8px 14px; border-radius: 6px; margin: 8px 0; }
    .verdict.pass { background: #e3f6e5; border: 1px solid #2ca02c; }
    .verdict.fail { background: #fde8e8; border: 1px solid #d62728; }
    .verdict ul { margin: 6px 0 0 0; padding-left: 20px; }
    table { border-collapse: collapse; font-size: 13px; }
    table.summary th { text-align: left; font-weight: normal; color: #555; padding: 2px 16px 2px 0; }
    table.summary td { padding: 2px 0; }
    table.frames th { position: sticky; top: 0; background: #f4f4f4; padding: 4px 8px; border-bottom: 1px solid #bbb; }
    table.frames td { padding: 2px 8px; border-bottom: 1px solid #eee; white-space: nowrap; }
    table.frames td.num { text-align: right; font-variant-numeric: tabular-nums; }
    table.frames tr[data-frame] { cursor: pointer; }
    table.frames tr:hover { background: #f0f6ff; }
    tr.failing { background: #fde8e8; }
    tr.flagged { background: #fff4e0; }
    tr.selected { outline: 2px solid #1f77b4; }
    .note { color: #444; }
    .warning { color: #8a4b00; }
    .plot svg { max-width: 100%; height: auto; }
    .legend .swatch { display: inline-block; width: 12px; height: 12px; margin: 0 4px 0 12px; vertical-align: middle; }
    .viewer { margin: 8px 0 12px 0; }
    .viewer img { image-rendering: pixelated; min-width: 240px; max-width: 100%; border: 1px solid #ccc; background: #fff; }
    .strip { display: flex; flex-wrap: wrap; gap: 4px; }
    .strip figure { margin: 0; padding: 2px; border: 2px solid transparent; cursor: pointer; }
    .strip figure img { display: block; height: 72px; image-rendering: pixelated; }
    .strip figcaption { font-size: 10px; color: #555; text-align: center; }
    .strip figure.failing { border-color: #d62728; }
    .strip figure.flagged { border-color: #ff9f1c; }
    .strip figure.selected { border-color: #1f77b4; background: #e8f1fb; }

    """

    /// Row, dot and thumbnail clicks select a frame; written without `<` and `&` so the page
    /// stays well-formed XML.
    static let script = """
    (function () {
      var viewer = document.getElementById("viewer");
      var caption = document.getElementById("viewer-caption");
      function each(selector, action) { Array.prototype.forEach.call(document.querySelectorAll(selector), action); }
      function show(frame, scrollTo) {
        var figure = document.getElementById("frame-" + frame);
        if (!figure) { return; }
        viewer.src = figure.getElementsByTagName("img")[0].src;
        caption.textContent = figure.getAttribute("data-caption");
        each(".selected", function (e) { e.classList.remove("selected"); });
        figure.classList.add("selected");
        each('tr[data-frame="' + frame + '"]', function (row) { row.classList.add("selected"); });
        if (scrollTo === "figure") { figure.scrollIntoView({ block: "nearest" }); viewer.scrollIntoView({ block: "nearest" }); }
        if (scrollTo === "row") {
          var row = document.querySelector('tr[data-frame="' + frame + '"]');
          if (row) { row.scrollIntoView({ block: "center" }); }
        }
      }
      each("tr[data-frame]", function (row) {
        row.addEventListener("click", function () { show(row.getAttribute("data-frame"), "figure"); });
      });
      each("figure[data-frame]", function (figure) {
        figure.addEventListener("click", function () { show(figure.getAttribute("data-frame"), "row"); });
      });
      each("circle[data-frame]", function (dot) {
        dot.style.cursor = "pointer";
        dot.addEventListener("click", function () { show(dot.getAttribute("data-frame"), "figure"); });
      });
      var first = document.querySelector("figure.failing") || document.querySelector("figure.flagged") || document.querySelector("figure[data-frame]");
      if (first) { show(first.getAttribute("data-frame"), null); }
    })();

    """
}
