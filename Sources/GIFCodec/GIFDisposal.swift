import Raster

/// What a frame does to the canvas once its delay is over (the GIF89a disposal method).
public enum GIFDisposal: Int, Sendable, Hashable, CaseIterable {
    /// 0: no disposal specified; browsers keep the frame, as for `keep`.
    case unspecified = 0
    /// 1: leave the frame in place.
    case keep = 1
    /// 2: clear the frame's rectangle. Browsers clear to transparent, not to the background colour.
    case background = 2
    /// 3: restore the canvas as it was before the frame was drawn.
    case previous = 3

    /// Values 4–7 are reserved; browsers treat them as "unspecified".
    public init(code: Int) { self = GIFDisposal(rawValue: code) ?? .unspecified }

    /// The name printed in tables: `none`, `keep`, `background`, `previous`.
    public var name: String {
        switch self {
        case .unspecified: "none"
        case .keep: "keep"
        case .background: "background"
        case .previous: "previous"
        }
    }
}
