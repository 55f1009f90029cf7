/// One property (`strokeStart` or `strokeEnd`) over one cycle: knots at times `0 = t0 < t1 < … <
/// tm = period`, a value at each knot, and how each piece moves from one knot value to the next.
/// The cycle may end on a different value than it starts (the group restarts).
public struct PiecewiseCurve: Sendable, Equatable {
    /// Seconds from the cycle's start; first 0, last the period.
    public var knots: [Double]
    /// Values at the knots (fractions of the path); a hold's two ends are equal.
    public var values: [Double]
    /// One per piece (`knots.count - 1`).
    public var timings: [PieceTiming]

    public init(knots: [Double], values: [Double], timings: [PieceTiming]) {
        self.knots = knots
        self.values = values
        self.timings = timings
    }

    public var pieceCount: Int { timings.count }
    public var period: Double { knots.last ?? 0 }

    /// The value at `u` seconds into the cycle.
    public func value(at u: Double) -> Double {
        guard timings.count > 0 else { return values.first ?? 0 }
        var i = 0
        while i < timings.count - 1 && u >= knots[i + 1] { i += 1 }
        let span = knots[i + 1] - knots[i]
        let x = span > 0 ? (u - knots[i]) / span : 1
        return values[i] + (values[i + 1] - values[i]) * timings[i].progress(x)
    }

    /// A piece as Core Animation writes it.
    public struct Piece: Sendable, Equatable {
        public var beginTime: Double
        public var duration: Double
        public var fromValue: Double
        public var toValue: Double
        public var timing: PieceTiming
    }

    public var pieces: [Piece] {
        timings.indices.map { i in
            Piece(beginTime: knots[i], duration: knots[i + 1] - knots[i], fromValue: values[i], toValue: values[i + 1], timing: timings[i])
        }
    }

    /// True when the curve never moves.
    public var isConstant: Bool { timings.allSatisfy { $0 == .hold } || values.allSatisfy { abs($0 - values[0]) < 1e-9 } }
}
