internal import CLibPNG
internal import Raster

/// `PNG_FORMAT_RGBA`, spelled from its parts: Swift cannot import a macro built from other
/// macros, but it does import the single-flag ones.
let rgbaFormat = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

/// A fresh control block for libpng's simplified API describing 8-bit straight-alpha RGBA,
/// the layout of `RGBAImage.pixels`. libpng requires all other fields to start zeroed.
func makeRGBAControl(width: Int = 0, height: Int = 0) -> png_image {
    var control = png_image()
    control.version = png_uint_32(PNG_IMAGE_VERSION)
    control.width = png_uint_32(truncatingIfNeeded: width)
    control.height = png_uint_32(truncatingIfNeeded: height)
    control.format = rgbaFormat
    // Favour speed over the last few per cent of file size: frame dumps write hundreds of
    // PNGs, and full compression made writing them ~7x slower than decoding the GIF.
    control.flags = png_uint_32(PNG_IMAGE_FLAG_FAST)
    return control
}

/// libpng's last error or warning text for `control`, which it keeps in a fixed C array.
func libpngMessage(_ control: png_image) -> String {
    let text = withUnsafeBytes(of: control.message) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "unknown libpng error" : text
}

/// Whether libpng can store an image of this size: PNG has no empty images, and libpng
/// rejects sides over its user limit (which also keeps `width * 4` a valid row stride).
func isStorableSize(_ image: RGBAImage) -> Bool {
    image.width >= 1 && image.height >= 1
        && image.width <= PNGError.maximumSide && image.height <= PNGError.maximumSide
}

/// Decodes the image described by `control` (after a successful `png_image_begin_read_*`)
/// into straight-alpha 8-bit RGBA, converting whatever PNG format it holds.
/// Always leaves `control` freed.
func finishReadingRGBA(_ control: inout png_image, path: String?) -> Result<RGBAImage, PNGError> {
    let width = Int(control.width), height = Int(control.height)
    let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixelCount <= PNGError.maximumDecodedPixels else {
        png_image_free(&control)
        return .failure(.tooLargeToRead(path: path, width: width, height: height))
    }
    control.format = rgbaFormat
    var succeeded = false
    let pixels = [UInt8](unsafeUninitializedCapacity: pixelCount * 4) { buffer, count in
        succeeded = png_image_finish_read(&control, nil, buffer.baseAddress, 0, nil) != 0
        count = succeeded ? pixelCount * 4 : 0
    }
    guard succeeded else { return .failure(.invalidPNG(path: path, reason: libpngMessage(control))) }
    return .success(RGBAImage(width: width, height: height, pixels: pixels))
}
