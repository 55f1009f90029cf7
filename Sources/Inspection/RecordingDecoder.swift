import GIFCodec
import MovieCodec
import Raster

/// A recording's frames one at a time, whichever kind of file it is: a GIF composited as
/// browsers show it, or a movie decoded by FFmpeg and timed by its timestamps. Inspection,
/// counting and the CLI's frame passes read every recording through this.
///
/// ```swift
/// let decoder = try RecordingDecoder(try Recording(contentsOf: "capture.mov"))
/// while let frame = try decoder.next() { use(frame.image, frame.stamp?.time) }
/// ```
public final class RecordingDecoder {
    /// One frame: its description, its picture and, for a movie, its timestamp.
    public struct Frame: Sendable {
        /// The frame as stored. A movie's frame has where its picture changed as its rectangle, and no delay.
        public var info: GIFFrameInfo
        /// The whole screen while the frame shows (after `narrow(to:)`, right inside the region only).
        public var image: RGBAImage
        /// A movie's frame: its timing from the presentation timestamps (nil for a GIF).
        public var movie: MovieFrameInfo?
    }

    private enum Source {
        case gif(GIFDecoder)
        case movie(MovieDecoder)
    }

    private let source: Source
    /// The file, as given.
    public let file: String
    public let width: Int
    public let height: Int

    /// Opens `recording`'s file. `threads`: libavcodec's decoding threads for a movie (0: as
    /// many as it likes; 1 inside a batch, whose files fill the cores already).
    public convenience init(_ recording: Recording, threads: Int = 0) throws(InspectionError) {
        try self.init(path: recording.path, format: recording.format, decoding: recording.decoding, threads: threads)
    }

    /// Opens `path`, of `format`, with `decoding`'s limits and leniency.
    public init(path: String, format: RecordingFormat, decoding: GIFDecodeOptions, threads: Int = 0) throws(InspectionError) {
        file = path
        switch format {
        case .gif:
            do {
                let decoder = try GIFDecoder(path: path, options: decoding)
                source = .gif(decoder)
                width = decoder.screen.width
                height = decoder.screen.height
            } catch {
                throw .decoding(error)
            }
        case .movie:
            do {
                let decoder = try MovieDecoder(path: path, options: Self.movieOptions(decoding, threads: threads))
                source = .movie(decoder)
                width = decoder.structure.width
                height = decoder.structure.height
            } catch {
                throw .movie(error)
            }
        }
    }

    /// The next frame, nil after the last.
    public func next() throws(InspectionError) -> Frame? {
        switch source {
        case .gif(let decoder):
            do {
                guard let frame = try decoder.next() else { return nil }
                return Frame(info: frame.info, image: frame.image, movie: nil)
            } catch {
                throw .decoding(error)
            }
        case .movie(let decoder):
            do {
                guard let frame = try decoder.next() else { return nil }
                // The frame's rectangle is where its picture changed, as a GIF frame's is.
                let info = GIFFrameInfo(index: frame.info.index, rect: frame.changed)
                return Frame(info: info, image: frame.image, movie: frame.info)
            } catch {
                throw .movie(error)
            }
        }
    }

    /// Frames returned so far.
    public var framesDecoded: Int {
        switch source {
        case .gif(let d): d.framesDecoded
        case .movie(let d): d.framesDecoded
        }
    }

    /// A movie's frames' luma on a sparse grid (`MovieDecoder.lumaGridStep`), read whatever
    /// `narrow(to:)` converts: asked for before the first frame with `watchLuma(step:)`. Nil
    /// for a GIF, when not asked for, or when the movie's pixel format has no luma plane.
    var lumaGrid: [UInt8]? {
        guard case .movie(let d) = source, d.lumaGridStep != nil, !d.lumaGrid.isEmpty else { return nil }
        return d.lumaGrid
    }

    /// Has a movie's frames read on a luma grid of `step` from the next frame on (`lumaGrid`).
    func watchLuma(step: Int) {
        if case .movie(let d) = source { d.lumaGridStep = step }
    }

    /// Whether the frames are a movie's.
    var isMovie: Bool {
        if case .movie = source { return true }
        return false
    }

    /// From the next frame on, only `region` needs to be right: a movie converts only that part
    /// of each frame to RGBA (a GIF is composited whole, as its frames depend on each other).
    public func narrow(to region: PixelRect) {
        if case .movie(let d) = source { d.region = region }
    }

    /// A GIF's loop count (nil for a movie, or a GIF that plays once).
    public var loopCount: Int? {
        if case .gif(let d) = source { return d.loopCount }
        return nil
    }

    /// What was odd about the file so far, one line each.
    public var warnings: [String] {
        switch source {
        case .gif(let d): d.warnings.map(\.description)
        case .movie(let d): d.warnings
        }
    }

    /// The number of frames of the file at `path`, from a structure scan that decodes no pixel
    /// (a GIF's blocks, a movie's packets).
    public static func frameCount(path: String, format: RecordingFormat, decoding: GIFDecodeOptions) throws(InspectionError) -> Int {
        switch format {
        case .movie:
            do { return try MovieTimestampScan.frameCount(path: path, options: movieOptions(decoding, threads: 1)) } catch { throw .movie(error) }
        case .gif:
            do {
                let decoder = try GIFDecoder(path: path, options: decoding)
                var count = 0
                while try decoder.nextInfo() != nil { count += 1 }
                return count
            } catch {
                throw .decoding(error)
            }
        }
    }

    /// The movie decoder's options from the GIF decoder's: the same limits and leniency.
    static func movieOptions(_ decoding: GIFDecodeOptions, threads: Int) -> MovieDecodeOptions {
        MovieDecodeOptions(maxPixels: decoding.maxPixels, maxFrames: decoding.maxFrames, lenient: decoding.lenient, threads: threads)
    }
}
