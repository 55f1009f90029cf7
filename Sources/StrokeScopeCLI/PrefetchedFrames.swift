import GIFCodec
import Raster

/// Decodes a GIF on a second thread, a few frames ahead of the thread that measures them: on a
/// machine with two cores, decoding and measuring overlap, so `inspect` costs little more than
/// the decode itself. At most `capacity` frames wait at a time, so memory stays a few canvases
/// whatever the frame count. Frames, then the decoder's error if any, arrive in file order.
///
/// Each frame handed over is a canvas from a small pool, brought up to date by copying only
/// what changed since that canvas last held a frame (the decoder's own canvas cannot be handed
/// over: holding it would make every later frame copy the whole canvas). A frame kept by the
/// reader past its turn is copied on write, never changed under it. After `sendChanges`,
/// frames come as the pixels they changed instead (`FrameChange`), which the reader plays onto
/// a canvas of its own: many of them fit where one canvas would.
final class PrefetchedFrames: @unchecked Sendable {
    /// What the decoding thread hands over: a whole canvas, or (once `sendChanges` was called)
    /// the part of the canvas the frame changed.
    enum Handover {
        case canvas(GIFFrame)
        case change(FrameChange)
    }

    private let condition = ConditionLock()
    private var buffer: [Handover] = []
    /// Bytes of changes waiting in `buffer`, and how many may wait (see `sendChanges`).
    private var bufferedBytes = 0
    private var changeBudget = 0
    /// Once set, frames are handed over as their changes within this part of the canvas.
    private var changeRegion: PixelRect?
    private var finished = false
    private var stopped = false
    private var failure: Error?
    /// Once set, only this part of each later frame is kept up to date (the rest of a handed-over
    /// canvas is stale): the part the measuring reads.
    private var region: PixelRect?
    private let capacity: Int
    private let decoder: GIFDecoder

    // The decoding thread's own state.
    private var pool: [RGBAImage] = []
    private var filled: [Bool] = []
    private var nextSlot = 0
    /// The changed rectangle of each of the last `pool.count` frames, newest last.
    private var recentChanges: [PixelRect] = []
    private var previousRect: PixelRect?

    /// Without a thread, `next()` decodes in place (small screens, whose frames decode faster
    /// than they can be handed between threads, and batches, which fill the cores already).
    private let threaded: Bool

    /// Starts decoding `decoder`'s frames; only this object touches it from now on.
    init(_ decoder: GIFDecoder, capacity: Int = 2, threaded: Bool = true) {
        self.decoder = decoder
        self.capacity = max(1, capacity)
        self.threaded = threaded
        guard threaded else { return }
        startThread(stackSize: 4 << 20) { [self] in self.decodeAll() }
    }

    /// The next frame, nil after the last; rethrows the decoder's error in its place.
    func next() throws -> Handover? {
        // The reader lets go of each frame before asking for the next, so the decoder's own
        // canvas can be handed over without a copy.
        guard threaded else { return try decoder.next().map(Handover.canvas) }
        condition.lock()
        defer { condition.unlock() }
        while buffer.isEmpty && !finished { condition.wait() }
        if !buffer.isEmpty {
            let item = buffer.removeFirst()
            bufferedBytes -= item.byteCount
            condition.broadcast()
            return item
        }
        if let failure { throw failure }
        return nil
    }

    /// The next frame before `sendChanges` is called: always a whole canvas.
    func nextCanvas() throws -> GIFFrame? {
        guard let item = try next() else { return nil }
        guard case .canvas(let frame) = item else { preconditionFailure("nextCanvas() after sendChanges") }
        return frame
    }

    /// Ends the decoding thread early (it exits at its next frame). Callers that may stop
    /// reading before the end (an error, no ring found) call it, typically in a `defer`, so no
    /// thread is left waiting for room in the buffer.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// From the next frame decoded on, keep only `rect` up to date: once the rings are known
    /// nothing else is read, and on a large screen the copy of whole frames is what the
    /// decoding thread spends beyond decoding.
    func restrict(to rect: PixelRect) {
        condition.lock()
        region = rect
        condition.unlock()
    }

    /// From the next frame decoded on, hand frames over as what they changed within `region`
    /// (`FrameChange`), with up to `budget` bytes of them waiting, instead of as canvases with
    /// one frame waiting: while the reader is busy with something else (measuring the recorded
    /// first frames) the decoding thread goes on, where a canvas a frame would soon fill memory.
    /// The reader applies the changes to a canvas of its own that shows the frame before the
    /// first change (see `InspectPipeline`). Only on a decoding thread of its own.
    func sendChanges(within region: PixelRect, budget: Int) {
        condition.lock()
        changeRegion = region
        self.region = region
        changeBudget = budget
        // Canvases already waiting become changes of the whole region (the reader's canvas is
        // brought up to date with them all the same), so the pool's canvases are let go now,
        // not when read: on a large screen each is 4 MB at the run's peak.
        buffer = buffer.map { $0.asChange(within: region) }
        bufferedBytes = buffer.reduce(0) { $0 + $1.byteCount }
        condition.broadcast()  // a canvas waiting for room may join now, as a change
        condition.unlock()
    }

    /// The decoder's warnings; complete once `next()` has returned nil.
    var warnings: [GIFWarning] {
        guard threaded else { return decoder.warnings }
        condition.lock()
        defer { condition.unlock() }
        return finished ? decoder.warnings : []
    }

    private func decodeAll() {
        while true {
            let item: Handover?
            do {
                item = try decodeNext()
            } catch {
                finish(failure: error)
                return
            }
            condition.lock()
            guard var item, !stopped else {
                finished = true
                condition.broadcast()
                condition.unlock()
                return
            }
            while true {
                // A canvas decoded before `sendChanges` joins as a change (see there).
                if let changeRegion { item = item.asChange(within: changeRegion) }
                if stopped || hasRoom(for: item) { break }
                condition.wait()
            }
            if !stopped {
                buffer.append(item)
                bufferedBytes += item.byteCount
            }
            condition.broadcast()
            condition.unlock()
        }
    }

    private func finish(failure: Error) {
        condition.lock()
        self.failure = failure
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether `item` may join the waiting ones (the lock held): canvases by count, changes by
    /// bytes, and a change always when nothing waits.
    private func hasRoom(for item: Handover) -> Bool {
        switch item {
        case .canvas: return buffer.count < capacity
        case .change(let change): return buffer.isEmpty || bufferedBytes + change.byteCount <= changeBudget
        }
    }

    /// The next frame, as a pool canvas or as its change; the decoder's canvas is let go
    /// before returning.
    private func decodeNext() throws -> Handover? {
        condition.lock()
        let changeRegion = self.changeRegion
        condition.unlock()
        // Once changes are asked for, canvases are no longer handed over: the pool goes before
        // the next frame is decoded, not after.
        if changeRegion != nil { pool = [] }
        guard let decoded = try decoder.next() else { return nil }
        guard let changeRegion else { return .canvas(intoPool(decoded)) }
        let bounds = decoded.image.bounds
        // Only this frame's rectangle and the previous one's (its disposal) can have changed.
        let rect = decoded.info.rect
        let changed = (previousRect.map { $0.union(rect) } ?? bounds).intersection(bounds).intersection(changeRegion)
        previousRect = rect
        return .change(FrameChange(info: decoded.info, copying: changed, of: decoded.image))
    }

    /// `decoded` copied into the pool.
    private func intoPool(_ decoded: GIFFrame) -> GIFFrame {
        let image = decoded.image
        let bounds = image.bounds
        if pool.isEmpty {
            // Frames waiting, one being read and one being filled: none is written while held.
            pool = Array(repeating: RGBAImage(width: image.width, height: image.height), count: capacity + 2)
            filled = Array(repeating: false, count: pool.count)
        }
        // Only this frame's rectangle and the previous one's (its disposal) can have changed.
        let rect = decoded.info.rect
        var changed = previousRect.map { $0.union(rect) } ?? bounds
        changed = changed.intersection(bounds)
        previousRect = rect
        recentChanges.append(changed)
        if recentChanges.count > pool.count { recentChanges.removeFirst() }

        let slot = nextSlot
        nextSlot = (nextSlot + 1) % pool.count
        // The slot last held the frame `pool.count` frames ago: bring it up to date.
        var dirty = filled[slot] ? recentChanges.dropFirst().reduce(recentChanges[0]) { $0.union($1) } : bounds
        condition.lock()
        let region = self.region
        condition.unlock()
        if let region { dirty = dirty.intersection(region) }
        pool[slot].copyRegion(dirty, from: image)
        filled[slot] = true
        return GIFFrame(info: decoded.info, image: pool[slot])
    }
}

extension PrefetchedFrames.Handover {
    /// Bytes of pixels a change holds (a canvas counts by number, not here).
    var byteCount: Int {
        if case .change(let change) = self { return change.byteCount }
        return 0
    }

    /// A canvas as the change that brings any earlier canvas up to it within `region` (all of
    /// it, copied); a change as it is.
    func asChange(within region: PixelRect) -> Self {
        guard case .canvas(let frame) = self else { return self }
        let whole = region.intersection(frame.image.bounds)
        return .change(FrameChange(info: frame.info, copying: whole, of: frame.image))
    }
}

/// A frame handed over as the pixels of the part of the canvas it changed.
struct FrameChange {
    var info: GIFFrameInfo
    /// Where the canvas changed (within the region asked for; may be empty).
    var rect: PixelRect
    /// That part of the canvas.
    var pixels: RGBAImage

    /// The change of `canvas` within `rect` (inside the canvas), copied.
    init(info: GIFFrameInfo, copying rect: PixelRect, of canvas: RGBAImage) {
        self.info = info
        self.rect = rect.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : rect
        pixels = canvas.cropped(to: self.rect)
    }

    var byteCount: Int { pixels.pixels.count }

    /// Writes the change into `canvas` (the canvas it was taken from, as of the frame before).
    func apply(to canvas: inout RGBAImage) {
        guard !rect.isEmpty else { return }
        canvas.copy(pixels, toX: rect.x, y: rect.y)
    }
}
