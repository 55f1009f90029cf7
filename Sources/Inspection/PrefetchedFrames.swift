import GIFCodec
import MovieCodec
import Raster
import Threading

/// Decodes a recording (a GIF or a movie) on a second thread, ahead of the thread that measures its frames: on a machine
/// with two cores, decoding and measuring overlap, so `inspect` costs little more than the
/// decode itself. Frames, then the decoder's error if any, arrive in file order.
///
/// On the thread, each frame is handed over as the pixels it changed (`FrameChange`: its
/// rectangle and its predecessor's disposal, within the region asked for), which the reader
/// plays onto a canvas of its own (`FramePlayer`). A delta frame's change is a few kilobytes,
/// so many frames can wait within `budget` bytes and neither thread waits for the other frame
/// by frame; a frame that repaints the whole canvas is copied only when the reader asks for it.
/// Memory stays the budget and a few canvases, whatever the frame count.
///
/// The thread belongs to the run's `ThreadGroup`: when the run's scope ends it is told to stop
/// and joined, so nothing decodes after `inspect` returns.
///
/// `@unchecked Sendable`: the buffer and flags are shared only under `condition`; the decoder
/// and `changes` are the decoding thread's alone once it has started.
final class PrefetchedFrames: @unchecked Sendable {
    /// What is handed over: on the thread, a change; decoding in place, the decoder's canvas.
    enum Handover {
        case canvas(RecordingDecoder.Frame)
        case change(FrameChange)
    }

    private let condition = ConditionLock()
    private var buffer: [FrameChange] = []
    /// Bytes of changes waiting in `buffer`, and how many may wait.
    private var bufferedBytes = 0
    private let budget: Int
    /// The most bytes of changes that waited at once, and the largest single change: the first
    /// stays within the budget unless one change alone exceeds it.
    private(set) var mostBytesWaiting = 0
    /// Whether a thread sleeps on the other: the reader for a change, the decoder for room
    /// (wake-ups are sent only then).
    private var readerWaiting = false
    private var decoderWaiting = false
    /// Changes that wake a waiting reader (unless they fill half the budget first, or the
    /// decoding ends).
    static let wakeBatch = 4
    private(set) var largestChange = 0
    /// Changes larger than the budget copied while the reader was busy (none should be).
    private(set) var largeCopiedAhead = 0
    /// Frames are handed over as their changes within this part of the canvas.
    private var region: PixelRect
    private var finished = false
    private var stopped = false
    private var failure: InspectionError?
    private let decoder: RecordingDecoder
    /// A narrower region the decoding thread has yet to pass to the decoder.
    private var pendingRegion: PixelRect?
    /// The decoding thread's own: what each frame can have changed.
    private var changes = ChangedArea()
    /// Where the frames changed, on a sparse grid (nil: not watched). The decoding thread's
    /// own until the decoding has finished.
    private var late: LateChanges?

    /// Without a thread, `next()` decodes in place (small screens, whose frames decode faster
    /// than they can be handed between threads, and batches, which fill the cores already).
    private let threaded: Bool

    /// Starts decoding `decoder`'s frames; only this object touches it from now on. On a
    /// thread of `group` (when `threaded`), up to `budget` bytes of changes wait (one larger
    /// change may, once the reader waits for it).
    /// `watchesLate`: where every frame changed is kept on a sparse grid (`mayShowRing`).
    init(_ decoder: RecordingDecoder, budget: Int, threaded: Bool, watchesLate: Bool = false, in group: ThreadGroup) {
        self.decoder = decoder
        self.budget = budget
        self.threaded = threaded
        late = watchesLate ? LateChanges(width: decoder.width, height: decoder.height) : nil
        // A movie converts only the measured area once it is known: its frames are watched on
        // their luma, read on the grid before conversion.
        if watchesLate && decoder.isMovie { decoder.watchLuma(step: LateChanges.step) }
        region = PixelRect(x: 0, y: 0, width: decoder.width, height: decoder.height)
        guard threaded else { return }
        group.onStop { [self] in self.stop() }
        group.start(stackSize: 4 << 20) { [self] in self.decodeAll() }
    }

    /// The next frame, nil after the last; rethrows the decoder's error in its place.
    func next() throws(InspectionError) -> Handover? {
        // Decoding in place, the reader lets go of each frame before asking for the next, so
        // the decoder's own canvas is handed over without a copy.
        guard threaded else {
            guard let frame = try decoder.next() else { finished = true; return nil }
            if late != nil { watch(frame, changed: (changes.next(frame.info.rect) ?? frame.image.bounds).intersection(frame.image.bounds)) }
            return .canvas(frame)
        }
        condition.lock()
        defer { condition.unlock() }
        while buffer.isEmpty && !finished {
            readerWaiting = true
            // A decoder holding back a change larger than the budget copies it now.
            if decoderWaiting { condition.broadcast() }
            condition.wait()
        }
        readerWaiting = false
        if !buffer.isEmpty {
            let change = buffer.removeFirst()
            bufferedBytes -= change.byteCount
            if decoderWaiting { condition.broadcast() }
            return .change(change)
        }
        if let failure { throw failure }
        return nil
    }

    /// Ends the decoding thread early (it exits at its next frame): the group calls it when the
    /// run ends, so a reader that stopped before the end (an error, no ring found) leaves no
    /// thread waiting for room in the buffer.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// From the next frame decoded on, hand over only what changed within `region`: once the
    /// measured area is known, nothing outside it is read. (A reader's canvas stays right
    /// inside the region; outside it, it is stale.)
    /// A movie's decoder converts only the region's pixels from then on.
    func narrow(to region: PixelRect) {
        guard threaded else {
            self.region = region
            decoder.narrow(to: region)
            return
        }
        condition.lock()
        self.region = region
        pendingRegion = region
        condition.unlock()
    }

    /// Adds `frame`, which can have changed the canvas within `changed`, to the sparse grid.
    private func watch(_ frame: RecordingDecoder.Frame, changed: PixelRect) {
        if decoder.isMovie {
            // No luma to read (an RGB movie): what changes outside the measured area is not seen.
            if let luma = decoder.lumaGrid { late?.add(luma: luma) } else { late = nil }
            return
        }
        late?.add(frame.image, changed: changed)
    }

    /// Whether what the frames from index `start` on changed for the first time could show a
    /// ring outside `area` (`LateChanges.mayShowRing`; false when not watched). Only once
    /// `next()` has returned nil.
    func mayShowRing(outside area: PixelRect, from start: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard finished, let late else { return false }
        return late.mayShowRing(outside: area, from: start)
    }

    /// The decoder's warnings; complete once `next()` has returned nil.
    var warnings: [String] {
        guard threaded else { return decoder.warnings }
        condition.lock()
        defer { condition.unlock() }
        return finished ? decoder.warnings : []
    }

    private func decodeAll() {
        var failure: InspectionError?
        while true {
            // The decoder is this thread's: a narrower region reaches it here, between frames.
            if let region = condition.withLock({ () -> PixelRect? in defer { pendingRegion = nil }; return pendingRegion }) {
                decoder.narrow(to: region)
            }
            // The frame is decoded, then room awaited for its change, and only then the change
            // copied: copied first, it would be one more waiting (at full frames, a whole canvas).
            let decoded: RecordingDecoder.Frame
            do {
                guard let next = try decoder.next() else { break }
                decoded = next
            } catch {
                failure = error
                break
            }
            let bounds = decoded.image.bounds
            let area = (changes.next(decoded.info.rect) ?? bounds).intersection(bounds)
            if late != nil { watch(decoded, changed: area) }
            condition.lock()
            let changed = area.intersection(region)
            let bytes = FrameChange.byteCount(of: changed)
            // Only this thread adds to the buffer: once there is room, there stays room. A change
            // larger than the budget (a whole 1000 × 1000 frame is 4 MB) is copied only once the
            // reader waits for it: copied ahead, it would be a canvas more at the peak, beside
            // the reader's (while the rings are searched for, the frame before it too); held
            // back, it costs the reader the copy, a fraction of the frame's decode.
            while !stopped && !(bufferedBytes + bytes <= budget || (buffer.isEmpty && readerWaiting)) {
                // The reader may be sleeping on fewer changes than wake it: it must take some.
                if readerWaiting { condition.broadcast() }
                decoderWaiting = true
                condition.wait()
            }
            decoderWaiting = false
            if bytes > budget && !readerWaiting { largeCopiedAhead += 1 }
            let stop = stopped
            condition.unlock()
            if stop { break }
            let change = FrameChange(info: decoded.info, movie: decoded.movie, copying: changed, of: decoded.image)
            condition.lock()
            buffer.append(change)
            bufferedBytes += change.byteCount
            mostBytesWaiting = max(mostBytesWaiting, bufferedBytes)
            largestChange = max(largestChange, change.byteCount)
            // A waiting reader is woken for a few frames at a time, not for each: a wake-up
            // costs the decoding thread (the slower of the two on delta frames) a system call.
            if readerWaiting && (buffer.count >= Self.wakeBatch || 2 * bufferedBytes >= budget) { condition.broadcast() }
            condition.unlock()
        }
        condition.lock()
        self.failure = failure
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}

/// A frame handed over as the pixels of the part of the canvas it changed.
struct FrameChange {
    var info: GIFFrameInfo
    /// A movie's frame: its timing.
    var movie: MovieFrameInfo?
    /// Where the canvas changed (within the region asked for; may be empty).
    var rect: PixelRect
    /// That part of the canvas.
    var pixels: RGBAImage

    /// The change of `canvas` within `rect` (inside the canvas), copied.
    init(info: GIFFrameInfo, movie: MovieFrameInfo?, copying rect: PixelRect, of canvas: RGBAImage) {
        self.info = info
        self.movie = movie
        self.rect = rect.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : rect
        pixels = canvas.cropped(to: self.rect)
    }

    var byteCount: Int { pixels.pixels.count }

    /// Bytes the change of `rect` holds.
    static func byteCount(of rect: PixelRect) -> Int { rect.isEmpty ? 0 : rect.width * rect.height * 4 }
}

/// The reader's side of `PrefetchedFrames`: turns what is handed over into frames, playing
/// changes onto a canvas of its own.
struct FramePlayer {
    /// The canvas as of the last frame played (nil before the first change).
    private(set) var canvas: RGBAImage?
    private let width: Int
    private let height: Int
    /// The file the frames come from, for messages.
    private let file: String

    init(width: Int, height: Int, file: String) {
        self.width = width
        self.height = height
        self.file = file
    }

    /// The frame `item` hands over. Its image shares the player's canvas: let go of it before
    /// the next call, or the next change copies the canvas.
    mutating func frame(_ item: PrefetchedFrames.Handover) throws(InspectionError) -> RecordingDecoder.Frame {
        switch item {
        case .canvas(let frame):
            return frame
        case .change(let change):
            if change.rect == PixelRect(x: 0, y: 0, width: width, height: height) {
                // The whole canvas: taken as it is, not copied again.
                canvas = change.pixels
            } else {
                guard var image = canvas else {
                    throw .internalError(file: file, "a frame's changes arrived with no canvas to apply them to")
                }
                canvas = nil  // so the canvas is written in place, not copied
                if !change.rect.isEmpty { image.copy(change.pixels, toX: change.rect.x, y: change.rect.y) }
                canvas = image
            }
            return RecordingDecoder.Frame(info: change.info, image: canvas!, movie: change.movie)
        }
    }

    /// Lets go of the canvas (a recording's replay ends with the same picture).
    mutating func release() { canvas = nil }

    /// Plays later changes onto `image` (the picture as of the last frame played).
    mutating func resume(from image: RGBAImage) { canvas = image }
}
