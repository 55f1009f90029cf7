import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Reports

@Suite("SVG plot, HTML page and their helpers")
struct PlotAndPageTests {
    @Test("axis ticks are 1, 2 or 5 times a power of ten and cover the range", arguments: [
        (0.0...1.0, 0.2, "0.0", "1.0"), (0.0...1.17, 0.2, "0.0", "1.2"), (-21.0...20.0, 10.0, "-30", "20"),
        (0.0...0.013, 0.005, "0.000", "0.015"), (3.0...3.0, 0.1, "2.7", "3.3"), (0.0...360.0, 100.0, "0", "400"),
    ])
    func ticks(range: ClosedRange<Double>, step: Double, first: String, last: String) {
        let t = AxisTicks(covering: range, target: range.upperBound == 360 ? 5 : 6)
        #expect(abs(t.step - step) < step * 1e-9)
        #expect(t.labels.first == first)
        #expect(t.labels.last == last)
        #expect(t.range.lowerBound <= range.lowerBound && t.range.upperBound >= range.upperBound)
    }

    @Test("Base64 matches RFC 4648's test vectors")
    func base64() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors { #expect(Base64.encode(Array(plain.utf8)) == encoded) }
        let bytes = (0..<256).map { UInt8($0) }
        #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
    }

    @Test("markup escaping keeps text and attributes well-formed")
    func escaping() {
        #expect(Markup.escape("a < b & \"c\" > d") == "a &lt; b &amp; &quot;c&quot; &gt; d")
        #expect(Markup.escape("bell\u{07}tab\t") == "belltab\t")
        #expect(Markup.number(1.005) == "1.01" || Markup.number(1.005) == "1")
        #expect(Markup.number(-0.001) == "0")
        #expect(Markup.number(12.5) == "12.5")
        #expect(Markup.number(.nan) == "0")
    }

    static func samplePlot() -> TimePlot {
        var measured = PlotSeries(name: "ring strokeEnd <measured>", key: "ring.strokeEnd", color: "#1f77b4", style: .points)
        var curve = PlotSeries(name: "ring strokeEnd (model)", key: "ring.strokeEnd.model", color: "#1f77b4", style: .line)
        for i in 0..<10 {
            let t = Double(i) * 0.04
            measured.points.append(PlotPoint(x: t, y: t * 2, frame: i, mark: i == 4 ? .failing : i == 6 ? .flagged : .none))
            curve.points.append(PlotPoint(x: t, y: t * 2, breakBefore: i == 5))
        }
        let timing = PlotSeries(name: "timing", key: "ring.timingError", color: "#ff7f0e", style: .points,
                                points: [PlotPoint(x: 0, y: -3, frame: 0), PlotPoint(x: 0.04, y: 25, frame: 1, mark: .failing)])
        return TimePlot(title: "Fit a&b.gif", xLabel: "GIF time (s)", panels: [
            PlotPanel(title: "Stroke fractions", yLabel: "strokeEnd", yRange: 0...1, series: [curve, measured]),
            PlotPanel(title: "Timing", yLabel: "timing error (ms)", series: [timing], references: [PlotReference(label: "+20 ms", y: 20)], weight: 0.6),
        ])
    }

    @Test("the SVG parses as XML and holds one dot per point, a mark per marked point and a path per line piece")
    func svgStructure() throws {
        let text = Self.samplePlot().svgText()
        let counter = ElementCounter()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.count(name: "circle", class: "point") == 12)
        #expect(counter.count(name: "circle", class: "mark failing") == 2)
        #expect(counter.count(name: "circle", class: "mark flagged") == 1)
        #expect(counter.count(name: "path", class: "curve") == 1)
        #expect(counter.pathData.first?.filter { $0 == "M" }.count == 2, "the line is broken where a point says so")
        #expect(counter.texts.contains("Fit a&b.gif"))
        #expect(counter.texts.contains("timing error (ms)"))
        #expect(Self.samplePlot().svgText() == text, "deterministic")
    }

    @Test("the HTML page parses as XML, marks failing rows and figures, and inlines everything")
    func pageStructure() throws {
        var report = Report(title: "Fit x.gif")
        report.addSummary("rate", .double(1, decimals: 4))
        report.notes = ["a note with <angle> brackets"]
        var table = Table(key: "frames", columns: [Column("frame", key: "index"), Column("layer", key: "layer", alignment: .left)])
        for i in 0..<3 { table.append([.int(i), .string("ring")]) }
        report.tables = [table]
        let page = HTMLReportPage(report: report, verdict: .init(pass: false, failures: ["max timing error 30 ms > 20 ms"]),
                                  plotSVG: Self.samplePlot().svgText(), failingFrames: [1], flaggedFrames: [2])
        var html = page.head()
        for i in 0..<3 {
            html += HTMLReportPage.figure(.init(frame: i, caption: "\(i) · \(i * 40) ms", png: [137, 80, 78, 71], failing: i == 1, flagged: i == 2))
        }
        html += page.tail()
        let counter = ElementCounter()
        let parser = XMLParser(data: Data(html.utf8))
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.count(name: "figure", class: nil) == 3)
        #expect(counter.count(name: "figure", class: "frame failing") == 1)
        #expect(counter.count(name: "tr", class: "failing") == 1)
        #expect(counter.count(name: "tr", class: "flagged") == 1)
        #expect(counter.count(name: "svg", class: nil) == 1)
        #expect(html.contains("data:image/png;base64,iVBORw=="))
        #expect(!html.contains("src=\"http"))
        #expect(counter.texts.contains("FAIL"))
    }
}

/// Counts elements by name and class while an XMLParser reads a document.
final class ElementCounter: NSObject, XMLParserDelegate {
    private var elements: [(name: String, classes: String?)] = []
    var texts: [String] = []
    var pathData: [String] = []
    private var current = ""

    func count(name: String, class className: String?) -> Int {
        elements.filter { $0.name == name && (className == nil || $0.classes == className) }.count
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append((name, attributes["class"]))
        if name == "path", let d = attributes["d"] { pathData.append(d) }
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let text = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.isEmpty { texts.append(text) }
        current = ""
    }
}
