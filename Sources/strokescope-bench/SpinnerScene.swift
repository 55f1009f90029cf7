import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A deterministic stand-in for a screen recording of a busy application: a window with a title
/// bar, a sidebar of list items, a document with text and a photo-like thumbnail on a dithered
/// wallpaper, and a centred dialog whose anti-aliased spinner ring turns (and whose progress bar
/// grows) from frame to frame.
///
/// The whole screen is held as palette indices into `SpinnerScene.palette`. Only `dynamicRect`
/// changes between frames; everything else is drawn once in `init`, so a frame costs one pass
/// over the ring's box and the bar.
struct SpinnerScene {
    let width: Int
    let height: Int
    /// The current frame's indices, `width * height`, row-major.
    private(set) var screen: [UInt8]
    /// The rectangle that `render(frame:)` redraws (ring box ∪ progress bar).
    let dynamicRect: PixelRect

    // The ring: a square box around it, with per-pixel coverage and angle computed once so that
    // a frame is one table lookup per pixel instead of a square root and an atan2.
    private let ringRect: PixelRect
    /// Annulus coverage of each pixel of `ringRect`, 0...255 (anti-aliased edges).
    private var ringCoverage: [UInt8]
    /// Angle of each pixel of `ringRect` around the centre, in 1/4096 turns.
    private var ringAngle: [UInt16]
    /// Brightness of the arc at a distance behind its head (1/4096 turns), 0...255.
    private let arcTable: [UInt8]
    private let barRect: PixelRect

    // MARK: Palette

    /// Never drawn by the scene, so `subrect` frames can use it as the transparent index.
    static let transparentIndex: UInt8 = 0
    /// 63 greys for window chrome and text, from dark to light (indices 1...63).
    static let greyBase = 1
    /// 64 wallpaper blues, dark to light (64...127), dithered so neighbouring rows differ.
    static let wallpaperBase = 64
    /// 64 steps from the dialog's panel colour to the accent colour (128...191); the ring and the
    /// bar's soft end are drawn with them, which is how a recorder quantises anti-aliasing.
    static let ringBase = 128
    /// 48 warm tones for the photo-like thumbnail (192...239).
    static let photoBase = 192
    /// A few flat UI colours (240...255).
    static let closeRed = 240, minimiseYellow = 241, zoomGreen = 242, textDark = 243, link = 244
    static let selection = 245, cardWhite = 246

    /// The 256-colour global palette.
    static let palette: [RGBA] = {
        var p = [RGBA](repeating: RGBA(0, 0, 0), count: 256)
        p[0] = RGBA(255, 0, 255)
        func mix(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
            func c(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
            return RGBA(c(a.r, b.r), c(a.g, b.g), c(a.b, b.b))
        }
        for i in 0..<63 { p[greyBase + i] = mix(RGBA(22, 24, 28), RGBA(250, 250, 252), Double(i) / 62) }
        for i in 0..<64 { p[wallpaperBase + i] = mix(RGBA(18, 32, 70), RGBA(176, 206, 238), Double(i) / 63) }
        for i in 0..<64 { p[ringBase + i] = mix(RGBA(245, 246, 248), RGBA(26, 115, 232), Double(i) / 63) }
        for i in 0..<48 {
            // Two legs (shadow to orange, orange to sky) so the thumbnail looks like a photo.
            let t = Double(i) / 47
            p[photoBase + i] = t < 0.5 ? mix(RGBA(40, 22, 30), RGBA(232, 140, 60), t * 2)
                                       : mix(RGBA(232, 140, 60), RGBA(190, 220, 250), (t - 0.5) * 2)
        }
        let flat = [RGBA(255, 95, 87), RGBA(254, 188, 46), RGBA(40, 200, 64), RGBA(33, 37, 41),
                    RGBA(10, 88, 202), RGBA(205, 225, 252), RGBA(253, 253, 254), RGBA(120, 60, 160),
                    RGBA(0, 150, 136), RGBA(255, 152, 0), RGBA(96, 125, 139), RGBA(233, 30, 99),
                    RGBA(139, 195, 74), RGBA(63, 81, 181), RGBA(121, 85, 72), RGBA(158, 158, 158)]
        for (i, c) in flat.enumerated() { p[240 + i] = c }
        return p
    }()

    // MARK: Setup

    /// The smallest screen side the layout fits in (the dialog needs 24 pixels, the ring and bar
    /// must stay inside it).
    static let minimumSide = 64

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        screen = [UInt8](repeating: UInt8(Self.greyBase + 58), count: width * height)

        let titleHeight = max(8, height / 28)
        let sidebarWidth = width / 5
        let content = PixelRect(x: sidebarWidth, y: titleHeight, width: width - sidebarWidth, height: height - titleHeight)

        // Dialog and ring geometry, from the smaller screen side so any aspect ratio works.
        let side = min(width, height)
        let dialogWidth = max(24, side * 9 / 20), dialogHeight = max(24, side * 2 / 5)
        let dialog = PixelRect(x: (width - dialogWidth) / 2, y: (height - dialogHeight) / 2,
                               width: dialogWidth, height: dialogHeight)
        let radius = Double(max(4, dialogHeight / 5))
        let thickness = max(2.0, radius * 0.22)
        let ringSide = 2 * Int((radius + thickness / 2 + 2).rounded(.up))
        let centreX = dialog.x + dialogWidth / 2, centreY = dialog.y + dialogHeight * 2 / 5
        ringRect = PixelRect(x: centreX - ringSide / 2, y: centreY - ringSide / 2, width: ringSide, height: ringSide)
        let barWidth = dialogWidth * 3 / 5, barHeight = max(2, dialogHeight / 28)
        barRect = PixelRect(x: dialog.x + (dialogWidth - barWidth) / 2, y: ringRect.maxY + max(2, dialogHeight / 14),
                            width: barWidth, height: barHeight)
        let x0 = min(ringRect.x, barRect.x), y0 = ringRect.y
        dynamicRect = PixelRect(x: x0, y: y0, width: max(ringRect.maxX, barRect.maxX) - x0,
                                height: barRect.maxY - y0)
        // `render` writes the dynamic region through unchecked pointers.
        precondition(PixelRect(x: 0, y: 0, width: width, height: height).contains(dynamicRect),
                     "screen \(width)×\(height) is too small for the spinner")

        ringCoverage = [UInt8](repeating: 0, count: ringSide * ringSide)
        ringAngle = [UInt16](repeating: 0, count: ringSide * ringSide)
        arcTable = Self.makeArcTable()

        drawWallpaper(content)
        drawTitleBar(height: titleHeight)
        drawSidebar(PixelRect(x: 0, y: titleHeight, width: sidebarWidth, height: height - titleHeight))
        drawDocument(in: content)
        drawDialog(dialog)
        prepareRing(radius: radius, thickness: thickness)
    }

    /// Bit patterns of 64 pseudo-glyphs (5×7 cells, one bit per pixel). Text picks from this small
    /// set, so words repeat the way real text does and LZW finds matches as it would on a screen.
    private static let glyphs: [UInt64] = (0..<64).map { i in
        var bits: UInt64 = 0
        for p in 0..<35 where mixHash(UInt32(i), UInt32(p), 7) % 100 < 42 { bits |= 1 << UInt64(p) }
        return bits
    }

    private mutating func fill(_ r: PixelRect, _ index: Int) {
        let r = r.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return }
        let w = width, value = UInt8(index)
        screen.withUnsafeMutableBufferPointer { s in
            for y in r.y..<r.maxY { (s.baseAddress! + y * w + r.x).update(repeating: value, count: r.width) }
        }
    }

    /// A vertical gradient through the wallpaper ramp, ordered-dithered between neighbouring
    /// levels: the texture that makes every full frame cost the LZW coder real work.
    private mutating func drawWallpaper(_ r: PixelRect) {
        let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
        let w = width
        screen.withUnsafeMutableBufferPointer { s in
            for y in r.y..<r.maxY {
                // Level in 1/16 steps; a slight diagonal so columns differ too.
                for x in r.x..<r.maxX {
                    let v = (y - r.y) * 63 * 16 / max(1, r.height) + (x - r.x) * 16 / max(1, r.width) * 3
                    let level = min(63, v / 16 + (v % 16 > bayer[(y & 3) * 4 + (x & 3)] ? 1 : 0))
                    s[y * w + x] = UInt8(Self.wallpaperBase + level)
                }
            }
        }
    }

    private mutating func drawTitleBar(height titleHeight: Int) {
        for y in 0..<titleHeight {
            fill(PixelRect(x: 0, y: y, width: width, height: 1), Self.greyBase + 52 - y * 6 / titleHeight)
        }
        fill(PixelRect(x: 0, y: titleHeight - 1, width: width, height: 1), Self.greyBase + 40)
        let d = max(3, titleHeight / 2)
        for (i, colour) in [Self.closeRed, Self.minimiseYellow, Self.zoomGreen].enumerated() {
            drawDisc(centreX: d + i * d * 3 / 2 + d / 2, centreY: titleHeight / 2, radius: d / 2, index: colour)
        }
        drawText(PixelRect(x: width / 2 - 60, y: (titleHeight - 7) / 2, width: 120, height: 8),
                 seed: 1, index: Self.greyBase + 12)
    }

    private mutating func drawSidebar(_ r: PixelRect) {
        fill(r, Self.greyBase + 56)
        fill(PixelRect(x: r.maxX - 1, y: r.y, width: 1, height: r.height), Self.greyBase + 44)
        var y = r.y + 8, item = 0
        while y + 14 <= r.maxY {
            if item == 3 { fill(PixelRect(x: r.x + 4, y: y - 3, width: r.width - 9, height: 14), Self.selection) }
            drawDisc(centreX: r.x + 12, centreY: y + 3, radius: 4, index: 248 + item % 8)
            drawText(PixelRect(x: r.x + 22, y: y, width: (r.width - 30) * (50 + item * 37 % 50) / 100, height: 8),
                     seed: UInt32(100 + item), index: Self.greyBase + 10)
            y += 20
            item += 1
        }
    }

    /// A white page of paragraphs with a photo-like thumbnail.
    private mutating func drawDocument(in content: PixelRect) {
        let margin = max(6, content.width / 16)
        let card = PixelRect(x: content.x + margin, y: content.y + margin / 2,
                             width: content.width - 2 * margin, height: content.height - margin)
        guard card.width > 20, card.height > 20 else { return }
        fill(card, Self.cardWhite)
        let photo = PixelRect(x: card.x + 12, y: card.y + 12, width: card.width * 2 / 5, height: card.height / 4)
        drawPhoto(photo)
        var y = photo.maxY + 14, line = 0
        while y + 10 <= card.maxY - 8 {
            if line % 7 == 6 { y += 8; line += 1; continue }     // paragraph break
            let heading = line % 7 == 0
            let length = heading ? card.width / 2 : (card.width - 24) * (70 + Int(mixHash(UInt32(line), 3, 9) % 30)) / 100
            drawText(PixelRect(x: card.x + 12, y: y, width: length, height: 8), seed: UInt32(1000 + line),
                     index: heading ? Self.textDark : (line % 5 == 2 ? Self.link : Self.greyBase + 14))
            y += heading ? 14 : 11
            line += 1
        }
        // Text also runs beside the photo.
        var ty = photo.y
        while ty + 10 <= photo.maxY {
            drawText(PixelRect(x: photo.maxX + 12, y: ty, width: card.maxX - photo.maxX - 24, height: 8),
                     seed: UInt32(5000 + ty), index: Self.greyBase + 14)
            ty += 11
        }
    }

    /// Smooth interference bands plus per-pixel noise: compresses about as badly as a photo.
    private mutating func drawPhoto(_ r: PixelRect) {
        let w = width
        screen.withUnsafeMutableBufferPointer { s in
            for y in r.y..<r.maxY {
                let fy = Double(y - r.y)
                for x in r.x..<r.maxX {
                    let fx = Double(x - r.x)
                    let v = (sin(fx * 0.045) + sin(fy * 0.07) + sin((fx + fy) * 0.021) + 3) / 6 * 46
                    let noise = Double(mixHash(UInt32(x), UInt32(y), 11) & 255) / 255 * 2 - 1
                    s[y * w + x] = UInt8(Self.photoBase + max(0, min(47, Int(v + noise * 1.5))))
                }
            }
        }
    }

    private mutating func drawDialog(_ r: PixelRect) {
        fill(r.insetBy(-1), Self.greyBase + 38)
        fill(r, Self.ringBase)
        drawText(PixelRect(x: r.x + 10, y: r.maxY - 20, width: r.width / 3, height: 8), seed: 77,
                 index: Self.textDark)
    }

    private mutating func drawDisc(centreX: Int, centreY: Int, radius: Int, index: Int) {
        for y in -radius...radius {
            for x in -radius...radius where x * x + y * y <= radius * radius {
                let px = centreX + x, py = centreY + y
                if px >= 0, px < width, py >= 0, py < height { screen[py * width + px] = UInt8(index) }
            }
        }
    }

    /// Words of pseudo-glyphs in a 6-pixel advance across `r` (one 8-pixel text line).
    private mutating func drawText(_ r: PixelRect, seed: UInt32, index: Int) {
        var x = r.x, n: UInt32 = 0
        while x + 5 <= r.maxX {
            let h = mixHash(seed, n, 5)
            n += 1
            if h % 7 == 0 { x += 4; continue }     // a space between words
            let bits = Self.glyphs[Int(h >> 8) & 63]
            for gy in 0..<7 {
                let py = r.y + gy
                guard py >= 0, py < height else { continue }
                for gx in 0..<5 where bits & (1 << UInt64(gy * 5 + gx)) != 0 {
                    let px = x + gx
                    if px >= 0, px < width { screen[py * width + px] = UInt8(index) }
                }
            }
            x += 6
        }
    }

    /// Coverage and angle of every pixel of the ring's box, sampled at the pixel centre.
    private mutating func prepareRing(radius: Double, thickness: Double) {
        let side = ringRect.width
        let c = Double(side) / 2
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
                let d = (dx * dx + dy * dy).squareRoot()
                // Distance to the annulus edge gives a one-pixel anti-aliased border.
                let cov = max(0, min(1, thickness / 2 + 0.5 - abs(d - radius)))
                ringCoverage[y * side + x] = UInt8((cov * 255).rounded())
                var a = atan2(dy, dx) / (2 * Double.pi)
                if a < 0 { a += 1 }
                ringAngle[y * side + x] = UInt16(Int(a * 4096) & 4095)
            }
        }
    }

    /// The arc covers 72% of a turn, brightest at its head and fading towards its tail, with a
    /// soft leading edge; the rest of the ring shows a faint track.
    private static func makeArcTable() -> [UInt8] {
        let arc = 4096 * 72 / 100, lead = 40, track = 36.0
        return (0..<4096).map { behind in
            var v = 0.0
            if behind < arc {
                v = 255 * pow(1 - Double(behind) / Double(arc), 1.4)
            } else if behind >= 4096 - lead {
                v = 255 * Double(behind - (4096 - lead)) / Double(lead)
            }
            return UInt8(max(track, v).rounded())
        }
    }

    // MARK: Frames

    /// Redraws `dynamicRect` for `frame`: the ring turned by a step that does not divide a turn
    /// (so no two frames of a long run are alike) and the progress bar at its position.
    mutating func render(frame: Int) {
        let phase = (frame * 97) & 4095
        let w = width, side = ringRect.width, rx = ringRect.x, ry = ringRect.y
        let base = UInt8(Self.ringBase)
        screen.withUnsafeMutableBufferPointer { s in
            ringCoverage.withUnsafeBufferPointer { cov in
                ringAngle.withUnsafeBufferPointer { ang in
                    arcTable.withUnsafeBufferPointer { arc in
                        for y in 0..<side {
                            let row = s.baseAddress! + (ry + y) * w + rx
                            let k = y * side
                            for x in 0..<side {
                                let c = Int(cov[k + x])
                                let behind = (phase &- Int(ang[k + x])) & 4095
                                // 63 levels of coverage × brightness, rounded.
                                let level = (c &* Int(arc[behind]) &* 63 &+ 32768) >> 16
                                row[x] = base &+ UInt8(truncatingIfNeeded: level)
                            }
                        }
                    }
                }
            }
        }
        // The bar fills in 1/8-pixel steps; the partial column uses an in-between ring colour.
        let period = 1000
        let filled8 = barRect.width * 8 * ((frame * 7) % period) / period
        let full = filled8 / 8, partial = filled8 % 8
        let track = UInt8(Self.greyBase + 55), accent = UInt8(Self.ringBase + 63)
        screen.withUnsafeMutableBufferPointer { s in
            for y in barRect.y..<barRect.maxY {
                let row = s.baseAddress! + y * w + barRect.x
                for x in 0..<barRect.width {
                    row[x] = x < full ? accent : (x == full && partial > 0 ? base + UInt8(partial * 63 / 8) : track)
                }
            }
        }
    }
}

/// A small integer hash (lowbias32 finaliser over a mix of the inputs): the scene's only source
/// of "randomness", so every run writes the same bytes.
func mixHash(_ a: UInt32, _ b: UInt32, _ seed: UInt32) -> UInt32 {
    var x = a &* 0x9E37_79B1 ^ b &* 0x85EB_CA77 ^ seed &* 0xC2B2_AE3D
    x ^= x >> 16
    x = x &* 0x7FEB_352D
    x ^= x >> 15
    x = x &* 0x846C_A68B
    x ^= x >> 16
    return x
}

extension PixelRect {
    /// The rectangle grown (negative `d`) or shrunk by `d` pixels on every side.
    fileprivate func insetBy(_ d: Int) -> PixelRect {
        PixelRect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }
}
