/// An arc resolved into what gets drawn: its sweep and the equal cubic segments (of at most 90°
/// each) that approximate it.
public struct ArcConstruction: Sendable, Hashable {
    /// The arc as given.
    public let arc: Arc
    /// The rule that decided the sweep.
    public let rule: ArcSweepRule
    /// Signed sweep in radians: positive clockwise on screen (increasing UIKit angle), in
    /// [−2π, 2π]; 0 when nothing is drawn.
    public let sweep: Double
    /// The cubic segments from the start point in drawing order: `ceil(|sweep|/(π/2))` of them, each
    /// spanning `sweep/n` with control distance `k·radius`, `k = 4/3·tan(segment angle/4)`.
    public let segments: [CubicBezier]

    /// Tolerance on "is a full turn": 1e-9·2π radians.
    public static let fullTurnTolerance = 1e-9 * 2 * Double.pi

    /// Resolves `arc` under `options`.
    public init(arc: Arc, options: ArcOptions = ArcOptions()) {
        self.arc = arc
        let fullTurn = 2 * Double.pi
        let tolerance = ArcConstruction.fullTurnTolerance
        let direction: Double = arc.clockwise ? 1 : -1
        let delta = arc.endAngle - arc.startAngle
        let along = direction * delta  // positive when the difference agrees with the direction

        let rule: ArcSweepRule
        let magnitude: Double  // unsigned travel in the drawing direction
        if !delta.isFinite || !arc.radius.isFinite {
            rule = .nonFinite
            magnitude = 0
        } else if abs(along - fullTurn) <= tolerance {
            rule = .fullTurn
            magnitude = fullTurn
        } else if abs(along + fullTurn) <= tolerance {
            rule = .oppositeFullTurn(options.oppositeFullTurn)
            magnitude = options.oppositeFullTurn == .full ? fullTurn : 0
        } else if abs(delta) > fullTurn {
            rule = .overwound(options.overwind)
            switch options.overwind {
            case .clampFull:
                magnitude = fullTurn
            case .modulo:
                let reduced = wrapRadians(along)
                if reduced <= tolerance || fullTurn - reduced <= tolerance {
                    // A whole number of turns: treat like ±2π, by whether the difference agrees
                    // with the direction.
                    magnitude = along > 0 || options.oppositeFullTurn == .full ? fullTurn : 0
                } else {
                    magnitude = reduced
                }
            }
        } else if abs(delta) <= tolerance {
            rule = .zero
            magnitude = 0
        } else {
            rule = .ordinary
            magnitude = along > 0 ? along : along + fullTurn
        }
        self.rule = rule
        self.sweep = direction * magnitude
        self.segments = ArcConstruction.cubicSegments(
            center: arc.center, radius: arc.radius, start: arc.startAngle, sweep: direction * magnitude)
    }

    /// Whether the drawn arc is a whole circle (|sweep| = 2π).
    public var isFullCircle: Bool { abs(sweep) == 2 * Double.pi }

    /// The UIKit angle (radians) at which the drawn arc ends: `startAngle + sweep`.
    public var drawnEndAngle: Double { arc.startAngle + sweep }

    /// The point where the drawn arc ends (the path's current point afterwards), in points.
    public var endPoint: Point { segments.last?.p3 ?? arc.startPoint }

    /// Equal cubic segments of at most 90° approximating the arc from `start` over `sweep`
    /// (radians, signed); empty for a zero sweep.
    static func cubicSegments(center: Point, radius: Double, start: Double, sweep: Double) -> [CubicBezier] {
        guard sweep != 0 else { return [] }
        let quarter = Double.pi / 2
        // The small allowance keeps a sweep that is a quarter plus round-off in one segment.
        let count = max(1, Int((abs(sweep) / quarter - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tangent(step / 4)
        var segments: [CubicBezier] = []
        segments.reserveCapacity(count)
        func onCircle(_ angle: Double) -> Point {
            Point(center.x + radius * cosine(angle), center.y + radius * sine(angle))
        }
        var angle0 = start
        var point0 = onCircle(angle0)
        for index in 1...count {
            let angle1 = start + step * Double(index)
            let point1 = onCircle(angle1)
            // Tangent direction of increasing angle at θ is (−sin θ, cos θ); k carries the sign.
            let control1 = Point(
                point0.x - k * radius * sine(angle0), point0.y + k * radius * cosine(angle0))
            let control2 = Point(
                point1.x + k * radius * sine(angle1), point1.y - k * radius * cosine(angle1))
            segments.append(CubicBezier(point0, control1, control2, point1))
            angle0 = angle1
            point0 = point1
        }
        return segments
    }
}
