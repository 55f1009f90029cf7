/// SVG layout of a ``TimePlot``: plain SVG 1.1 (no scripts, no external fonts or images), with
/// each measured dot carrying `data-series`, `data-frame` and `data-value` so tools and tests can
/// read the numbers back, and a `<title>` a browser shows on hover.
extension TimePlot {
    /// Pixel layout constants; the height follows from the panels.
    private enum Layout {
        static let left = 76.0
        static let right = 210.0
        static let top = 40.0
        static let panelTitle = 22.0
        static let panelHeight = 250.0
        static let tickSpace = 40.0
        static let bottom = 26.0
        static let dotRadius = 2.6
        static let markRadius = 5.5
    }

    /// The plot as a standalone SVG document, `width` pixels wide.
    public func svgText(width: Double = 960) -> String {
        let plotWidth = max(width - Layout.left - Layout.right, 100)
        let heights = panels.map { Layout.panelHeight * max($0.weight, 0.2) }
        let height = Layout.top + heights.reduce(0) { $0 + $1 + Layout.panelTitle + Layout.tickSpace } + Layout.bottom
        let xTicks = AxisTicks(covering: xRange ?? dataXRange())
        let xScale = LinearScale(domain: xTicks.range, range: Layout.left...(Layout.left + plotWidth))

        var svg = SVGBuilder()
        svg.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
                         "width": Markup.number(width), "height": Markup.number(height),
                         "viewBox": "0 0 \(Markup.number(width)) \(Markup.number(height))",
                         "font-family": "DejaVu Sans, Arial, Helvetica, sans-serif", "font-size": "12"])
        svg.element("title", text: title)
        svg.element("rect", ["x": "0", "y": "0", "width": Markup.number(width), "height": Markup.number(height), "fill": "#ffffff"])
        svg.element("text", ["x": Markup.number(Layout.left), "y": "24", "font-size": "15", "font-weight": "bold"], text: title)

        var y = Layout.top
        for (p, panel) in panels.enumerated() {
            let panelTop = y + Layout.panelTitle
            let panelHeight = heights[p]
            let yTicks = AxisTicks(covering: panel.yRange ?? panel.dataYRange(), target: 5)
            let yScale = LinearScale(domain: yTicks.range, range: (start: panelTop + panelHeight, end: panelTop))
            svg.open("g", ["class": "panel", "data-panel": String(p)])
            svg.element("text", ["x": Markup.number(Layout.left), "y": Markup.number(y + 15), "font-weight": "bold"], text: panel.title)
            drawAxes(&svg, panelTop: panelTop, panelHeight: panelHeight, plotWidth: plotWidth,
                     xTicks: xTicks, xScale: xScale, yTicks: yTicks, yScale: yScale, yLabel: panel.yLabel,
                     xLabel: p == panels.count - 1 ? xLabel : nil)
            let clip = "clip\(p)"
            svg.open("clipPath", ["id": clip])
            svg.element("rect", ["x": Markup.number(Layout.left), "y": Markup.number(panelTop - Layout.markRadius),
                                 "width": Markup.number(plotWidth), "height": Markup.number(panelHeight + 2 * Layout.markRadius)])
            svg.close("clipPath")
            svg.open("g", ["clip-path": "url(#\(clip))"])
            for reference in panel.references {
                let ry = yScale.map(reference.y)
                svg.element("line", ["class": "reference", "x1": Markup.number(Layout.left), "x2": Markup.number(Layout.left + plotWidth),
                                     "y1": Markup.number(ry), "y2": Markup.number(ry), "stroke": reference.color,
                                     "stroke-width": "1", "stroke-dasharray": "6 4"])
            }
            for series in panel.series where series.style == .line {
                drawLine(&svg, series, xScale: xScale, yScale: yScale)
            }
            for series in panel.series where series.style == .points {
                drawPoints(&svg, series, xScale: xScale, yScale: yScale)
            }
            svg.close("g")
            drawLegend(&svg, panel, x: Layout.left + plotWidth + 14, top: panelTop, yScale: yScale)
            svg.close("g")
            y = panelTop + panelHeight + Layout.tickSpace
        }
        svg.close("svg")
        return svg.text
    }

    private func drawAxes(_ svg: inout SVGBuilder, panelTop: Double, panelHeight: Double, plotWidth: Double,
                          xTicks: AxisTicks, xScale: LinearScale, yTicks: AxisTicks, yScale: LinearScale,
                          yLabel: String, xLabel: String?) {
        let bottom = panelTop + panelHeight
        svg.open("g", ["class": "axes", "stroke": "#dddddd", "stroke-width": "1"])
        for v in yTicks.values {
            let ty = Markup.number(yScale.map(v))
            svg.element("line", ["x1": Markup.number(Layout.left), "x2": Markup.number(Layout.left + plotWidth), "y1": ty, "y2": ty])
        }
        for v in xTicks.values {
            let tx = Markup.number(xScale.map(v))
            svg.element("line", ["x1": tx, "x2": tx, "y1": Markup.number(panelTop), "y2": Markup.number(bottom)])
        }
        svg.close("g")
        svg.element("rect", ["x": Markup.number(Layout.left), "y": Markup.number(panelTop), "width": Markup.number(plotWidth),
                             "height": Markup.number(panelHeight), "fill": "none", "stroke": "#444444", "stroke-width": "1"])
        svg.open("g", ["class": "tick-labels", "fill": "#333333"])
        for (v, label) in zip(yTicks.values, yTicks.labels) {
            svg.element("text", ["x": Markup.number(Layout.left - 6), "y": Markup.number(yScale.map(v) + 4), "text-anchor": "end"], text: label)
        }
        for (v, label) in zip(xTicks.values, xTicks.labels) {
            svg.element("text", ["x": Markup.number(xScale.map(v)), "y": Markup.number(bottom + 16), "text-anchor": "middle"], text: label)
        }
        svg.close("g")
        let midY = Markup.number(panelTop + panelHeight / 2)
        svg.element("text", ["class": "axis-label", "x": "16", "y": midY, "text-anchor": "middle",
                             "transform": "rotate(-90 16 \(midY))"], text: yLabel)
        if let xLabel {
            svg.element("text", ["class": "axis-label", "x": Markup.number(Layout.left + plotWidth / 2), "y": Markup.number(bottom + 34),
                                 "text-anchor": "middle"], text: xLabel)
        }
    }

    private func drawLine(_ svg: inout SVGBuilder, _ series: PlotSeries, xScale: LinearScale, yScale: LinearScale) {
        var d = ""
        var pen = false
        for point in series.points {
            guard point.x.isFinite, point.y.isFinite else { pen = false; continue }
            d += (pen && !point.breakBefore ? "L" : "M") + Markup.number(xScale.map(point.x)) + " " + Markup.number(yScale.map(point.y))
            pen = true
        }
        guard !d.isEmpty else { return }
        svg.element("path", ["class": "curve", "data-series": series.key, "d": d, "fill": "none",
                             "stroke": series.color, "stroke-width": "1.6", "stroke-linejoin": "round"])
    }

    private func drawPoints(_ svg: inout SVGBuilder, _ series: PlotSeries, xScale: LinearScale, yScale: LinearScale) {
        svg.open("g", ["class": "points", "data-series": series.key, "fill": series.color])
        for point in series.points where point.x.isFinite && point.y.isFinite {
            let cx = Markup.number(xScale.map(point.x)), cy = Markup.number(yScale.map(point.y))
            var attributes = ["class": "point", "cx": cx, "cy": cy, "r": Markup.number(Layout.dotRadius),
                              "data-series": series.key, "data-value": point.valueText ?? Markup.number(point.y)]
            if let frame = point.frame { attributes["data-frame"] = String(frame) }
            let hover = (point.frame.map { "frame \($0): " } ?? "") + "\(series.name) \(point.valueText ?? Markup.number(point.y))"
            svg.element("circle", attributes, title: hover)
            if point.mark != .none {
                var ring = ["class": "mark \(point.mark.rawValue)", "cx": cx, "cy": cy, "r": Markup.number(Layout.markRadius),
                            "fill": "none", "stroke": point.mark == .failing ? "#d62728" : "#ff9f1c", "stroke-width": "1.5"]
                if let frame = point.frame { ring["data-frame"] = String(frame) }
                svg.element("circle", ring)
            }
        }
        svg.close("g")
    }

    private func drawLegend(_ svg: inout SVGBuilder, _ panel: PlotPanel, x: Double, top: Double, yScale: LinearScale) {
        svg.open("g", ["class": "legend"])
        var y = top + 8
        for series in panel.series {
            switch series.style {
            case .points:
                svg.element("circle", ["cx": Markup.number(x + 8), "cy": Markup.number(y), "r": "3.5", "fill": series.color])
            case .line:
                svg.element("line", ["x1": Markup.number(x), "x2": Markup.number(x + 16), "y1": Markup.number(y), "y2": Markup.number(y),
                                     "stroke": series.color, "stroke-width": "2"])
            }
            svg.element("text", ["x": Markup.number(x + 22), "y": Markup.number(y + 4)], text: series.name)
            y += 18
        }
        for reference in panel.references {
            svg.element("line", ["x1": Markup.number(x), "x2": Markup.number(x + 16), "y1": Markup.number(y), "y2": Markup.number(y),
                                 "stroke": reference.color, "stroke-width": "1", "stroke-dasharray": "4 3"])
            svg.element("text", ["x": Markup.number(x + 22), "y": Markup.number(y + 4)], text: reference.label)
            y += 18
        }
        let marks = Set(panel.series.flatMap { $0.points.map(\.mark) })
        for mark in [PlotPoint.Mark.failing, .flagged] where marks.contains(mark) {
            svg.element("circle", ["cx": Markup.number(x + 8), "cy": Markup.number(y), "r": "5", "fill": "none",
                                   "stroke": mark == .failing ? "#d62728" : "#ff9f1c", "stroke-width": "1.5"])
            svg.element("text", ["x": Markup.number(x + 22), "y": Markup.number(y + 4)], text: mark == .failing ? "over a threshold" : "flagged frame")
            y += 18
        }
        svg.close("g")
    }

    /// The time span of every point in every panel.
    func dataXRange() -> ClosedRange<Double> {
        let xs = panels.flatMap { $0.series.flatMap { $0.points.map(\.x) } }.filter(\.isFinite)
        guard let lo = xs.min(), let hi = xs.max() else { return 0...1 }
        return lo...max(hi, lo)
    }
}

extension PlotPanel {
    /// The values of every point and reference line.
    func dataYRange() -> ClosedRange<Double> {
        let ys = (series.flatMap { $0.points.map(\.y) } + references.map(\.y)).filter(\.isFinite)
        guard let lo = ys.min(), let hi = ys.max() else { return 0...1 }
        // A little room so threshold lines and extreme dots do not sit on the frame.
        let pad = (hi - lo) * 0.04
        return (lo - pad)...(hi + pad)
    }
}

/// Maps a data interval onto a pixel interval (which may run backwards, as y does).
struct LinearScale {
    let domain: ClosedRange<Double>
    let range: ClosedRange<Double>
    let reversed: Bool

    init(domain: ClosedRange<Double>, range: ClosedRange<Double>) {
        self.domain = domain
        self.range = range
        reversed = false
    }

    /// A scale whose output runs from `start` (at the domain's low end) to `end`.
    init(domain: ClosedRange<Double>, range: (start: Double, end: Double)) {
        self.domain = domain
        self.range = min(range.start, range.end)...max(range.start, range.end)
        reversed = range.start > range.end
    }

    func map(_ value: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        let t = span > 0 ? (value - domain.lowerBound) / span : 0.5
        let u = reversed ? 1 - t : t
        return range.lowerBound + u * (range.upperBound - range.lowerBound)
    }
}
