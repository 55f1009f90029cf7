/// Builds GIF bytes by hand, including shapes giflib's encoder refuses to write (no palette,
/// indices past the palette, zero-size images, truncation). LZW data is written uncompressed:
/// literal codes only, with a clear code often enough that the code width never grows.
struct RawGIF {
    var bytes: [UInt8] = []

    init(width: Int, height: Int, globalPalette: [(UInt8, UInt8, UInt8)]?, version: String = "GIF89a", background: UInt8 = 0) {
        bytes += Array(version.utf8)
        bytes += Self.word(width) + Self.word(height)
        if let p = globalPalette {
            let bits = Self.bits(p.count)
            bytes += [0x80 | 0x70 | UInt8(bits - 1), background, 0]
            bytes += Self.table(p, bits: bits)
        } else {
            bytes += [0x70, background, 0]
        }
    }

    mutating func loop(_ count: Int) {
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + Self.word(count) + [0]
    }

    mutating func control(delay: Int, disposal: Int = 0, transparent: Int? = nil) {
        bytes += [0x21, 0xF9, 4, UInt8(disposal << 2) | (transparent == nil ? 0 : 1)]
        bytes += Self.word(delay) + [UInt8(transparent ?? 0), 0]
    }

    mutating func comment(_ text: String) {
        bytes += [0x21, 0xFE, UInt8(text.utf8.count)] + Array(text.utf8) + [0]
    }

    /// An image whose pixels are `indices` (row-major); `codeSize` is the LZW minimum code size.
    mutating func image(x: Int, y: Int, width: Int, height: Int, indices: [UInt8],
                        localPalette: [(UInt8, UInt8, UInt8)]? = nil, codeSize: Int = 8) {
        bytes += [0x2C] + Self.word(x) + Self.word(y) + Self.word(width) + Self.word(height)
        if let p = localPalette {
            let bits = Self.bits(p.count)
            bytes += [0x80 | UInt8(bits - 1)] + Self.table(p, bits: bits)
        } else {
            bytes += [0]
        }
        bytes += [UInt8(codeSize)]
        let data = Self.lzwLiterals(indices, codeSize: codeSize)
        var i = 0
        while i < data.count {
            let n = min(255, data.count - i)
            bytes += [UInt8(n)] + data[i..<i + n]
            i += n
        }
        bytes += [0]
    }

    mutating func trailer() { bytes += [0x3B] }

    static func word(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

    static func bits(_ count: Int) -> Int {
        var b = 1
        while (1 << b) < count { b += 1 }
        return b
    }

    static func table(_ p: [(UInt8, UInt8, UInt8)], bits: Int) -> [UInt8] {
        var out: [UInt8] = []
        for i in 0..<(1 << bits) {
            let c = i < p.count ? p[i] : (0, 0, 0)
            out += [c.0, c.1, c.2]
        }
        return out
    }

    static func lzwLiterals(_ indices: [UInt8], codeSize: Int) -> [UInt8] {
        let clear = 1 << codeSize, end = clear + 1
        let width = codeSize + 1
        // After a clear, the decoder adds one table entry per code after the first; the width
        // grows when the next free code reaches 1 << width. Clear before that happens.
        let budget = (1 << width) - (clear + 2) - 1
        var out: [UInt8] = []
        var acc = 0, nbits = 0
        func put(_ code: Int) {
            acc |= code << nbits
            nbits += width
            while nbits >= 8 { out.append(UInt8(acc & 0xFF)); acc >>= 8; nbits -= 8 }
        }
        var sinceClear = 0
        put(clear)
        for v in indices {
            if sinceClear == budget { put(clear); sinceClear = 0 }
            put(Int(v))
            sinceClear += 1
        }
        put(end)
        if nbits > 0 { out.append(UInt8(acc & 0xFF)) }
        return out
    }
}
