import AnimationModel

/// How one piece of a cycle moves between its two values.
public enum PieceTiming: Sendable, Equatable {
    /// The value holds (from = to).
    case hold
    case linear, easeIn, easeOut, easeInEaseOut, `default`
    /// Free control points `(c1x, c1y, c2x, c2y)`.
    case custom(Double, Double, Double, Double)

    /// The named curves, simplest first.
    static let named: [PieceTiming] = [.linear, .easeInEaseOut, .easeIn, .easeOut, .default]

    /// Core Animation's name, or nil for holds and free control points.
    public var name: String? {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInEaseOut: "easeInEaseOut"
        case .default: "default"
        case .hold, .custom: nil
        }
    }

    var function: TimingFunction? {
        switch self {
        case .hold, .linear: nil
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInEaseOut: .easeInEaseOut
        case .default: .default
        case .custom(let a, let b, let c, let d): TimingFunction(a, b, c, d)
        }
    }

    /// Progress in [0, 1] at input progress `x` in [0, 1] (0 throughout for a hold).
    func progress(_ x: Double) -> Double {
        switch self {
        case .hold: return 0
        case .linear: return min(max(x, 0), 1)
        default: return function?.solve(min(max(x, 0), 1)) ?? x
        }
    }
}
