/// Why a `ContactSheet` could not be made or could not take a frame. `description` is one
/// line fit to show the user as is.
public enum ContactSheetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The animation has no frames, so there is nothing to lay out.
    case noFrames
    /// The frames have no pixels (a side of 0 or less).
    case emptyFrameSize(width: Int, height: Int)
    /// An option is out of its range; `requirement` completes "must be …".
    case invalidOption(name: String, value: Int, requirement: String)
    /// The sheet would exceed `ContactSheetOptions.pixelLimit`; sizes in pixels.
    case tooLarge(width: Int, height: Int, pixelLimit: Int)
    /// `add` was given a frame index outside 0..<expectedFrames.
    case frameIndexOutOfRange(index: Int, expectedFrames: Int)

    /// The message for the user: one line, starting with what it concerns.
    public var description: String {
        switch self {
        case .noFrames:
            return "contact sheet: the animation has no frames"
        case .emptyFrameSize(let width, let height):
            return "contact sheet: frames are \(width)×\(height) px, nothing to show"
        case .invalidOption(let name, let value, let requirement):
            return "contact sheet: \(name) must be \(requirement) (got \(value))"
        case .tooLarge(let width, let height, let pixelLimit):
            return "contact sheet would be \(width)×\(height) px (\(megapixels(width, height)) megapixels), "
                + "over the \(megapixels(pixelLimit, 1))-megapixel limit; show every Nth frame or use smaller thumbnails"
        case .frameIndexOutOfRange(let index, let expectedFrames):
            return "contact sheet: frame #\(index) is outside the \(expectedFrames) expected frames"
        }
    }
}

/// `width × height / 1e6` with one decimal (none when it is whole), computed without floating
/// point so huge sizes cannot trap on conversion.
private func megapixels(_ width: Int, _ height: Int) -> String {
    let pixels = width.multipliedReportingOverflow(by: height)
    guard !pixels.overflow else { return "over \(Int.max / 1_000_000)" }
    let tenths = (pixels.partialValue + 50_000) / 100_000
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
}
