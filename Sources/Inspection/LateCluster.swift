import StrokeGeometry

/// A group of grid points that changed for the first time after the sample (`LateChanges`),
/// and whether it lies along a straight strip, where no ring can be.
struct LateCluster {
    private(set) var points: [Point] = []
    private(set) var hasOutside = false

    mutating func add(x: Int, y: Int, outside: Bool) {
        points.append(Point(x: Double(x), y: Double(y)))
        if outside { hasOutside = true }
    }

    /// Whether the points lie along a straight strip at most three grid steps across and more
    /// than twice as long (plus a step), with no bend of a grid step or more over its length: a
    /// bar, a line, a row of pixels. Fewer than three points show no shape and count as
    /// straight: a ring the grid sees at all crosses more. A ring's band bends (an arc of 60°,
    /// the least the ring search takes, bends by 13 % of its radius) or, drawn whole, is as
    /// long as it is across.
    func isStraightStrip(step: Int) -> Bool {
        guard points.count >= 3 else { return true }
        // The strip's axis: the principal direction of the points' spread.
        guard let axis = LeastSquares.line(through: points) else { return true }
        let along = points.map { ($0 - axis.centre).dot(axis.direction) }
        let across = points.map { ($0 - axis.centre).dot(Point(x: -axis.direction.y, y: axis.direction.x)) }
        let s = Double(step)
        guard let lo = across.min(), let hi = across.max(), let t0 = along.min(), let t1 = along.max(),
              hi - lo <= 3 * s, t1 - t0 >= 2 * (hi - lo) + s else { return false }
        // The bend: the least-squares parabola across the axis, its sagitta over the length.
        guard let c = LeastSquares.parabolaCurvature(along, across) else { return true }
        let halfLength = (t1 - t0) / 2
        return abs(c) * halfLength * halfLength < s
    }
}
