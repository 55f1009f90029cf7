#if canImport(Glibc)
import Glibc
#endif
import GIFCodec
import Raster
import Testing
@testable import Inspection
@testable import StrokeScopeCLI
import Threading

/// The decoding thread hands frames over as their changes; played onto the reader's canvas
/// they must give every frame exactly as decoding in place does, within a bounded buffer.
@Suite("Frames handed over as changes and played back", .timeLimit(.minutes(1)))
struct PrefetchedFramesTests {
    /// Every frame's canvas, decoded in place.
    static func canvases(_ gif: String) throws -> [RGBAImage] {
        let decoder = try GIFDecoder(path: gif)
        var images: [RGBAImage] = []
        while let frame = try decoder.next() { images.append(frame.image) }
        return images
    }

    /// Every frame through the thread and a player, each copied out (`narrowing` after `at` frames).
    static func played(_ gif: String, budget: Int, narrowing: (at: Int, to: PixelRect)? = nil) throws -> (images: [RGBAImage], rects: [PixelRect], source: PrefetchedFrames) {
        let opened = try RecordingDecoder(path: gif, format: .gif, decoding: GIFDecodeOptions())
        return try withThreadGroup { group in
            let source = PrefetchedFrames(opened, budget: budget, threaded: true, in: group)
            var player = FramePlayer(width: opened.width, height: opened.height, file: gif)
            var images: [RGBAImage] = []
            var rects: [PixelRect] = []
            while let item = try source.next() {
                if case .change(let change) = item { rects.append(change.rect) }
                if let narrowing, images.count == narrowing.at { source.narrow(to: narrowing.to) }
                var image = try player.frame(item).image
                image.pixels.withUnsafeMutableBufferPointer { _ in }  // a copy of its own, not the player's canvas
                images.append(image)
            }
            return (images, rects, source)
        }
    }

    @Test("delta and full frames: every frame as decoded in place; the changes waiting stay within the budget",
          arguments: [["--delta-frames"], []])
    func sameFrames(mode: [String]) throws {
        let (gif, _) = try InspectCommandTests.render("loading-spinner.json", ["--scale", "2", "--size", "120x120", "--duration", "1.2", "--delay-cs", "4"] + mode)
        let expected = try Self.canvases(gif)
        let budget = 20_000
        let (images, _, source) = try Self.played(gif, budget: budget)
        #expect(expected.count == 30)
        #expect(images.count == expected.count)
        for (k, (a, b)) in zip(images, expected).enumerated() { #expect(a.pixels == b.pixels, "frame \(k)") }
        #expect(source.largestChange > 0)
        #expect(source.mostBytesWaiting <= max(budget, source.largestChange))
        if mode.isEmpty {
            // Full frames repaint the canvas: each change is all of it, and one waits at a time.
            #expect(source.largestChange == 120 * 120 * 4)
            #expect(source.mostBytesWaiting == source.largestChange)
        }
    }

    @Test("a frame larger than the budget is copied only when the reader asks for it, not while it is busy")
    func largeFramesWaitForTheReader() throws {
        let (gif, _) = try InspectCommandTests.render("loading-spinner.json", ["--scale", "2", "--size", "120x120", "--duration", "0.6", "--delay-cs", "4"])
        let opened = try RecordingDecoder(path: gif, format: .gif, decoding: GIFDecodeOptions())
        let (frames, source) = try withThreadGroup { group in
            let source = PrefetchedFrames(opened, budget: 20_000, threaded: true, in: group)
            var player = FramePlayer(width: 120, height: 120, file: gif)
            var frames = 0
            while let item = try source.next() {
                _ = try player.frame(item)
                frames += 1
                usleep(3_000)  // busy measuring: the decoder is done with the next frame long before
            }
            return (frames, source)
        }
        #expect(frames == 15)
        #expect(source.largestChange == 120 * 120 * 4)
        #expect(source.largeCopiedAhead == 0)
        #expect(source.mostBytesWaiting == source.largestChange)
    }

    @Test("a reader that stops after one frame: the scope stops the decoding thread and joins it")
    func stoppedEarly() throws {
        let (gif, _) = try InspectCommandTests.render("loading-spinner.json", ["--scale", "2", "--size", "120x120", "--duration", "1.2", "--delay-cs", "4"])
        let opened = try RecordingDecoder(path: gif, format: .gif, decoding: GIFDecodeOptions())
        // A budget of one byte: the thread waits for room after the first frame, and would wait
        // for ever were it not told to stop when the scope ends.
        let first = try withThreadGroup { group in
            let source = PrefetchedFrames(opened, budget: 1, threaded: true, in: group)
            return try source.next() != nil
        }
        #expect(first)
    }

    @Test("narrowed to a region, later frames are right inside it and carry nothing from outside")
    func narrowed() throws {
        let (gif, _) = try InspectCommandTests.render("loading-spinner.json", ["--scale", "2", "--size", "120x120", "--duration", "1.2", "--delay-cs", "4"])
        let expected = try Self.canvases(gif)
        let region = PixelRect(x: 30, y: 20, width: 50, height: 40)
        // A budget of one byte: one change waits at a time, so the thread is at most two frames
        // ahead when the region narrows.
        let (images, rects, _) = try Self.played(gif, budget: 1, narrowing: (at: 10, to: region))
        #expect(images.count == expected.count)
        for k in 0..<images.count {
            #expect(images[k].cropped(to: region).pixels == expected[k].cropped(to: region).pixels, "frame \(k)")
        }
        #expect(rects[0] == PixelRect(x: 0, y: 0, width: 120, height: 120))
        for k in 13..<rects.count { #expect(rects[k].isEmpty || rects[k].intersection(region) == rects[k], "frame \(k)") }
    }

    @Test("changes that hold nothing (a region where nothing moves) still reach a waiting reader, whatever the budget")
    func emptyChanges() throws {
        let (gif, _) = try InspectCommandTests.render("loading-spinner.json", ["--scale", "2", "--size", "120x120", "--duration", "1.2", "--delay-cs", "4",
                                                                              "--delta-frames"])
        // Delta frames cover only the ring's changes (or one pixel at the origin, for a frame
        // that changes nothing), and the bottom-right corner holds no part of the ring: after
        // the narrowing, every change is empty.
        let corner = PixelRect(x: 116, y: 116, width: 4, height: 4)
        for budget in [1, 1 << 20] {
            let (images, rects, _) = try Self.played(gif, budget: budget, narrowing: (at: 1, to: corner))
            #expect(images.count == 30)
            // With a budget of one byte the thread is at most two frames ahead of the narrowing.
            if budget == 1 { #expect(rects.suffix(26).allSatisfy { $0.isEmpty }) }
        }
    }
}
