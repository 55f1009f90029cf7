/// What shows through transparent pixels when a straight-alpha picture is flattened to an
/// opaque one. The alpha of the backdrop colours is ignored: a backdrop is always opaque.
public enum Backdrop: Sendable, Hashable {
    /// One colour everywhere.
    case solid(RGBA)
    /// Alternating `squareSize` × `squareSize` pixel squares, `light` at the picture's top-left
    /// corner. Sizes below 1 count as 1.
    case checkerboard(light: RGBA, dark: RGBA, squareSize: Int)

    /// The usual image-editor checkerboard: white and light grey 8-pixel squares.
    public static let standardCheckerboard = Backdrop.checkerboard(
        light: RGBA(255, 255, 255), dark: RGBA(204, 204, 204), squareSize: 8)
}
