/// One colour of a histogram and how many pixels had it.
public struct ColorCount: Sendable, Hashable {
    /// An opaque colour (alpha 255).
    public var color: RGBA
    /// Number of pixels.
    public var count: Int

    public init(color: RGBA, count: Int) {
        self.color = color
        self.count = count
    }
}
