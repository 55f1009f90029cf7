import Raster
import StrokeGeometry

/// Which way a ring's stroke runs on screen, and how its ends are capped: what turns the
/// measured ink into stroke ends.
public struct StrokeConvention: Sendable, Equatable {
    /// The path runs clockwise on screen (strokeStart is then the counter-clockwise end of the ink).
    public var clockwise: Bool
    public var cap: LineCap

    public init(clockwise: Bool = true, cap: LineCap = .butt) {
        self.clockwise = clockwise
        self.cap = cap
    }
}
