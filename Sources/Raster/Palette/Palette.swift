/// A GIF colour table: up to 256 entries, at most one of them reserved for transparent pixels.
///
/// GIF has 1-bit transparency. When a palette has a `transparentIndex`, pixels whose alpha is
/// below 128 map to that entry and every other pixel counts as opaque, its alpha ignored. Without
/// one, alpha is ignored entirely and every pixel maps by its RGB (composite the picture over a
/// backdrop first if its transparent pixels should take a particular colour).
///
/// Colour distance is squared Euclidean distance in 8-bit RGB; exact ties go to the lower index.
public struct Palette: Sendable, Hashable {
    /// The entries, in index order. The alpha of opaque entries is ignored; the transparent
    /// entry, when there is one, is stored as `RGBA.transparent`.
    public let colors: [RGBA]
    /// The entry that pixels with alpha below 128 map to, or `nil` when there is none.
    public let transparentIndex: Int?

    /// The largest number of entries a GIF colour table holds.
    public static let maxCount = 256

    /// A palette with the given entries. There must be 1...256 entries, and at least one of them
    /// other than `transparentIndex` (which, when given, must be an index of `colors`; the
    /// colour stored there is replaced by `RGBA.transparent`).
    public init(colors: [RGBA], transparentIndex: Int? = nil) {
        precondition(!colors.isEmpty && colors.count <= Palette.maxCount, "a palette holds 1...256 colours")
        var stored = colors
        if let t = transparentIndex {
            precondition(colors.indices.contains(t), "transparent index outside the palette")
            precondition(colors.count >= 2, "a palette needs an opaque entry besides the transparent one")
            stored[t] = .transparent
        }
        self.colors = stored
        self.transparentIndex = transparentIndex
    }

    /// Number of entries, the transparent one included.
    public var count: Int { colors.count }

    /// The lowest index of an opaque entry whose RGB equals `color`'s, or `nil` when there is
    /// none. The alpha of `color` is ignored.
    public func index(ofExactly color: RGBA) -> Int? {
        for (i, c) in colors.enumerated() where i != transparentIndex {
            if c.r == color.r && c.g == color.g && c.b == color.b { return i }
        }
        return nil
    }

    /// The entry a pixel of this colour maps to without dithering: the transparent entry for
    /// alpha below 128 when the palette has one, otherwise the nearest opaque entry by squared
    /// RGB distance, ties to the lower index. This is a plain search of every entry;
    /// `PaletteMapper` gives the same answers faster for whole pictures.
    public func nearestIndex(to color: RGBA) -> Int {
        if let t = transparentIndex, color.a < 128 { return t }
        var best = -1
        var bestDistance = Int.max
        for (i, c) in colors.enumerated() where i != transparentIndex {
            let dr = Int(c.r) - Int(color.r), dg = Int(c.g) - Int(color.g), db = Int(c.b) - Int(color.b)
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return best
    }

    /// Palette indices for `image` (or its sub-rectangle `rect`, which must lie inside the
    /// image), row-major from the top row: `rect.width * rect.height` bytes. Builds a fresh
    /// `PaletteMapper`; keep one mapper for a whole animation to reuse its lookup caches.
    public func indices(for image: RGBAImage, in rect: PixelRect? = nil, dithering: Dithering = .none) -> [UInt8] {
        var mapper = PaletteMapper(palette: self)
        return mapper.indices(for: image, in: rect, dithering: dithering)
    }
}
