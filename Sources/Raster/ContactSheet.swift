/// An animation at a glance, as Gif Brewery shows it: a grid of frames, each with a label
/// under it giving its index and start time (`#12  480 ms`).
///
/// Built streaming so a long animation never has all its frames in memory: the sheet is
/// allocated once, up front, from the frame count and size, and each `add(frame:…)` draws
/// one thumbnail into it; the frame itself is not kept.
///
/// Frames are placed by index: the frame with index `i` is shown when `i` is a multiple of
/// `everyNthFrame`, in grid slot `i / everyNthFrame`, filling rows left to right from the top.
public struct ContactSheet: Sendable {
    /// The options the sheet was made with.
    public let options: ContactSheetOptions
    /// Size, in pixels, that frames are expected to have; thumbnails are sized from it.
    public let frameWidth: Int
    /// See `frameWidth`.
    public let frameHeight: Int
    /// Number of frames in the animation; valid indices are `0..<expectedFrames`.
    public let expectedFrames: Int
    /// Number of frames that get a cell (every Nth of `expectedFrames`).
    public let shownFrames: Int
    /// Cells per row.
    public let columns: Int
    /// Rows of cells.
    public let rows: Int
    /// Size in pixels of the area each frame is shrunk (never enlarged) to fit.
    public let thumbnailWidth: Int
    /// See `thumbnailWidth`.
    public let thumbnailHeight: Int
    /// Size in pixels of one cell: the thumbnail area with the label under it, widened when
    /// the label is wider than the thumbnail.
    public let cellWidth: Int
    /// See `cellWidth`.
    public let cellHeight: Int
    /// The sheet so far; cells of frames not yet added show the background.
    public private(set) var image: RGBAImage

    /// Pixels between the thumbnail's bottom edge and the top of its label, leaving room for
    /// the outline and a gap.
    private static let labelGap = 3

    /// Lays out the sheet for `expectedFrames` frames of `frameWidth` × `frameHeight` pixels and
    /// allocates it, filled with the background. Throws, before allocating anything large,
    /// when there are no frames, the options are out of range, or the sheet would exceed
    /// `options.pixelLimit`.
    public init(frameWidth: Int, frameHeight: Int, expectedFrames: Int,
                options: ContactSheetOptions = ContactSheetOptions()) throws(ContactSheetError) {
        guard expectedFrames > 0 else { throw .noFrames }
        guard frameWidth > 0, frameHeight > 0 else {
            throw .emptyFrameSize(width: frameWidth, height: frameHeight)
        }
        try ContactSheet.validate(options)

        let every = options.everyNthFrame
        let shown = (expectedFrames - 1) / every + 1
        var columns = options.columns ?? ContactSheet.automaticColumns(for: shown)
        columns = min(columns, shown)
        let rows = (shown - 1) / columns + 1

        let thumbnail = RGBAImage.fittingSize(width: frameWidth, height: frameHeight,
                                              maxWidth: options.thumbnailMaxDimension,
                                              maxHeight: options.thumbnailMaxDimension)
        let font = BitmapFont.standard
        // Start times are unknown until frames arrive, so room is kept for five digits of
        // milliseconds; longer times fall back to a shorter label form.
        let lastIndex = (shown - 1) * every
        let labelRoom = font.measure("#\(lastIndex)  00000 ms", scale: options.labelScale)
        let cellWidth = max(thumbnail.width, labelRoom.width)
        let cellHeight = thumbnail.height + ContactSheet.labelGap + labelRoom.height

        // Saturating arithmetic: absurd options must end in `tooLarge`, not a trap.
        let pad = options.padding
        let sheetWidth = saturatingAdd(pad, saturatingMultiply(columns, saturatingAdd(cellWidth, pad)))
        let sheetHeight = saturatingAdd(pad, saturatingMultiply(rows, saturatingAdd(cellHeight, pad)))
        guard saturatingMultiply(sheetWidth, sheetHeight) <= options.pixelLimit else {
            throw .tooLarge(width: sheetWidth, height: sheetHeight, pixelLimit: options.pixelLimit)
        }

        self.options = options
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.expectedFrames = expectedFrames
        self.shownFrames = shown
        self.columns = columns
        self.rows = rows
        self.thumbnailWidth = thumbnail.width
        self.thumbnailHeight = thumbnail.height
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.image = RGBAImage(width: sheetWidth, height: sheetHeight, fill: options.background)
    }

    /// Whether the frame with this index gets a cell (in range and a multiple of
    /// `everyNthFrame`), so callers can skip work for frames that will not be shown.
    public func showsFrame(index: Int) -> Bool {
        index >= 0 && index < expectedFrames && index % options.everyNthFrame == 0
    }

    /// The cell of the frame with this index, in sheet pixels: its top-left is the thumbnail
    /// area's top-left and the label runs along its bottom. Nil for frames not shown.
    public func cellRect(forFrame index: Int) -> PixelRect? {
        guard showsFrame(index: index) else { return nil }
        let slot = index / options.everyNthFrame
        let pad = options.padding
        return PixelRect(x: pad + (slot % columns) * (cellWidth + pad),
                         y: pad + (slot / columns) * (cellHeight + pad),
                         width: cellWidth, height: cellHeight)
    }

    /// Draws `frame` (straight-alpha, any size) into its cell with its label, and returns true;
    /// returns false, drawing nothing, for a frame that `showsFrame` skips. A frame of the
    /// expected size fills the thumbnail area; another size is fitted into it, centred.
    /// `startMilliseconds` is when the frame first appears. Adding an index again redraws its
    /// cell. Throws only for an index outside `0..<expectedFrames`.
    @discardableResult
    public mutating func add(frame: RGBAImage, index: Int, startMilliseconds: Double) throws(ContactSheetError) -> Bool {
        guard index >= 0 && index < expectedFrames else {
            throw .frameIndexOutOfRange(index: index, expectedFrames: expectedFrames)
        }
        guard let cell = cellRect(forFrame: index) else { return false }

        let outline = options.padding >= 2 ? options.outlineColor : nil
        // Clear the cell and its outline ring so a redrawn frame leaves nothing behind.
        let ring = outline == nil ? 0 : 1
        image.fill(PixelRect(x: cell.x - ring, y: cell.y - ring,
                             width: cell.width + 2 * ring, height: cell.height + 2 * ring),
                   with: options.background)

        let size: (width: Int, height: Int)
        if frame.width == frameWidth && frame.height == frameHeight {
            size = (thumbnailWidth, thumbnailHeight)
        } else {
            size = RGBAImage.fittingSize(width: frame.width, height: frame.height,
                                         maxWidth: thumbnailWidth, maxHeight: thumbnailHeight)
        }
        if size.width > 0 && size.height > 0 {
            let thumbnail = size == (frame.width, frame.height)
                ? frame : frame.downscaled(toWidth: size.width, height: size.height)
            let x = cell.x + (thumbnailWidth - size.width) / 2
            let y = cell.y + (thumbnailHeight - size.height) / 2
            let backdrop = options.checkerboard ? Backdrop.standardCheckerboard : .solid(options.background)
            image.composite(thumbnail, atX: x, y: y, over: backdrop)
            if let outline {
                image.outline(PixelRect(x: x - 1, y: y - 1, width: size.width + 2, height: size.height + 2),
                              with: outline)
            }
        }

        let font = BitmapFont.standard
        let scale = options.labelScale
        let label = ContactSheet.labelCandidates(index: index, startMilliseconds: startMilliseconds)
            .first { font.measure($0, scale: scale).width <= cell.width } ?? "#\(index)"
        font.draw(label, into: &image, x: cell.x, y: cell.y + thumbnailHeight + ContactSheet.labelGap,
                  color: options.labelColor, scale: scale)
        return true
    }

    /// The label of a frame, in the form the sheet prefers: `#12  480 ms`. Times are rounded
    /// to a tenth of a millisecond and shown without decimals when whole.
    public static func label(index: Int, startMilliseconds: Double) -> String {
        labelCandidates(index: index, startMilliseconds: startMilliseconds)[0]
    }

    /// Label forms from longest to shortest; the first that fits the cell is drawn.
    private static func labelCandidates(index: Int, startMilliseconds: Double) -> [String] {
        let ms = formatMilliseconds(startMilliseconds)
        return ["#\(index)  \(ms) ms", "#\(index) \(ms)ms", "#\(index)"]
    }

    /// `ms` with at most one decimal; "?" for values that are not finite or are too large to
    /// convert to Int safely (a start time that big means a broken input, not a real time).
    private static func formatMilliseconds(_ ms: Double) -> String {
        guard ms.isFinite, abs(ms) < 1e15 else { return "?" }
        let tenths = Int((abs(ms) * 10).rounded())
        let sign = ms < 0 && tenths != 0 ? "-" : ""
        return tenths % 10 == 0 ? "\(sign)\(tenths / 10)" : "\(sign)\(tenths / 10).\(tenths % 10)"
    }

    /// About-square grid: the smallest column count whose square holds every cell, at most 10.
    private static func automaticColumns(for count: Int) -> Int {
        var columns = 1
        while columns < 10 && columns * columns < count { columns += 1 }
        return columns
    }

    private static func validate(_ options: ContactSheetOptions) throws(ContactSheetError) {
        if let columns = options.columns, columns < 1 {
            throw .invalidOption(name: "columns", value: columns, requirement: "at least 1")
        }
        if options.thumbnailMaxDimension < 1 {
            throw .invalidOption(name: "thumbnail size", value: options.thumbnailMaxDimension,
                                 requirement: "at least 1 pixel")
        }
        if options.everyNthFrame < 1 {
            throw .invalidOption(name: "every-Nth-frame step", value: options.everyNthFrame,
                                 requirement: "at least 1")
        }
        if options.padding < 0 {
            throw .invalidOption(name: "padding", value: options.padding, requirement: "0 or more pixels")
        }
        if options.labelScale < 1 || options.labelScale > BitmapFont.maximumScale {
            throw .invalidOption(name: "label scale", value: options.labelScale,
                                 requirement: "between 1 and \(BitmapFont.maximumScale)")
        }
        if options.pixelLimit < 1 {
            throw .invalidOption(name: "pixel limit", value: options.pixelLimit, requirement: "at least 1")
        }
    }
}
