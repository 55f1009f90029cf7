import Raster

/// What changes over time, pixel by pixel: accumulated over frames in one streaming pass, then
/// used to find the animated shapes. Static UI (labels, buttons, phone chrome) never changes,
/// so it never enters the animated mask.
///
/// Colours are compared premultiplied by alpha, so a transparent canvas behaves like a black
/// one with zero opacity and anti-aliased ink over transparency still counts.
public struct PixelStatistics: Sendable {
    public let width: Int
    public let height: Int
    /// Largest colour distance from the reference seen so far (Euclidean over RGBA, 0...510).
    public private(set) var maxDeviation: [UInt16]
    /// Frames added, over every scene.
    public private(set) var frames = 0
    /// Index of the frame the statistics are measured from: the first frame of the scene they
    /// describe (see `keepLongestScene`).
    public private(set) var sceneStart = 0
    /// Frames of that scene added.
    public private(set) var sceneFrames = 0
    /// Whether a cut ended that scene (a later scene followed); false while it runs on to the
    /// last frame added.
    public private(set) var sceneEnded = false
    /// The first frame as stored (straight RGBA words): most pixels of later frames equal it,
    /// and one word comparison skips them. Its premultiplied colour is recomputed where a pixel
    /// differs rather than kept (13 bytes a pixel in all, with `extremeWords`, `firstChange` and `toggles`: this lives through the first frames
    /// of a 1000×1000 screen alongside the decoder's canvases).
    private var referenceWords: [UInt32]
    /// Per pixel, the colour (straight RGBA word) of the frame that set `maxDeviation`: with the
    /// first frame's, the two colours a pixel of a stroke's band alternates between (ink, and
    /// the background or track under it), from which `RingInk` tells the stroke's ink.
    public private(set) var extremeWords: [UInt32]
    /// Per pixel, the frame of the scene (1-based: 1 is its first frame, 0 never) in which it
    /// first differed from the reference by the ring search's change threshold. A stroke's band
    /// changes bit by bit as the stroke moves; a track, a HUD's frame or a label that comes or
    /// goes with the whole indicator changes in one frame, with many other pixels.
    public private(set) var firstChange: [UInt16]
    /// Per pixel, how often it started or stopped differing from the reference by that
    /// threshold (saturating at 255): once for what came or went for good (a track vanishing
    /// with its HUD), many times for a band a stroke keeps crossing.
    public private(set) var toggles: [UInt8]
    /// Per pixel, whether the latest frame differs from the reference by `cutDeviation` or more,
    /// and how many do: a frame in which most of the canvas differs starts a new scene.
    private var differs: [Bool]
    private var differing = 0
    /// Frames left in which a cut's transition may still be going on: a cross-fade or a blur
    /// takes several frames, and the scene starts again from any of them that still changes
    /// much of it.
    private var settling = 0
    /// What the latest frame raised (pixel, previous deviation and colour), to take it back
    /// when that frame turns out to be a cut.
    private var undo: [Undo] = []
    private struct Undo { var index: Int32, deviation: UInt16, word: UInt32, first: UInt16 }
    /// The longest scene ended so far, when a later one replaced it.
    private var longest: Scene?

    /// A cut (a view transition, another screen, a photo blurred behind a HUD) changes more
    /// of the canvas than this share at once; a stroke, a label or a HUD over part of the
    /// screen does not (a tightly cropped thick ring at most about half of it).
    public static let cutShare = 0.6
    /// A frame shortly after a cut (within `settlingFrames`) that changes more than this share
    /// of the canvas is still the transition: the scene starts again from it.
    public static let settledShare = 0.25
    static let settlingFrames = 8
    /// What counts as a differing pixel for a cut: the ring search's change threshold.
    static let cutDeviation: UInt16 = 40

    private struct Scene {
        var maxDeviation: [UInt16], referenceWords: [UInt32], extremeWords: [UInt32], firstChange: [UInt16], toggles: [UInt8]
        var start: Int, frames: Int
    }

    /// The first frame, premultiplied RGBA (computed on demand; the statistics keep only the
    /// straight words).
    public var reference: [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let p = Self.premultiplied(referenceWords[i])
            out[i * 4] = UInt8(p.r); out[i * 4 + 1] = UInt8(p.g); out[i * 4 + 2] = UInt8(p.b); out[i * 4 + 3] = UInt8(p.a)
        }
        return out
    }

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        maxDeviation = [UInt16](repeating: 0, count: width * height)
        referenceWords = [UInt32](repeating: 0, count: width * height)
        extremeWords = [UInt32](repeating: 0, count: width * height)
        firstChange = [UInt16](repeating: 0, count: width * height)
        toggles = [UInt8](repeating: 0, count: width * height)
        differs = [Bool](repeating: false, count: width * height)
    }

    /// Chooses, of the scenes the frames showed (see `cutShare`), the one with most frames:
    /// the statistics then describe what changes within it, measured from its first frame. A
    /// recording without cuts is one scene and stays as it is.
    public mutating func keepLongestScene() {
        guard let scene = longest, scene.frames > sceneFrames else { return }
        maxDeviation = scene.maxDeviation
        referenceWords = scene.referenceWords
        extremeWords = scene.extremeWords
        firstChange = scene.firstChange
        toggles = scene.toggles
        sceneStart = scene.start
        sceneFrames = scene.frames
        sceneEnded = true
        longest = nil
        differs = []
        differing = 0
    }

    /// Starts a new scene at `image` (frame `index`), keeping the one that ends if it is the
    /// longest so far.
    private mutating func startScene(at image: RGBAImage, index: Int) {
        // The cut's own frame belongs to the next scene: what it changed is taken back first.
        for entry in undo.reversed() {
            maxDeviation[Int(entry.index)] = entry.deviation
            extremeWords[Int(entry.index)] = entry.word
            firstChange[Int(entry.index)] = entry.first
        }
        undo.removeAll(keepingCapacity: true)
        sceneFrames -= 1
        if sceneFrames > (longest?.frames ?? 0) {
            longest = Scene(maxDeviation: maxDeviation, referenceWords: referenceWords, extremeWords: extremeWords,
                            firstChange: firstChange, toggles: toggles, start: sceneStart, frames: sceneFrames)
        }
        let n = width * height
        maxDeviation = [UInt16](repeating: 0, count: n)
        extremeWords = [UInt32](repeating: 0, count: n)
        firstChange = [UInt16](repeating: 0, count: n)
        toggles = [UInt8](repeating: 0, count: n)
        differs = [Bool](repeating: false, count: n)
        differing = 0
        image.pixels.withUnsafeBytes { raw in
            referenceWords.withUnsafeMutableBufferPointer { words in
                for i in 0..<n { words[i] = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self) }
            }
        }
        sceneStart = index
        sceneFrames = 1
        settling = Self.settlingFrames
    }

    /// Content that fills most of each side of the canvas (`framedSide`): a screen inside a
    /// device frame, margins or a status bar that never change. A cut there changes most of
    /// the content, and less of the canvas than `cutShare`.
    static let framedSide = 0.8

    /// The share of the differing pixels' bounding box that differs, when that box spans at
    /// least `framedSide` of the canvas's width and height (0 otherwise). Read only for frames
    /// that change a good part of the canvas (`settledShare`): a scan of the canvas.
    private func framedShare() -> Double {
        var x0 = width, x1 = -1, y0 = height, y1 = -1
        differs.withUnsafeBufferPointer { d in
            for y in 0..<height {
                let row = y * width
                var first = -1, last = -1
                for x in 0..<width where d[row + x] {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                x0 = min(x0, first); x1 = max(x1, last); y0 = min(y0, y); y1 = y
            }
        }
        guard x1 >= x0, y1 >= y0 else { return 0 }
        let w = x1 - x0 + 1, h = y1 - y0 + 1
        guard Double(w) >= Self.framedSide * Double(width), Double(h) >= Self.framedSide * Double(height) else { return 0 }
        return Double(differing) / Double(w * h)
    }

    /// The first frame's colour at pixel `index` (straight RGBA word).
    @inline(__always) public func referenceWord(at index: Int) -> UInt32 { referenceWords[index] }

    /// A straight RGBA word (bytes R, G, B, A in memory order) premultiplied by its alpha, with
    /// rounding to nearest.
    @inline(__always) static func premultiplied(_ word: UInt32) -> (r: Int, g: Int, b: Int, a: Int) {
        let bytes = word.littleEndian
        let r = Int(bytes & 0xFF), g = Int((bytes >> 8) & 0xFF), b = Int((bytes >> 16) & 0xFF), a = Int(bytes >> 24)
        return ((r &* a + 127) / 255, (g &* a + 127) / 255, (b &* a + 127) / 255, a)
    }

    /// Adds one composited frame (same size as the statistics). `changed` limits the work to
    /// the part of the canvas that can differ from the previous frame (the frame's rectangle and
    /// the previous frame's disposal); nil means the whole canvas.
    /// A frame in which more than `cutShare` of the canvas differs from the reference starts a
    /// new scene (kept apart until `keepLongestScene`).
    public mutating func add(_ image: RGBAImage, changed: PixelRect? = nil) {
        precondition(image.width == width && image.height == height, "frame size changed")
        let first = frames == 0
        frames += 1
        sceneFrames += 1
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let area = first ? whole : (changed ?? whole).intersection(whole)
        guard !area.isEmpty else { return }
        let w = width
        var differing = self.differing
        var undo = self.undo
        let frameInScene = UInt16(clamping: sceneFrames)
        undo.removeAll(keepingCapacity: true)
        self.undo = []
        image.pixels.withUnsafeBytes { raw in
            referenceWords.withUnsafeMutableBufferPointer { words in
                if first {
                    for i in 0..<(width * height) { words[i] = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self) }
                    return
                }
                maxDeviation.withUnsafeMutableBufferPointer { dev in
                  extremeWords.withUnsafeMutableBufferPointer { extreme in
                   firstChange.withUnsafeMutableBufferPointer { firstChange in
                   toggles.withUnsafeMutableBufferPointer { toggles in
                   differs.withUnsafeMutableBufferPointer { differs in
                    for y in area.y..<area.maxY {
                        for i in (y * w + area.x)..<(y * w + area.maxX) {
                            let word = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                            // Most pixels equal the reference: one comparison, and a byte
                            // read for the cut's count.
                            if word == words[i] {
                                if differs[i] { differs[i] = false; differing &-= 1; toggles[i] = toggles[i] &+ (toggles[i] < 255 ? 1 : 0) }
                                continue
                            }
                            let p = Self.premultiplied(word), q = Self.premultiplied(words[i])
                            let dr = p.r - q.r, dg = p.g - q.g, db = p.b - q.b, da = p.a - q.a
                            let d = UInt16(Double(dr * dr + dg * dg + db * db + da * da).squareRoot())
                            if d > dev[i] {
                                undo.append(Undo(index: Int32(truncatingIfNeeded: i), deviation: dev[i], word: extreme[i], first: firstChange[i]))
                                if dev[i] < RingFinder.changeThreshold && d >= RingFinder.changeThreshold { firstChange[i] = frameInScene }
                                dev[i] = d; extreme[i] = word
                            }
                            let now = d >= Self.cutDeviation
                            if now != differs[i] {
                                differs[i] = now; differing &+= now ? 1 : -1
                                toggles[i] = toggles[i] &+ (toggles[i] < 255 ? 1 : 0)
                            }
                        }
                    }
                   }
                   }
                   }
                  }
                }
            }
        }
        self.differing = differing
        self.undo = undo
        let share = Double(differing) / Double(width * height)
        if !first, share > Self.cutShare || (settling > 0 && share > Self.settledShare)
            || (share > Self.settledShare && framedShare() > Self.cutShare) {
            startScene(at: image, index: frames - 1)
        } else if settling > 0 {
            settling -= 1
        }
        // A frame that changed much keeps its log only until it is judged (no lasting peak).
        if self.undo.capacity > 1 << 16 { self.undo = [] }
    }
}
