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
/// reader past its turn is copied on write, never changed under it.
final class PrefetchedFrames: @unchecked Sendable {
    private let condition = ConditionLock()
    private var buffer: [GIFFrame] = []
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
    func next() throws -> GIFFrame? {
        // The reader lets go of each frame before asking for the next, so the decoder's own
        // canvas can be handed over without a copy.
        guard threaded else { return try decoder.next() }
        condition.lock()
        defer { condition.unlock() }
        while buffer.isEmpty && !finished { condition.wait() }
        if !buffer.isEmpty {
            let frame = buffer.removeFirst()
            condition.broadcast()
            return frame
        }
        if let failure { throw failure }
        return nil
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

    /// The decoder's warnings; complete once `next()` has returned nil.
    var warnings: [GIFWarning] {
        guard threaded else { return decoder.warnings }
        condition.lock()
        defer { condition.unlock() }
        return finished ? decoder.warnings : []
    }

    private func decodeAll() {
        while true {
            let frame: GIFFrame?
            do {
                frame = try decodeIntoPool()
            } catch {
                finish(failure: error)
                return
            }
            condition.lock()
            guard let frame, !stopped else {
                finished = true
                condition.broadcast()
                condition.unlock()
                return
            }
            while buffer.count >= capacity && !stopped { condition.wait() }
            if !stopped { buffer.append(frame) }
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

    /// The next frame, copied into the pool; the decoder's canvas is let go before returning.
    private func decodeIntoPool() throws -> GIFFrame? {
        guard let decoded = try decoder.next() else { return nil }
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
