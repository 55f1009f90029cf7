import Foundation
import MovieCodec
import Raster
import Testing

/// `fixtures/movie-inputs/`, made by scripts/make-movie-input-fixtures.sh.
private func movie(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fixtures/movie-inputs/\(name)").standardized.path
}

private func decodeAll(_ path: String, _ options: MovieDecodeOptions = MovieDecodeOptions()) throws -> (MovieDecoder, [MovieFrameInfo], RGBAImage?) {
    let decoder = try MovieDecoder(path: path, options: options)
    var infos: [MovieFrameInfo] = []
    var last: RGBAImage?
    while let frame = try decoder.next() {
        infos.append(frame.info)
        last = frame.image
    }
    return (decoder, infos, last)
}

@Suite struct MovieDecoderTests {
    @Test func constantRateTimestamps() throws {
        let (decoder, frames, image) = try decodeAll(movie("spinner-60fps.mp4"))
        #expect(decoder.structure.codec == "h264")
        #expect(decoder.structure.container == "mp4")
        #expect(decoder.structure.width == 100 && decoder.structure.height == 100)
        #expect(decoder.structure.pixelFormat == "yuv420p")
        #expect(decoder.structure.colourMatrix == "bt709")
        #expect(!decoder.structure.fullRange)
        #expect(frames.count == 180)
        #expect(frames.first?.time == 0)
        #expect(frames.first?.keyFrame == true)
        for (i, f) in frames.enumerated() {
            #expect(f.index == i)
            #expect(abs(f.time - Double(i) / 60) < 1e-9)
            #expect(abs(f.duration - 1 / 60) < 1e-9)
        }
        // The spinner's background is white; its corner stays so after conversion.
        let corner = try #require(image)[x: 2, y: 2]
        #expect(corner.r > 245 && corner.g > 245 && corner.b > 245 && corner.a == 255)
    }

    @Test func variableRateKeepsTheTimestamps() throws {
        let (decoder, frames, _) = try decodeAll(movie("spinner-2x-60fps-vfr.mov"))
        #expect(decoder.structure.codec == "hevc")
        #expect(decoder.structure.container == "mov")
        #expect(decoder.structure.timeBaseDenominator == 600)
        #expect(frames.count == 87)
        // Frames 12, 13 and 40 of the 60 fps capture were left out: the gaps stay.
        let captured = (0..<90).filter { ![12, 13, 40].contains($0) }
        for (f, k) in zip(frames, captured) { #expect(abs(f.time - Double(k) / 60) < 1e-9) }
        #expect(abs(frames[11].duration - 3.0 / 60) < 1e-9)
        #expect(abs(frames.last!.duration - 1.0 / 60) < 1e-9)
    }

    @Test func scanAgreesWithDecoding() throws {
        for name in ["spinner-60fps.mp4", "spinner-2x-60fps-vfr.mov"] {
            let (_, decoded, _) = try decodeAll(movie(name))
            let scanned = try MovieTimestampScan.frames(path: movie(name))
            #expect(scanned.map(\.timestamp) == decoded.map(\.timestamp))
            #expect(scanned.map(\.duration) == decoded.map(\.duration))
            #expect(try MovieTimestampScan.frameCount(path: movie(name)) == decoded.count)
        }
    }

    @Test func regionConvertsOnlyItsPixels() throws {
        let decoder = try MovieDecoder(path: movie("spinner-60fps.mp4"))
        let first = try #require(try decoder.next())
        decoder.region = PixelRect(x: 31, y: 31, width: 40, height: 40)
        var region: RGBAImage?
        while let f = try decoder.next() { region = f.image }
        let full = try decodeAll(movie("spinner-60fps.mp4")).2!
        let last = try #require(region)
        // Inside the (chroma-aligned) region: the last frame; outside: still the first.
        #expect(last.cropped(to: PixelRect(x: 32, y: 32, width: 38, height: 38)) == full.cropped(to: PixelRect(x: 32, y: 32, width: 38, height: 38)))
        #expect(last.cropped(to: PixelRect(x: 0, y: 0, width: 100, height: 20)) == first.image.cropped(to: PixelRect(x: 0, y: 0, width: 100, height: 20)))
    }

    @Test func truncatedMovieHasNoIndex() {
        #expect(throws: MovieError(file: movie("truncated-no-index.mov"), reason: .missingIndex)) {
            _ = try MovieDecoder(path: movie("truncated-no-index.mov"))
        }
    }

    @Test func truncatedDataFailsOrStopsEarlyWhenLenient() throws {
        let path = movie("truncated-data.mp4")
        #expect(throws: MovieError.self) { _ = try decodeAll(path) }
        let (decoder, frames, _) = try decodeAll(path, MovieDecodeOptions(lenient: true))
        #expect(frames.count > 0 && frames.count < 180)
        #expect(!decoder.warnings.isEmpty)
    }

    @Test func noVideoStream() {
        #expect(throws: MovieError(file: movie("no-video.mov"), reason: .noVideoStream)) {
            _ = try MovieDecoder(path: movie("no-video.mov"))
        }
    }

    @Test func unsupportedCodec() {
        #expect(throws: MovieError(file: movie("unknown-codec.mov"), reason: .unsupportedCodec("zzzz"))) {
            _ = try MovieDecoder(path: movie("unknown-codec.mov"))
        }
    }

    @Test func notAMovie() {
        let gif = movie("../render/spinner-1x-3cs-256.gif")
        #expect(throws: MovieError(file: gif, reason: .notAMovie)) { _ = try MovieDecoder(path: gif) }
        #expect(throws: MovieError(file: "/nonexistent.mov", reason: .cannotOpen("No such file or directory"))) {
            _ = try MovieDecoder(path: "/nonexistent.mov")
        }
    }

    @Test func limits() {
        let path = movie("spinner-60fps.mp4")
        #expect(throws: MovieError(file: path, reason: .frameTooLarge(width: 100, height: 100, limit: 5000))) {
            _ = try MovieDecoder(path: path, options: MovieDecodeOptions(maxPixels: 5000))
        }
        #expect(throws: MovieError(file: path, reason: .tooManyFrames(limit: 10))) {
            _ = try decodeAll(path, MovieDecodeOptions(maxFrames: 10))
        }
    }

    @Test func probeReadsTheContainerOnly() throws {
        let s = try MovieDecoder.probe(path: movie("spinner-2x-60fps-vfr.mov"))
        #expect(s.codec == "hevc" && s.width == 200 && s.height == 200)
        #expect(s.colourMatrix == "bt709" && !s.fullRange)
        #expect(s.timeBaseDenominator == 600 && s.rotation == 0)
        #expect(throws: MovieError(file: movie("truncated-no-index.mov"), reason: .missingIndex)) {
            _ = try MovieDecoder.probe(path: movie("truncated-no-index.mov"))
        }
    }

    @Test func sniffer() {
        #expect(MovieSniffer.isMovie(Array("\0\0\0\u{18}ftypqt  ".utf8)))
        #expect(!MovieSniffer.isMovie(Array("GIF89a......".utf8)))
        #expect(!MovieSniffer.isMovie(Array("\0\0\0\u{18}ftypheic".utf8)))
    }
}
