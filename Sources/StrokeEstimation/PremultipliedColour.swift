import Raster

/// Colours as the estimator compares them: RGBA premultiplied by alpha, 0...255 a channel
/// (the ring samples' form), so transparency counts as a colour and distances are Euclidean.
public enum PremultipliedColour {
    /// A straight RGBA word (bytes R, G, B, A in memory order), premultiplied.
    public static func of(_ word: UInt32) -> SIMD4<Float> {
        let p = PixelStatistics.premultiplied(word)
        return SIMD4(Float(p.r), Float(p.g), Float(p.b), Float(p.a))
    }

    /// A straight colour, premultiplied.
    public static func of(_ c: RGBA) -> SIMD4<Float> {
        let a = Float(c.a) / 255
        return SIMD4(Float(c.r) * a, Float(c.g) * a, Float(c.b) * a, Float(c.a))
    }

    /// Euclidean distance over the four channels (0...510).
    @inline(__always) public static func distance(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
        let d = a - b
        return (d * d).sum().squareRoot()
    }

    /// Back to straight RGBA, rounded.
    public static func straight(_ p: SIMD4<Float>) -> RGBA {
        let a = max(p[3], 1e-6)
        func c(_ v: Float) -> UInt8 { UInt8(min(max((v / a * 255).rounded(), 0), 255)) }
        return RGBA(c(p[0]), c(p[1]), c(p[2]), UInt8(min(max(p[3].rounded(), 0), 255)))
    }
}
