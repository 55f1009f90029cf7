import Raster

/// The logical screen: what the file header says about the whole animation.
public struct GIFScreen: Sendable, Equatable {
    /// `GIF87a` or `GIF89a` (as stored; other `GIF8?a` variants are passed through).
    public var version: String
    public var width: Int
    public var height: Int
    /// Entries in the global colour table; 0 when there is none.
    public var globalPaletteSize: Int
    /// The background colour index. Browsers ignore it: the canvas starts transparent.
    public var backgroundIndex: Int
    /// The stored pixel-aspect byte (0 = square pixels, as written by all modern encoders).
    public var aspectByte: Int
}
