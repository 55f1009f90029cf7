/// How a `ContactSheet` is laid out and coloured. Every size is in pixels of the sheet.
public struct ContactSheetOptions: Sendable, Hashable {
    /// Thumbnails per row; nil picks an about-square grid of at most 10 columns.
    public var columns: Int?
    /// The larger side of a thumbnail, at most. Frames that already fit are shown at 1×;
    /// larger ones are shrunk by area averaging. Default 240.
    public var thumbnailMaxDimension: Int
    /// Show frames whose index is a multiple of this (1 shows every frame). Default 1.
    public var everyNthFrame: Int
    /// Colour of the sheet around and between thumbnails.
    public var background: RGBA
    /// Colour of the label under each thumbnail.
    public var labelColor: RGBA
    /// Colour of the 1-pixel line drawn around each thumbnail, or nil for none; it marks the
    /// frame's edge where frame and sheet look alike. Drawn only when `padding` ≥ 2, so the
    /// outlines of neighbouring cells never touch.
    public var outlineColor: RGBA?
    /// Show transparent pixels over a checkerboard (true, the default) or over `background`.
    public var checkerboard: Bool
    /// Space around the grid and between cells. Default 8.
    public var padding: Int
    /// Magnification of the label font (1 gives 9-pixel lines). Default 1.
    public var labelScale: Int
    /// The largest sheet, in pixels (width × height), that may be allocated; larger sheets are
    /// refused before any memory is taken. Default 64 megapixels (256 MB of RGBA).
    public var pixelLimit: Int

    /// The defaults described on each property; pass any of them to change it.
    public init(columns: Int? = nil,
                thumbnailMaxDimension: Int = 240,
                everyNthFrame: Int = 1,
                background: RGBA = RGBA(40, 40, 40),
                labelColor: RGBA = RGBA(230, 230, 230),
                outlineColor: RGBA? = RGBA(110, 110, 110),
                checkerboard: Bool = true,
                padding: Int = 8,
                labelScale: Int = 1,
                pixelLimit: Int = 64_000_000) {
        self.columns = columns
        self.thumbnailMaxDimension = thumbnailMaxDimension
        self.everyNthFrame = everyNthFrame
        self.background = background
        self.labelColor = labelColor
        self.outlineColor = outlineColor
        self.checkerboard = checkerboard
        self.padding = padding
        self.labelScale = labelScale
        self.pixelLimit = pixelLimit
    }
}
