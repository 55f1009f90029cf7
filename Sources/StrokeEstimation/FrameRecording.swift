import Raster

/// The first frames of an animation kept as pixel changes, so they can be measured once the
/// rings are known without decoding them a second time.
///
/// Inspection needs the statistics of the first frames before it can measure any frame; the
/// decode is the expensive part, and keeping whole canvases would make memory grow with the
/// sample. Recorded here instead: the first canvas, then per frame only the pixels that differ
/// from the frame before (for a spinner a few thousand pixels near the arc's ends). Memory is
/// capped at `budget` bytes of changes; past it the recording gives up (`isComplete` false)
/// and the caller decodes those frames again.
public struct FrameRecording: Sendable {
    public let width: Int
    public let height: Int
    /// Bytes of changes kept at most.
    public let budget: Int
    /// Frames recorded (0 once the recording has given up).
    public private(set) var count = 0
    /// False once the budget was exceeded: nothing is kept then.
    public private(set) var isComplete = true
    /// The first frame's canvas, kept as given: it shares the caller's pixels until either side
    /// writes, and a releasing replay plays onto it in place, with no second copy at the peak.
    private var first: RGBAImage?
    /// The canvas as of the last frame recorded, as RGBA words.
    private var current: [UInt32] = []
    /// The changed pixels (index, new RGBA word) of every frame after the first, in order;
    /// `ends[k]` is where frame k + 1's changes end.
    private var changedPixels: [Int32] = []
    private var changedWords: [UInt32] = []
    private var ends: [Int] = []
    /// Set by `finishRecording()`.
    private var finished = false

    /// A recording of canvases of `width` × `height`, keeping at most `budget` bytes of changes.
    public init(width: Int, height: Int, budget: Int = 32 << 20) {
        self.width = width
        self.height = height
        self.budget = budget
    }

    /// Records the next frame's canvas. `changed` is where it can differ from the frame before
    /// (the frame's rectangle and the previous frame's disposal); nil means anywhere.
    public mutating func add(_ image: RGBAImage, changed: PixelRect? = nil) {
        guard isComplete else { return }
        precondition(!finished, "FrameRecording.add after finishRecording()")
        precondition(image.width == width && image.height == height, "frame size changed")
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        image.pixels.withUnsafeBytes { raw in
            if count == 0 {
                current = [UInt32](unsafeUninitializedCapacity: width * height) { words, initialized in
                    for i in 0..<(width * height) { words[i] = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) }
                    initialized = width * height
                }
                return
            }
            let area = (changed ?? whole).intersection(whole)
            guard !area.isEmpty else { return }
            current.withUnsafeMutableBufferPointer { current in
                for y in area.y..<area.maxY {
                    for i in (y * width + area.x)..<(y * width + area.maxX) {
                        let word = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                        if word != current[i] {
                            current[i] = word
                            changedPixels.append(Int32(i))
                            changedWords.append(word)
                        }
                    }
                }
            }
        }
        if count == 0 { first = image }
        if count > 0 { ends.append(changedPixels.count) }
        count += 1
        if changedPixels.count * 8 > budget { discard() }
    }

    /// Ends the recording: no frame will be added, so the canvas kept to find each frame's
    /// changes is freed (one canvas less while the recorded frames wait to be replayed).
    public mutating func finishRecording() {
        current = []
        finished = true
    }

    /// Gives up the recording (it would exceed its budget) and frees what it held.
    private mutating func discard() {
        isComplete = false
        count = 0
        first = nil
        current = []
        changedPixels = []
        changedWords = []
        ends = []
    }

    /// Rebuilds the recorded frames in order and hands each to `body` with its index. The
    /// image passed is reused for the next frame: keep what is needed, not the image.
    public func replay<E: Error>(_ body: (Int, RGBAImage) throws(E) -> Void) throws(E) {
        guard isComplete, count > 0, var image = first else { return }
        try Self.play(changedPixels, changedWords, ends, count: count, onto: &image, body)
    }

    /// ``replay(_:)`` that gives up the recording as it goes: the two canvases it kept are
    /// freed before the first frame is handed over, so replaying costs one canvas, not three
    /// (the measuring pass holds the decoder's canvases and the ring samplers meanwhile).
    /// Afterwards the recording is empty (`count` 0, `isComplete` false). Returns the canvas as
    /// of the last frame (nil when nothing was replayed), for the caller to play on.
    @discardableResult
    public mutating func replayReleasing<E: Error>(_ body: (Int, RGBAImage) throws(E) -> Void) throws(E) -> RGBAImage? {
        guard isComplete, count > 0, var image = first else { return nil }
        let pixels = changedPixels, words = changedWords, ends = ends, frames = count
        // The recording lets go of the first canvas, so `image` alone holds it and the frames
        // are played onto it in place.
        discard()
        try Self.play(pixels, words, ends, count: frames, onto: &image, body)
        return image
    }

    private static func play<E: Error>(_ changedPixels: [Int32], _ changedWords: [UInt32], _ ends: [Int], count: Int,
                                       onto image: inout RGBAImage, _ body: (Int, RGBAImage) throws(E) -> Void) throws(E) {
        try body(0, image)
        var start = 0
        for k in 1..<count {
            let end = ends[k - 1]
            image.pixels.withUnsafeMutableBytes { raw in
                for j in start..<end {
                    raw.storeBytes(of: changedWords[j], toByteOffset: Int(changedPixels[j]) * 4, as: UInt32.self)
                }
            }
            start = end
            try body(k, image)
        }
    }
}
