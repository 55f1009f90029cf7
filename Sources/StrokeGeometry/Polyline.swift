/// Distances to and points along a polyline (a found stroke's centre line, a tick's path in
/// pixels): what the open-stroke search and its measuring share.
public enum Polyline {
    /// The distance from `p` to the segment from `a` to `b`.
    public static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a, l2 = ab.dot(ab)
        guard l2 > 0 else { return p.distance(to: a) }
        let t = min(1, max(0, (p - a).dot(ab) / l2))
        return p.distance(to: a + ab * t)
    }

    /// The distance from `p` to the nearest segment of `points` (infinity for fewer than two).
    public static func distance(_ p: Point, to points: [Point]) -> Double {
        zip(points, points.dropFirst()).map { distance(p, toSegment: $0.0, $0.1) }.min() ?? .infinity
    }

    /// The point `distance` along `points` from the first (the last point beyond its end).
    public static func point(along points: [Point], at distance: Double) -> Point {
        var left = distance
        for (a, b) in zip(points, points.dropFirst()) {
            let l = a.distance(to: b)
            if left <= l, l > 0 { return a + (b - a) * (left / l) }
            left -= l
        }
        return points[points.count - 1]
    }
}
