import Raster

/// A displayed frame: what the file stores about it and the composited canvas after drawing it.
public struct GIFFrame: Sendable {
    public var info: GIFFrameInfo
    /// The whole screen as a browser shows it while this frame is on display.
    public var image: RGBAImage

    public init(info: GIFFrameInfo, image: RGBAImage) {
        self.info = info
        self.image = image
    }
}
