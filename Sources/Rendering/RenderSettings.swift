import Raster
import StrokeGeometry

/// How model points become GIF pixels and colours.
public struct RenderSettings: Sendable, Equatable {
    /// Pixels per point (1×, 2×, 3× as on a device recording).
    public var scale: Double
    /// Canvas size in pixels.
    public var width: Int
    public var height: Int
    /// Pixel position of the point (0, 0): `pixel = origin + point × scale`.
    public var origin: Point
    /// The colour behind the layers; `nil` for a transparent canvas.
    public var background: RGBA?
    /// Palette size (2...256).
    public var colors: Int
    public var dithering: Dithering
    /// Write only the changed rectangle of each frame (with transparency), as recorders do.
    public var deltaFrames: Bool
    /// NETSCAPE2.0 loop count (0 = forever; nil = no block, play once).
    public var loopCount: Int?

    public init(scale: Double = 1, width: Int, height: Int, origin: Point = .zero, background: RGBA? = .white,
                colors: Int = 256, dithering: Dithering = .none, deltaFrames: Bool = false, loopCount: Int? = 0) {
        self.scale = scale
        self.width = width
        self.height = height
        self.origin = origin
        self.background = background
        self.colors = colors
        self.dithering = dithering
        self.deltaFrames = deltaFrames
        self.loopCount = loopCount
    }

    var mapping: PixelMapping { PixelMapping(scale: scale, origin: origin) }
}

/// Parses `#RRGGBB` / `#RRGGBBAA` (case-insensitive).
public func parseHexColor(_ text: String) -> RGBA? {
    var hex = Substring(text)
    if hex.hasPrefix("#") { hex = hex.dropFirst() }
    guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit) else { return nil }
    var bytes: [UInt8] = []
    var i = hex.startIndex
    while i < hex.endIndex {
        let j = hex.index(i, offsetBy: 2)
        bytes.append(UInt8(hex[i..<j], radix: 16)!)
        i = j
    }
    return RGBA(bytes[0], bytes[1], bytes[2], bytes.count == 4 ? bytes[3] : 255)
}
