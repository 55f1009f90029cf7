/// One colour with straight (not premultiplied) alpha, 8 bits per channel.
public struct RGBA: Sendable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Fully transparent black: the colour of a GIF canvas before its first frame.
    public static let transparent = RGBA(0, 0, 0, 0)
    public static let black = RGBA(0, 0, 0)
    public static let white = RGBA(255, 255, 255)

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        func h(_ v: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
        }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }
}
