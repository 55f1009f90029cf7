import Raster

/// When each pixel took on the colour it ends with: fed every frame of a scene, given its last
/// frame first. A stroke drawn on and kept settles along its path in the order it is drawn;
/// a label that appears at once settles everywhere in one frame, and what moves away never
/// ends where it was.
public struct InkSettling: Sendable {
    public let width: Int
    public let height: Int
    /// The last frame (straight RGBA words): the drawn shape as it ends.
    let final: [UInt32]
    /// The first frame fed (straight RGBA words), once one was.
    private(set) var first: [UInt32] = []
    /// Per pixel, the last frame (0-based, in the order fed) that differed from the final colour
    /// by `tolerance` or more; -1 when none did.
    private(set) var lastDifferent: [Int32]
    /// Per pixel, the colour (straight RGBA word) farthest from its final one that it showed,
    /// and how far: where a shape that moved on or went again left its ink.
    private(set) var extreme: [UInt32]
    private var extremeDistance: [Float]
    /// Frames fed.
    public private(set) var frames = 0

    /// A pixel within this premultiplied distance of its final colour has settled.
    static let tolerance: Float = 40

    public init(final image: RGBAImage) {
        width = image.width
        height = image.height
        final = Self.words(image)
        lastDifferent = [Int32](repeating: -1, count: image.width * image.height)
        extreme = final
        extremeDistance = [Float](repeating: 0, count: image.width * image.height)
    }

    /// Adds the next frame (same size as the final one).
    public mutating func add(_ image: RGBAImage) {
        precondition(image.width == width && image.height == height, "frame size changed")
        if first.isEmpty { first = Self.words(image) }
        let t = Int32(truncatingIfNeeded: frames)
        // Read in place: most pixels equal their final colour, and a copy of every frame's
        // words would be an allocation per frame for one comparison each.
        image.pixels.withUnsafeBytes { raw in
            for i in 0..<(width * height) {
                let word = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                guard word != final[i] else { continue }
                let d = PremultipliedColour.distance(PremultipliedColour.of(word), PremultipliedColour.of(final[i]))
                if d >= Self.tolerance { lastDifferent[i] = t }
                if d > extremeDistance[i] { extremeDistance[i] = d; extreme[i] = word }
            }
        }
        frames += 1
    }

    /// The frame from which pixel `i` keeps its final colour.
    func settled(_ i: Int) -> Int { Int(lastDifferent[i]) + 1 }

    private static func words(_ image: RGBAImage) -> [UInt32] {
        image.pixels.withUnsafeBytes { raw in
            (0..<(image.width * image.height)).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
        }
    }
}
