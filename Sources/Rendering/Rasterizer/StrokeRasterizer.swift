import Raster
import StrokeGeometry

/// The reference stroke rasteriser: turns a layer's visible stroke into per-pixel area coverage.
///
/// Method: the stroke's outline (`StrokeOutline`) is filled with the nonzero winding rule on
/// `subScanlines` horizontal sample lines per pixel row, at heights `row + (k + ½)/subScanlines`.
/// On each line the nonzero intervals are found exactly (edge crossings with their directions) and
/// each interval adds its exact overlap with every pixel column, weighted `1/subScanlines`. Coverage
/// is therefore exact horizontally and a midpoint rule vertically: a pixel's value is within 1/512
/// of its true area fraction (the worst case is a horizontal edge halfway between two sample
/// lines), and wholly covered or wholly empty pixels read exactly 1 and 0.
public enum StrokeRasterizer {
    /// Sample lines per pixel row.
    public static let subScanlines = 256

    /// Coverage of the stroke of `pieces`.
    ///
    /// - Parameters:
    ///   - pieces: the drawn pieces in pixel coordinates (map screen points with `PixelMapping`).
    ///   - lineWidth: full stroke width, in pixels.
    ///   - cap: cap at both ends of every open piece (closed pieces have none).
    ///   - join: join between consecutive segments.
    ///   - miterLimit: miter limit (Core Graphics' default 10).
    ///   - clip: the pixels of interest (usually the image's bounds); `nil` for the stroke's whole
    ///     bounding box.
    /// - Returns: coverage over the stroke's bounding box (whole pixels) clipped to `clip`.
    public static func coverage(
        pieces: [StrokePiece], lineWidth: Double, cap: LineCap = .butt, join: LineJoin = .miter,
        miterLimit: Double = LineJoin.defaultMiterLimit, clip: PixelRect? = nil
    ) -> CoverageMask {
        let outline = StrokeOutline(
            pieces: pieces, lineWidth: lineWidth, cap: cap, join: join, miterLimit: miterLimit)
        return coverage(of: outline, clip: clip)
    }

    /// Coverage of the nonzero-winding fill of `outline`'s polygons (pixels), over their bounding
    /// box (whole pixels) clipped to `clip` (`nil`: not clipped).
    public static func coverage(of outline: StrokeOutline, clip: PixelRect? = nil) -> CoverageMask {
        var edges = ScanlineEdge.edges(of: outline.polygons)
        guard let bounds = outline.bounds, !edges.isEmpty else {
            return .empty(x: clip?.x ?? 0, y: clip?.y ?? 0)
        }
        let x0 = wholePixel(bounds.minX.rounded(.down))
        let y0 = wholePixel(bounds.minY.rounded(.down))
        let x1 = wholePixel(bounds.maxX.rounded(.up))
        let y1 = wholePixel(bounds.maxY.rounded(.up))
        var rect = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        if let clip { rect = rect.intersection(clip) }
        guard !rect.isEmpty else { return .empty(x: rect.x, y: rect.y) }
        edges.sort { $0.top < $1.top }
        let values = scan(edges, over: rect)
        return CoverageMask(rect: rect, values: values)
    }

    /// A coordinate already rounded to a whole number, as an `Int` that cannot trap.
    private static func wholePixel(_ v: Double) -> Int {
        let limit = 4_503_599_627_370_496.0  // 2^52
        return Int(min(max(v, -limit), limit))
    }

    /// Fills `rect` row by row; `edges` sorted by `top`.
    private static func scan(_ edges: [ScanlineEdge], over rect: PixelRect) -> [Float] {
        let width = rect.width
        let samples = subScanlines
        let sampleStep = 1 / Double(samples)
        let weight = 1 / Double(samples)
        let left = Double(rect.x)
        let right = Double(rect.x + width)
        var output = [Float](repeating: 0, count: width * rect.height)
        // Per-column differences of the covered length on this row: a span [a, b) adds its overlap
        // with each column, recovered by a running sum (so a wide span costs O(1), not O(width)).
        var differences = [Double](repeating: 0, count: width + 2)
        var active = [Int](repeating: 0, count: edges.count)
        var crossings = [Double](repeating: 0, count: edges.count)

        edges.withUnsafeBufferPointer { edges in
            differences.withUnsafeMutableBufferPointer { differences in
                active.withUnsafeMutableBufferPointer { active in
                    crossings.withUnsafeMutableBufferPointer { crossings in
                        output.withUnsafeMutableBufferPointer { output in
                            var next = 0
                            var activeCount = 0

                            @inline(__always) func addStep(_ x: Double, _ sign: Double) {
                                let offset = x - left
                                let column = Int(offset.rounded(.down))
                                let fraction = offset - Double(column)
                                differences[column] += sign * (1 - fraction)
                                differences[column + 1] += sign * fraction
                            }
                            @inline(__always) func addSpan(_ a: Double, _ b: Double) {
                                let a = max(a, left)
                                let b = min(b, right)
                                guard b > a else { return }
                                addStep(a, 1)
                                addStep(b, -1)
                            }

                            for row in rect.y..<rect.maxY {
                                let rowTop = Double(row)
                                var touched = false
                                for k in 0..<samples {
                                    let y = rowTop + (Double(k) + 0.5) * sampleStep
                                    // Edges that start at or above this line join the active set.
                                    while next < edges.count && edges[next].top <= y {
                                        if edges[next].bottom > y {
                                            active[activeCount] = next
                                            activeCount += 1
                                        }
                                        next += 1
                                    }
                                    guard activeCount > 0 else { continue }
                                    // Crossings, dropping edges that have ended (half-open [top, bottom)).
                                    var kept = 0
                                    for j in 0..<activeCount {
                                        let index = active[j]
                                        let edge = edges[index]
                                        guard edge.bottom > y else { continue }
                                        active[kept] = index
                                        crossings[kept] = edge.xAtTop + (y - edge.top) * edge.slope
                                        kept += 1
                                    }
                                    activeCount = kept
                                    // Insertion sort by x: the order barely changes from line to line.
                                    if activeCount > 1 {
                                        for j in 1..<activeCount {
                                            let x = crossings[j]
                                            let index = active[j]
                                            var i = j - 1
                                            while i >= 0 && crossings[i] > x {
                                                crossings[i + 1] = crossings[i]
                                                active[i + 1] = active[i]
                                                i -= 1
                                            }
                                            crossings[i + 1] = x
                                            active[i + 1] = index
                                        }
                                    }
                                    // Nonzero intervals.
                                    var winding: Int32 = 0
                                    var spanStart = 0.0
                                    for j in 0..<activeCount {
                                        let before = winding
                                        winding &+= edges[active[j]].winding
                                        if before == 0 && winding != 0 {
                                            spanStart = crossings[j]
                                        } else if before != 0 && winding == 0 {
                                            addSpan(spanStart, crossings[j])
                                            touched = true
                                        }
                                    }
                                }
                                guard touched else { continue }
                                var running = 0.0
                                let base = (row - rect.y) * width
                                for column in 0..<width {
                                    running += differences[column]
                                    differences[column] = 0
                                    let v = running * weight
                                    // Round-off of the running sum must not turn 0 or 1 into a near miss.
                                    output[base + column] = v < 1e-9 ? 0 : (v > 1 - 1e-9 ? 1 : Float(v))
                                }
                                differences[width] = 0
                                differences[width + 1] = 0
                            }
                        }
                    }
                }
            }
        }
        return output
    }
}

/// One non-horizontal polygon edge for the scan: active on sample lines `top ≤ y < bottom`.
struct ScanlineEdge {
    /// Smaller y of the two end points, in pixels.
    var top: Double
    /// Larger y, in pixels.
    var bottom: Double
    /// x at `top`, in pixels.
    var xAtTop: Double
    /// dx/dy.
    var slope: Double
    /// +1 when the polygon runs downwards along this edge, −1 upwards.
    var winding: Int32

    /// The non-horizontal edges of `polygons` (each closed back to its first vertex); polygons
    /// with a non-finite vertex are left out.
    static func edges(of polygons: [[Point]]) -> [ScanlineEdge] {
        var edges: [ScanlineEdge] = []
        edges.reserveCapacity(polygons.reduce(0) { $0 + $1.count })
        for polygon in polygons where polygon.count >= 3 {
            guard polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            var previous = polygon[polygon.count - 1]
            for p in polygon {
                defer { previous = p }
                guard p.y != previous.y else { continue }
                let (upper, lower, winding): (Point, Point, Int32) =
                    previous.y < p.y ? (previous, p, 1) : (p, previous, -1)
                // An edge a few ulps tall can overflow dx/dy; a huge finite slope keeps the
                // crossing at `top` finite (0·∞ would be NaN).
                let slope = (lower.x - upper.x) / (lower.y - upper.y)
                edges.append(ScanlineEdge(
                    top: upper.y, bottom: lower.y, xAtTop: upper.x,
                    slope: min(max(slope, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude),
                    winding: winding))
            }
        }
        return edges
    }
}
