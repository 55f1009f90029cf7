import Foundation
import GIFCodec
import Testing
@testable import StrokeScopeCLI

/// Inputs the fuzzers kept (scripts/fuzz.sh), each run as the fuzz target ran it: the command
/// must end with a CLI-CONTRACT exit code, not a crash or a hang.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzInputs").path
    static let contractCodes: Set<Int32> = [0, 1, 64, 65, 66, 73, 74]

    /// `fuzz-fit` stopped this pair (a spinner model, a 50-frame 200×200 GIF) as a timeout after
    /// 31 s under the instrumentation: it finishes in 16 s there and 0.4 s in a release build, a
    /// slow input rather than a hang. Kept so the pair stays quick and clean.
    @Test("fit-slow-1: fit and check finish with a contract exit code")
    func fitSlow1() {
        let model = Self.inputs + "/fit-slow-1.model.json", gif = Self.inputs + "/fit-slow-1.gif"
        let limits = ["--max-pixels", "90000", "--max-frames", "60", "--max-total-pixels", "3000000", "--quiet", "--lenient"]
        let fit = strokescope(["fit", gif, "--model", model, "--format", "json"] + limits)
        #expect(Self.contractCodes.contains(fit.code), "\(fit.err)")
        #expect(fit.code == 0, "a spinner fitted to its own kind of render")
        let check = strokescope(["check", gif, "--model", model, "--rate", "1"] + limits)
        #expect(Self.contractCodes.contains(check.code), "\(check.err)")
    }

    /// `fuzz-numeric` stopped its first input of this kind (`00 00 00 02 00`: the loading
    /// spinner, no field changed, the rate free) as a timeout after 77 s under the
    /// instrumentation on a machine running two other builds: the free-rate fit of an unchanged
    /// model on its own 50×50, 12-frame render, a slow input rather than a hang (the target now
    /// pins the rate). Kept so that this fit stays quick and exact.
    @Test("numeric-timeout-1: the unchanged spinner fitted with the rate free to its own small render")
    func numericTimeout1() {
        let model = ModelCommandTests.fixture("loading-spinner.json")
        let gif = temporaryDirectory() + "/spinner.gif"
        let render = strokescope("render", model, "-o", gif, "--scale", "0.5", "--duration", "0.6", "--delay-cs", "5", "--quiet")
        #expect(render.code == 0, "\(render.err)")
        let fit = strokescope(["fit", gif, "--model", model, "--format", "json", "--jobs", "1", "--quiet"])
        #expect(fit.code == 0, "\(fit.err)")
    }

    /// `fuzz-movie` kept this input: a movie whose header (a data reference box of an unknown
    /// type, sizes mutated) makes FFmpeg's mov demuxer ask for more memory than it may
    /// allocate; `inspect` and `info` said "out of memory while decoding" and exited 70. A
    /// damaged header is the file's fault: one line naming the file, exit 65.
    @Test("movie-header-enomem: a header that asks for too much memory is a damaged file")
    func movieHeaderEnomem() {
        let movie = Self.inputs + "/movie-header-enomem.mov"
        for command in ["inspect", "info"] {
            let run = strokescope([command, movie, "--format", "json", "--lenient", "--max-pixels", "250000", "--max-frames", "300", "--quiet"])
            #expect(run.code == 65, "\(command): \(run.err)")
            #expect(run.err.hasPrefix("error: \(movie): cannot read the movie's container (its header asks for more memory"), "\(run.err)")
            #expect(run.err.split(separator: "\n").count == 1, "\(run.err)")
        }
    }

    /// Not a fuzzer's find: seen in the code while `fuzz-movie` was written (the target does not
    /// run `--overlay`), and confirmed with these two movies, made from
    /// fixtures/movie-inputs/spinner-60fps.mp4 by rewriting boxes. `movie-long-frame.mp4` holds
    /// its last frame for 700 s (one 420000-tick sample, no edit list): the overlay GIF's delay
    /// of 70000 cs was refused by the GIF encoder and `inspect --overlay` exited 70.
    /// `movie-absurd-stream-end.mp4` has a 1/1 time base and an empty edit that puts the
    /// stream's end ~9.2e18 s after its frames: converting that to centiseconds trapped. The
    /// overlay now holds such a frame for 65535 cs, the longest a GIF frame can show.
    @Test("movie-long-frame: inspect --overlay on movies whose last frame outlasts a GIF frame")
    func movieLongFrame() throws {
        // The other frames: 1/60 s in the first (1 or 2 cs), 10 s in the second (10 ticks of 1 s).
        for (name, others) in [("movie-long-frame.mp4", 1...2), ("movie-absurd-stream-end.mp4", 1000...1000)] {
            let overlay = temporaryDirectory() + "/overlay.gif"
            let run = strokescope(["inspect", Self.inputs + "/" + name, "--overlay", overlay, "--format", "json", "--quiet"])
            #expect(run.code == 0, "\(name): \(run.err)")
            let decoder = try GIFDecoder(path: overlay)
            var delays: [Int] = []
            while let info = try decoder.nextInfo() { delays.append(info.delayCentiseconds) }
            #expect(delays.count == 180, "\(name)")
            #expect(delays.last == 65535, "\(name): the last frame held as long as a GIF can")
            #expect(delays.dropLast().allSatisfy { others.contains($0) }, "\(name): the other frames keep their delays")
        }
        #expect(OverlayGIFWriter.delayCentiseconds(time: 0.5, duration: 1 / 60.0) == 2)
        #expect(OverlayGIFWriter.delayCentiseconds(time: 1, duration: .infinity) == 65535)
        #expect(OverlayGIFWriter.delayCentiseconds(time: 1, duration: .nan) == 0)
        #expect(OverlayGIFWriter.delayCentiseconds(time: 1, duration: -5) == 0)
    }
}
