import Raster

/// A decoded frame: its timing and its picture in RGBA.
public struct MovieFrame: Sendable {
    public var info: MovieFrameInfo
    /// The frame converted to RGBA (opaque). After `MovieDecoder.region` was narrowed, only the
    /// pixels inside the region are this frame's; outside it they are an earlier frame's.
    public var image: RGBAImage
    /// Where the picture differs from the frame before (within the region converted; the
    /// whole frame for the first): outside it, `image` is as it was.
    public var changed: PixelRect

    public init(info: MovieFrameInfo, image: RGBAImage, changed: PixelRect) {
        self.info = info
        self.image = image
        self.changed = changed
    }
}
