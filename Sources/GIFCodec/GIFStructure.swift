import Raster

extension GIFWarning {
    /// A one-word tag for table cells; the full text is in `description`.
    public var tag: String {
        switch self {
        case .clipped: "clipped"
        case .zeroSizeImage: "zero-size"
        case .indicesPastPalette: "past-palette"
        case .missingPalette: "no-palette"
        case .missingTrailer: "no-trailer"
        case .trailingBytes: "trailing-bytes"
        case .garbageAfterFrames: "garbage"
        case .stoppedEarly: "stopped-early"
        case .partialFrame: "partial"
        }
    }
}
