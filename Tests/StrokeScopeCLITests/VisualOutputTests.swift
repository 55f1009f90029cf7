import Foundation
import GIFCodec
import JSON
import PNGCodec
import Raster
import Testing
@testable import StrokeScopeCLI

@Suite("--svg, --html, --overlay, frames --sheet --model, progress and colour")
struct VisualOutputTests {
    static let render = FitCheckCommandTests.render
    static let payment = ModelCommandTests.fixture("payment-success.json")
    static let spinner = ModelCommandTests.fixture("loading-spinner.json")
    static let paymentGIF = render + "/payment-1x-4cs-256.gif"

    /// One fit run with every visual output, made once and shared by the tests below.
    static let shared = Result { try fitWithVisuals() }

    /// A fit run with every visual output, and its JSON.
    static func fitWithVisuals(_ gif: String = paymentGIF, model: String = payment, extra: [String] = []) throws
        -> (json: JSONValue, svg: String, html: String, overlay: String, dir: String) {
        let dir = temporaryDirectory()
        let svg = dir + "/plot.svg", html = dir + "/report.html", overlay = dir + "/overlay.gif"
        let r = strokescope(["fit", gif, "--model", model, "--rate", "1", "--format", "json", "--max-timing-error", "5ms",
                             "--svg", svg, "--html", html, "--overlay", overlay] + extra)
        #expect(r.code == 0 || r.code == 1, "\(r.err)")
        let json = try JSONValue.parse(r.out)
        return (json, try String(contentsOfFile: svg, encoding: .utf8), try String(contentsOfFile: html, encoding: .utf8), overlay, dir)
    }

    @Test("the SVG is well-formed and its dots are the JSON's strokeEnd and timing errors, one per measured frame")
    func svgMatchesJSON() throws {
        let run = try Self.shared.get()
        let parsed = XMLNode.parse(run.svg)
        let svg = try #require(parsed.root, "\(parsed.error ?? "")")
        #expect(svg.name == "svg")
        let frames = run.json["frames"]?.arrayValue ?? []
        #expect(frames.count == 30)
        let dots = svg.all("circle").filter { $0.attributes["class"] == "point" }
        for (series, field, scale) in [("ring.strokeEnd", "strokeEnd", 1.0), ("tick.strokeEnd", "strokeEnd", 1.0), ("ring.timingError", "timingError", 1000.0)] {
            let layer = String(series.split(separator: ".")[0])
            var expected: [Int: Double] = [:]
            for f in frames {
                guard let l = f["layers"]?.arrayValue?.first(where: { $0["name"]?.stringValue == layer }),
                      let v = l[field]?.doubleValue, let i = f["index"]?.intValue else { continue }
                expected[i] = v * scale
            }
            #expect(!expected.isEmpty, "no \(series) in the JSON")
            let plotted = dots.filter { $0.attributes["data-series"] == series }
            #expect(plotted.count == expected.count, "\(series): \(plotted.count) dots for \(expected.count) values")
            for dot in plotted {
                let frame = try #require(dot.attributes["data-frame"].flatMap { Int($0) })
                let value = try #require(dot.attributes["data-value"].flatMap { Double($0) })
                let want = try #require(expected[frame], "\(series): a dot for frame \(frame), which has no value")
                #expect(abs(value - want) < 1e-5, "\(series) frame \(frame): plotted \(value), JSON \(want)")
            }
        }
        // The model's curves are lines, with axes that name their units.
        #expect(svg.all("path").contains { $0.attributes["data-series"] == "ring.strokeEnd.model" })
        let labels = svg.all("text").map(\.allText)
        #expect(labels.contains("GIF time (s)"))
        #expect(labels.contains("timing error (ms)"))
    }

    @Test("frames over a threshold are marked in the plot and the page")
    func failingFramesMarked() throws {
        let run = try Self.shared.get()
        let failing = Set((run.json["frames"]?.arrayValue ?? []).compactMap { f -> Int? in
            let over = (f["layers"]?.arrayValue ?? []).contains { abs($0["timingError"]?.doubleValue ?? 0) > 0.005 }
            let outlier = (f["flags"]?.arrayValue ?? []).contains { $0.stringValue == "outlier" }
            return over && !outlier ? f["index"]?.intValue : nil
        })
        #expect(!failing.isEmpty, "the 5 ms threshold should fail some tick frames of this fixture")
        let svg = try #require(XMLNode.parse(run.svg).root)
        let marked = Set(svg.all("circle").filter { $0.attributes["class"] == "mark failing" }.compactMap { $0.attributes["data-frame"].flatMap { Int($0) } })
        #expect(marked == failing)
        let html = try #require(XMLNode.parse(run.html).root)
        let failingRows = Set(html.all("tr").filter { $0.attributes["class"] == "failing" }.compactMap { $0.attributes["data-frame"].flatMap { Int($0) } })
        #expect(failingRows == failing)
        #expect(html.all("div").first { $0.attributes["id"] == "verdict" }?.allText.hasPrefix("FAIL") == true)
    }

    @Test("the HTML page is well-formed, self-contained, and has a row per frame and layer and a picture per frame")
    func htmlStructure() throws {
        let run = try Self.shared.get()
        let parsed = XMLNode.parse(run.html)
        let html = try #require(parsed.root, "\(parsed.error ?? "")")
        let frames = run.json["frames"]?.arrayValue ?? []
        let figures = html.all("figure")
        #expect(figures.count == frames.count)
        for (figure, frame) in zip(figures, frames) {
            #expect(figure.attributes["data-frame"].flatMap { Int($0) } == frame["index"]?.intValue)
            let img = try #require(figure.all("img").first)
            let src = try #require(img.attributes["src"])
            #expect(src.hasPrefix("data:image/png;base64,"))
            let png = try #require(Data(base64Encoded: String(src.dropFirst("data:image/png;base64,".count))))
            let image = try RGBAImage(pngBytes: [UInt8](png))
            #expect(image.width >= 100)
        }
        let rows = html.all("table").first { $0.attributes["id"] == "frames" }?.all("tbody").first?.all("tr") ?? []
        #expect(rows.count == frames.count * 2)
        // The table shows the same figures as the JSON: frame 3's ring strokeEnd, 4 decimals.
        let ringRow = try #require(rows.first { $0.attributes["data-frame"] == "3" })
        let cells = ringRow.all("td").map(\.allText)
        let strokeEnd = try #require(frames[3]["layers"]?[0]?["strokeEnd"]?.doubleValue)
        #expect(cells.contains(DecimalText.fixed(strokeEnd, decimals: 4)))
        // Nothing is fetched: no http(s) URL, no external script, stylesheet or font.
        #expect(!run.html.contains("http://") || run.html.components(separatedBy: "http://").dropFirst().allSatisfy { $0.hasPrefix("www.w3.org/") })
        #expect(!run.html.contains("https://"))
        #expect(html.all("script").allSatisfy { $0.attributes["src"] == nil })
        #expect(html.all("link").isEmpty)
        // The plot is inline.
        #expect(html.all("svg").count == 1)
    }

    @Test("the overlay GIF keeps the input's frames and delays and draws the model and the ends")
    func overlayGIF() throws {
        let run = try Self.shared.get()
        let original = try GIFDecoder(path: Self.paymentGIF)
        let overlaid = try GIFDecoder(path: run.overlay)
        var changed = 0, magenta = 0, frames = 0
        while let a = try original.next() {
            let b = try #require(try overlaid.next())
            #expect(a.info.delayCentiseconds == b.info.delayCentiseconds)
            #expect(b.image.width == a.image.width && b.image.height == a.image.height)
            if a.image != b.image { changed += 1 }
            for y in 0..<b.image.height {
                for x in 0..<b.image.width {
                    let p = b.image[x: x, y: y]
                    if p.r > 180 && p.g < 80 && p.b > 140 { magenta += 1 }
                }
            }
            frames += 1
        }
        #expect(try overlaid.next() == nil)
        #expect(frames == 30)
        #expect(changed == frames, "every frame has an overlay drawn on it")
        #expect(magenta > 30 * 50, "the model's stroke shows in magenta")
        #expect(original.loopCount == overlaid.loopCount)
    }

    @Test("inspect writes a plot and a page without a model, with measured values only")
    func inspectVisuals() throws {
        let dir = temporaryDirectory()
        let r = strokescope("inspect", Self.render + "/spinner-1x-4cs-32-delta.gif", "--svg", dir + "/p.svg", "--html", dir + "/p.html",
                            "--overlay", dir + "/o.gif", "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let json = try JSONValue.parse(r.out)
        let svg = try #require(XMLNode.parse(try String(contentsOfFile: dir + "/p.svg", encoding: .utf8)).root)
        let ends = (json["frames"]?.arrayValue ?? []).filter { $0["layers"]?[0]?["strokeEnd"]?.doubleValue != nil }.count
        #expect(svg.all("circle").filter { $0.attributes["data-series"] == nil && $0.attributes["class"] == "point" }.isEmpty)
        let dots = svg.all("circle").filter { $0.attributes["data-series"] == "ring.strokeEnd" }
        #expect(dots.count == ends)
        #expect(svg.all("path").filter { $0.attributes["class"] == "curve" }.isEmpty, "no model, no curves")
        let html = try #require(XMLNode.parse(try String(contentsOfFile: dir + "/p.html", encoding: .utf8)).root)
        #expect(html.all("figure").count == (json["frames"]?.arrayValue?.count ?? -1))
        #expect(html.all("div").first { $0.attributes["id"] == "verdict" } == nil, "no thresholds, no verdict")
    }

    @Test("model --svg plots the curves over the range")
    func modelSVG() throws {
        let dir = temporaryDirectory()
        let r = strokescope("model", Self.payment, "--to", "8", "--svg", dir + "/m.svg")
        #expect(r.code == 0, "\(r.err)")
        let svg = try #require(XMLNode.parse(try String(contentsOfFile: dir + "/m.svg", encoding: .utf8)).root)
        let keys = Set(svg.all("path").compactMap { $0.attributes["data-series"] })
        #expect(keys.isSuperset(of: ["ring.strokeStart", "ring.strokeEnd", "tick.strokeEnd"]))
        #expect(svg.all("text").map(\.allText).contains("model time (s)"))
    }

    @Test("existing outputs are refused before any work, and replaced with --force")
    func noClobber() throws {
        let dir = temporaryDirectory()
        let html = dir + "/r.html"
        try "keep".write(toFile: html, atomically: true, encoding: .utf8)
        let refused = strokescope("fit", Self.paymentGIF, "--model", Self.payment, "--html", html)
        #expect(refused.code == 64)
        #expect(refused.errLines == ["error: \(html): already exists (use --force to overwrite)"])
        #expect(try String(contentsOfFile: html, encoding: .utf8) == "keep")
        let same = strokescope("inspect", Self.paymentGIF, "--svg", dir + "/a", "--html", dir + "/a")
        #expect(same.code == 64)
        let forced = strokescope("fit", Self.paymentGIF, "--model", Self.payment, "--html", html, "--force", "--quiet")
        #expect(forced.code == 0, "\(forced.err)")
        #expect(try String(contentsOfFile: html, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    @Test("frames --sheet --model draws the fitted model on the sheet; --model needs --sheet")
    func sheetWithModel() throws {
        let dir = temporaryDirectory()
        let plain = strokescope("frames", Self.paymentGIF, "--sheet", dir + "/plain.png")
        let drawn = strokescope("frames", Self.paymentGIF, "--sheet", dir + "/model.png", "--model", Self.payment, "--rate", "1")
        #expect(plain.code == 0 && drawn.code == 0, "\(drawn.err)")
        let a = try RGBAImage(pngFile: dir + "/plain.png"), b = try RGBAImage(pngFile: dir + "/model.png")
        #expect(a.width == b.width && a.height == b.height)
        var magentaA = 0, magentaB = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x: x, y: y], q = b[x: x, y: y]
                if p.r > 180 && p.g < 80 && p.b > 140 { magentaA += 1 }
                if q.r > 180 && q.g < 80 && q.b > 140 { magentaB += 1 }
            }
        }
        #expect(magentaA == 0 && magentaB > 1000)
        let missing = strokescope("frames", Self.paymentGIF, "-o", dir + "/f", "--model", Self.payment)
        #expect(missing.code == 64)
        #expect(missing.errLines.first == "error: --model draws on the contact sheet: give --sheet <file.png> too")
    }

    @Test("the progress bar shows only on a terminal and not under --quiet; colour only on a terminal and never with NO_COLOR")
    func progressAndColour() throws {
        func run(_ args: [String], terminal: Bool, environment: [String: String] = [:]) -> (out: String, err: String) {
            let out = BufferSink(), err = BufferSink()
            _ = StrokeScope.run(arguments: args, console: Console(out: out, err: err, outIsTerminal: terminal, errIsTerminal: terminal, environment: environment))
            return (out.text, err.text)
        }
        let check = ["check", Self.render + "/spinner-1x-4cs-32-delta.gif", "--model", Self.spinner, "--rate", "1"]
        let piped = run(check, terminal: false)
        #expect(!piped.err.contains("measuring") && !piped.out.contains("\u{1B}"))
        #expect(piped.out.hasPrefix("PASS "))
        let tty = run(check, terminal: true)
        #expect(tty.err.contains("measuring"), "a bar on a terminal")
        #expect(tty.err.hasSuffix("\r\u{1B}[2K"), "erased when done")
        #expect(tty.out.hasPrefix("\u{1B}[1;32mPASS\u{1B}[0m "))
        let quiet = run(check + ["--quiet"], terminal: true)
        #expect(quiet.err.isEmpty)
        let noColour = run(check, terminal: true, environment: ["NO_COLOR": "1"])
        #expect(noColour.out.hasPrefix("PASS "))
        let failing = run(["inspect", "/nonexistent.gif"], terminal: true, environment: ["NO_COLOR": "1"])
        #expect(failing.err.hasPrefix("error: "))
        let failingColour = run(["inspect", "/nonexistent.gif"], terminal: true)
        #expect(failingColour.err.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m "))
    }
}
