import Raster

/// One displayed frame of the file, as stored (the composited picture is separate).
public struct GIFFrameInfo: Sendable, Equatable {
    /// 0-based, counting only frames that are displayed (zero-size images are skipped).
    public var index: Int
    /// The image rectangle as stored, in screen pixels (it may stick out of the screen).
    public var rect: PixelRect
    public var disposal: GIFDisposal
    /// The transparent colour index from the graphic control extension, if any.
    public var transparentIndex: Int?
    /// The delay as stored, in centiseconds (0 when there is no graphic control extension).
    public var delayCentiseconds: Int
    /// Whether a graphic control extension preceded the image.
    public var hasGraphicControl: Bool
    /// Entries in the frame's local colour table; 0 when it uses the global table.
    public var localPaletteSize: Int
    public var interlaced: Bool
    /// What was odd about this frame (clipped, indices past the palette, ...), one line each.
    public var warnings: [GIFWarning]

    /// A frame's description from its parts (a movie's frames are described so too: the whole
    /// screen as the rectangle, no delay stored).
    public init(index: Int, rect: PixelRect, disposal: GIFDisposal = .unspecified, transparentIndex: Int? = nil,
                delayCentiseconds: Int = 0, hasGraphicControl: Bool = false, localPaletteSize: Int = 0,
                interlaced: Bool = false, warnings: [GIFWarning] = []) {
        self.index = index
        self.rect = rect
        self.disposal = disposal
        self.transparentIndex = transparentIndex
        self.delayCentiseconds = delayCentiseconds
        self.hasGraphicControl = hasGraphicControl
        self.localPaletteSize = localPaletteSize
        self.interlaced = interlaced
        self.warnings = warnings
    }
}
