/// Why a PNG could not be written or read. `description` is one line, fit to show the user
/// as is, that starts with the file it concerns ("PNG data" for in-memory bytes).
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Writing was refused because the file exists and overwriting was not asked for.
    case fileExists(path: String)
    /// The file could not be created; `reason` is the system's words.
    case cannotCreate(path: String, reason: String)
    /// Writing failed part-way (a full disk); nothing is left at `path`. `reason` is the
    /// system's (or libpng's) words.
    case cannotWrite(path: String, reason: String)
    /// The file could not be opened or read; `reason` is the system's words.
    case cannotRead(path: String, reason: String)
    /// libpng refused to encode the pixels; `reason` is its message.
    case cannotEncode(path: String?, reason: String)
    /// The bytes are not a PNG libpng can decode; `reason` is its message.
    case invalidPNG(path: String?, reason: String)
    /// The image has a side, in pixels, that PNG cannot store (zero, or over `maximumSide`).
    case unsupportedSize(path: String?, width: Int, height: Int)
    /// The PNG decodes to more pixels than `maximumDecodedPixels`; sizes in pixels.
    case tooLargeToRead(path: String?, width: Int, height: Int)

    /// The longest side, in pixels, that is written or read: libpng's default limit.
    public static let maximumSide = 1_000_000
    /// The most pixels a read may decode (1 GiB of RGBA), so a corrupt or hostile header
    /// cannot make us try to allocate terabytes.
    public static let maximumDecodedPixels = 1 << 28

    /// The message for the user: one line, starting with the file it concerns.
    public var description: String {
        switch self {
        case .fileExists(let path):
            return "\(path): already exists; not overwriting it"
        case .cannotCreate(let path, let reason):
            return "\(path): cannot create (\(reason))"
        case .cannotWrite(let path, let reason):
            return "\(path): cannot write: \(reason)"
        case .cannotRead(let path, let reason):
            return "\(path): cannot read (\(reason))"
        case .cannotEncode(let path, let reason):
            return "\(path ?? "PNG data"): cannot encode PNG (\(reason))"
        case .invalidPNG(let path, let reason):
            return "\(path ?? "PNG data"): not a valid PNG (\(reason))"
        case .unsupportedSize(let path, let width, let height):
            return "\(path ?? "PNG data"): cannot store a \(width)×\(height) px image as PNG "
                + "(each side must be 1 to \(PNGError.maximumSide) px)"
        case .tooLargeToRead(let path, let width, let height):
            return "\(path ?? "PNG data"): \(width)×\(height) px is too large to read "
                + "(limit \(PNGError.maximumDecodedPixels) px)"
        }
    }
}
