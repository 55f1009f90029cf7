import Raster

/// The image as rows of text, `#` where a pixel equals `ink` and `.` elsewhere, so expected
/// pictures can be written in the test source as they look.
func pixelArt(_ image: RGBAImage, ink: RGBA) -> [String] {
    (0..<image.height).map { y in
        String((0..<image.width).map { x in image[x: x, y: y] == ink ? "#" : "." })
    }
}

/// Every pixel of `image`, in row order.
func allPixels(_ image: RGBAImage) -> [RGBA] {
    (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x: x, y: y] } }
}
