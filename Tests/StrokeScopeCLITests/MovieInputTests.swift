import AnimationModel
import Fitting
import Foundation
import Inspection
import Testing

/// Movies through the typed pipeline and the CLI: times are the presentation timestamps,
/// `--fps` still overrides them, damaged files fail with one line or give what decoded.
@Suite("Movies as recordings")
struct MovieInputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
    static func movie(_ name: String) -> String { root + "/fixtures/movie-inputs/" + name }
    static let spinner = root + "/fixtures/models/loading-spinner.json"

    @Test("a movie is told by its content and timed by its timestamps; a variable rate stays")
    func timestamps() throws {
        let recording = try Recording(contentsOf: Self.movie("spinner-2x-60fps-vfr.mov"))
        #expect(recording.format == .movie)
        #expect(recording.timing == .timestamps)
        #expect(recording.movie?.codec == "hevc")
        let inspection = try Inspector().inspect(recording)
        #expect(inspection.frames.count == 87)
        let captured = (0..<90).filter { ![12, 13, 40].contains($0) }
        for (frame, k) in zip(inspection.frames, captured) { #expect(abs(frame.time - Double(k) / 60) < 1e-9) }
        #expect(abs(inspection.frames[11].delay - 3.0 / 60) < 1e-9)
    }

    @Test("a fit on a movie reports the timestamps as its time base; --fps overrides them")
    func fitTimeBase() throws {
        let document = try ModelLoader.load(path: Self.spinner)
        let recording = try Recording(contentsOf: Self.movie("spinner-2x-60fps-vfr.mov"))
        let inspection = try Inspector().inspect(recording, model: document)
        var fitter = Fitter()
        fitter.options.rate = 1
        let fit = try fitter.fit(document, to: inspection)
        #expect(fit.result.timeBase.source == .timestamps)
        #expect(fit.result.maxAngleError ?? 99 < 2)

        let even = try Recording(contentsOf: Self.movie("spinner-60fps.mp4"), timing: .evenlySpaced(fps: 30))
        #expect(even.timing == .evenlySpaced(fps: 30))
        let evenly = try Inspector().inspect(even)
        #expect(abs(evenly.frames[3].time - 0.1) < 1e-9)
    }

    @Test("frames writes a movie's frames as PNG, and folders list movies")
    func framesAndFolders() {
        let dir = temporaryDirectory()
        let run = strokescope("frames", Self.movie("spinner-60fps.mp4"), "-o", dir + "/f", "--quiet")
        #expect(run.code == 0)
        #expect(run.out == "wrote 180 frames to \(dir)/f\n")
        let folder = strokescope("info", Self.root + "/fixtures/movie-inputs", "--format", "csv", "--quiet")
        // The good movies are listed and described; the broken ones each give their error.
        #expect(folder.out.contains("spinner-60fps.mp4") && folder.out.contains("spinner-2x-60fps-vfr.mov"))
        #expect(folder.err.contains("truncated-no-index.mov: truncated movie: no index"))
    }

    @Test("damaged movies: one line naming the file and exit 65, or with --lenient the frames decoded so far")
    func damaged() {
        let cut = Self.movie("truncated-data.mp4")
        let strict = strokescope("info", cut)
        #expect(strict.code == 65)
        #expect(strict.errLines.count == 1 && strict.err.contains(cut))
        let lenient = strokescope("info", cut, "--lenient", "--format", "json")
        #expect(lenient.code == 0)
        #expect(lenient.err.contains("stopped early"))
        let gif = strokescope("info", Self.root + "/fixtures/movie-inputs/README.md")
        #expect(gif.code == 65)
    }
}
