import Raster

/// Pictures and measurements shared by the palette tests.
enum PaletteTestImages {
    /// A deterministic pseudo-random sequence (64-bit LCG, top bits).
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func color() -> RGBA {
            RGBA(UInt8(next(256)), UInt8(next(256)), UInt8(next(256)))
        }
    }

    /// `count` distinct opaque colours, in a fixed order.
    static func distinctColors(_ count: Int, seed: UInt64 = 1) -> [RGBA] {
        var generator = Generator(state: seed)
        var seen = Set<RGBA>()
        var colors: [RGBA] = []
        while colors.count < count {
            let c = generator.color()
            if seen.insert(c).inserted { colors.append(c) }
        }
        return colors
    }

    /// A picture using exactly `colors`, each on at least one pixel, in a repeating pattern.
    static func picture(using colors: [RGBA], width: Int = 40, height: Int = 40) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x: x, y: y] = colors[(y * width + x) % colors.count]
            }
        }
        return image
    }

    /// Red growing to the right and green growing downwards in 4-unit steps over a constant
    /// blue: 4096 colours spread evenly over a 256 × 256 square of RGB space.
    static func redGreenGradient() -> RGBAImage {
        var image = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                image[x: x, y: y] = RGBA(UInt8(x * 4 + 2), UInt8(y * 4 + 2), 100)
            }
        }
        return image
    }

    /// A horizontal grey ramp from black to white, `width` × `height`.
    static func greyRamp(width: Int = 256, height: Int = 32) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let v = UInt8((x * 255) / (width - 1))
                image[x: x, y: y] = RGBA(v, v, v)
            }
        }
        return image
    }

    /// The picture `indices` stand for with `palette`.
    static func rebuild(_ indices: [UInt8], palette: Palette, width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x: x, y: y] = palette.colors[Int(indices[y * width + x])]
            }
        }
        return image
    }

    /// Root-mean-square RGB distance between two pictures of the same size, per pixel.
    static func rmsError(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        var total = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x: x, y: y], q = b[x: x, y: y]
                let dr = Int(p.r) - Int(q.r), dg = Int(p.g) - Int(q.g), db = Int(p.b) - Int(q.b)
                total += dr * dr + dg * dg + db * db
            }
        }
        return (Double(total) / Double(a.width * a.height)).squareRoot()
    }

    /// Mean over `block` × `block` squares of the RGB distance between the squares' average
    /// colours in the two pictures: how far apart they look from a distance.
    static func blockAverageError(_ a: RGBAImage, _ b: RGBAImage, block: Int) -> Double {
        var total = 0.0, blocks = 0
        for by in stride(from: 0, to: a.height - block + 1, by: block) {
            for bx in stride(from: 0, to: a.width - block + 1, by: block) {
                var d = [0, 0, 0]
                for y in by..<(by + block) {
                    for x in bx..<(bx + block) {
                        let p = a[x: x, y: y], q = b[x: x, y: y]
                        d[0] += Int(p.r) - Int(q.r)
                        d[1] += Int(p.g) - Int(q.g)
                        d[2] += Int(p.b) - Int(q.b)
                    }
                }
                let n = Double(block * block)
                total += d.map { (Double($0) / n) * (Double($0) / n) }.reduce(0, +).squareRoot()
                blocks += 1
            }
        }
        return total / Double(blocks)
    }
}
