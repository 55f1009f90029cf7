import Raster

/// A decoded frame: its timing and its picture in RGBA.
public struct MovieFrame: Sendable {
    public var info: MovieFrameInfo
    /// The frame converted to RGBA (opaque). After `MovieDecoder.region` was narrowed, only the
    /// pixels inside the region are this frame's; outside it they are an earlier frame's.
    public var image: RGBAImage

    public init(info: MovieFrameInfo, image: RGBAImage) {
        self.info = info
        self.image = image
    }
}
