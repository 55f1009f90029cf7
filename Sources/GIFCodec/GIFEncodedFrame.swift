import Raster

/// One image to append to a GIF: palette indices for a rectangle of the screen plus the
/// graphic control extension that goes before it.
public struct GIFEncodedFrame: Sendable {
    /// Where the image sits on the screen; may be a sub-rectangle (a delta frame).
    public var rect: PixelRect
    /// `rect.width * rect.height` palette indices, row-major from the top row.
    public var indices: [UInt8]
    /// A local colour table, or `nil` to use the global one. Padded with black to a power of two.
    public var localPalette: [RGBA]?
    /// Delay before the next frame, in centiseconds (0...65535).
    public var delayCentiseconds: Int
    public var disposal: GIFDisposal
    public var transparentIndex: Int?
    /// Store the rows in interlaced order.
    public var interlaced: Bool

    public init(rect: PixelRect, indices: [UInt8], localPalette: [RGBA]? = nil, delayCentiseconds: Int,
                disposal: GIFDisposal = .unspecified, transparentIndex: Int? = nil, interlaced: Bool = false) {
        self.rect = rect
        self.indices = indices
        self.localPalette = localPalette
        self.delayCentiseconds = delayCentiseconds
        self.disposal = disposal
        self.transparentIndex = transparentIndex
        self.interlaced = interlaced
    }
}
