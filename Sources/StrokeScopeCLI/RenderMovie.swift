import AnimationModel
import CLIArguments
import JSON
import MovieCodec
import Rendering

/// `render -o OUT.mp4|.m4v|.mov`: the movie half of `render`.
extension RenderCommand {
    /// Movies use exact timestamps and no palette; GIFs have no codec. An option that only one
    /// kind of output understands is refused for the other, so nothing asked for is ignored.
    static func checkFormatOptions(_ args: ParsedArguments, movie: Bool, transparent: Bool) throws(UsageError) {
        let gifOnly = ["colors": "--colors <n>", "dither": "--dither <method>", "loop": "--loop <n>",
                       "delays": "--delays <cs,cs,...>", "delay-cs": "--delay-cs <cs>"]
        let movieOnly = ["codec": "--codec <codec>", "crf": "--crf <n>"]
        if movie {
            for (name, label) in gifOnly.sorted(by: { $0.key < $1.key }) {
                if let value = args.value(name) {
                    throw .inCommand("strokescope render", .invalidValue(value, for: label, expected: "an option of GIF output; a movie (.mp4, .m4v, .mov) does not take it"))
                }
            }
            if args.flag("delta-frames") {
                throw .inCommand("strokescope render", .invalidValue("--delta-frames", for: "--delta-frames", expected: "an option of GIF output; a movie (.mp4, .m4v, .mov) does not take it"))
            }
            if transparent {
                throw .inCommand("strokescope render", .invalidValue(args.value("background") ?? "transparent", for: "--background <colour>",
                                                                     expected: "an opaque colour: a movie has no transparency"))
            }
        } else {
            for (name, label) in movieOnly.sorted(by: { $0.key < $1.key }) {
                if let value = args.value(name) {
                    throw .inCommand("strokescope render", .invalidValue(value, for: label, expected: "an option of movie output (.mp4, .m4v, .mov)"))
                }
            }
            if args.flag("vfr") {
                throw .inCommand("strokescope render", .invalidValue("--vfr", for: "--vfr", expected: "an option of movie output (.mp4, .m4v, .mov)"))
            }
        }
    }

    /// The movie's clock: 90 kHz, MPEG's, which holds 24, 25, 30, 50, 60, 120 and 240 Hz exactly.
    static let movieTicksPerSecond = 90_000

    static func renderMovie(_ args: ParsedArguments, _ console: Console, container: MovieEncoderOptions.Container,
                            model: ResolvedModel, settings: RenderSettings, plan: RecordingSchedule.Plan,
                            output: String, truthPath: String?, force: Bool, unevenCanvas: (Int, Int)?) throws(CLIError) -> Int32 {
        // Refused before drawing anything (MovieEncoder would refuse it at the first frame).
        guard settings.width <= MovieEncoder.maximumSide, settings.height <= MovieEncoder.maximumSide else {
            throw CLIError("canvas \(settings.width)×\(settings.height) is above \(MovieEncoder.maximumSide) px a side, the most a movie takes",
                           exitCode: CLIError.Code.usage)
        }
        let codec: MovieEncoderOptions.Codec = args.value("codec") == "hevc" ? .hevc : .h264
        let crf: Int
        do throws(UsageError) {
            crf = try args.value("crf", as: .integer(in: .between(0, 51))) ?? 16
        } catch { throw CLIError.usage(error) }
        let schedule: MovieSchedule
        do {
            schedule = try MovieSchedule(plan, ticksPerSecond: movieTicksPerSecond)
        } catch {
            throw CLIError.usage(.inCommand("strokescope render", .invalidValue(
                String(error.frame), for: "--late/--jitter",
                expected: "times that keep frames in order: frame \(error.frame) would show at or before the frame before it")))
        }
        guard !schedule.frames.isEmpty else { throw CLIError("no frames to render (check --duration)", exitCode: CLIError.Code.usage) }
        var frameRate: Double?
        if case .fps(let fps) = plan.interval { frameRate = fps }
        if case .centiseconds(let cs) = plan.interval { frameRate = 100 / Double(cs) }
        let leaveOutHeld = args.flag("vfr")
        let options = MovieEncoderOptions(container: container, codec: codec, crf: crf,
                                          ticksPerSecond: movieTicksPerSecond, frameRate: leaveOutHeld ? nil : frameRate)

        var truthFrames: [JSONValue] = []
        let renderer = MovieRenderer(renderer: FrameRenderer(model: model, settings: settings), schedule: schedule,
                                     leavesOutHeldFrames: leaveOutHeld)
        let progress = Progress(console: console, quiet: args.flag("quiet"))
        progress.start(label: "rendering", total: schedule.frames.count)
        let written: Int
        do {
            written = try renderer.write(to: output, options: options, overwrite: force,
                                         frameWritten: { frame in if truthPath != nil { truthFrames.append(Self.movieTruth(frame)) } },
                                         framesDrawn: { progress.update($0) })
            progress.finish()
        } catch {
            progress.finish()
            throw CLIError(error.description, exitCode: error.exitCode)
        }
        if let truthPath {
            var document = Self.truthDocument(output: output, model: model, settings: settings, frames: truthFrames)
            if case .object(var o) = document {
                // Where the frame times come from, as `fit` reports it for a movie.
                o.append("timing", .object(JSONObject([("source", .string("timestamps")),
                                                        ("ticksPerSecond", .int(movieTicksPerSecond)),
                                                        ("codec", .string(codec.rawValue)),
                                                        ("variableFrameRate", .bool(leaveOutHeld))])))
                document = .object(o)
            }
            try writeText(document.serialized() + "\n", to: truthPath, overwrite: force)
        }
        let total = schedule.seconds(schedule.endTicks)
        let size = "\(settings.width)×\(settings.height) px" + (unevenCanvas.map { ", \($0.0)×\($0.1) rounded up to even sides" } ?? "")
        let left = schedule.frames.count - written
        let held = left > 0 ? ", \(left) held frame\(left == 1 ? "" : "s") left out" : ""
        console.out.write("wrote \(output) (\(size), \(written) frames\(held), \(shortText(milliseconds(total))) ms, \(codec == .hevc ? "HEVC" : "H.264"))\n")
        if let truthPath { console.out.write("wrote \(truthPath)\n") }
        return CLIError.Code.success
    }

    /// One movie frame of the truth file: the GIF frame's fields with exact times (`time` is the
    /// timestamp, `delay` the time to the next frame) and the timestamp in ticks; no centiseconds.
    static func movieTruth(_ frame: RenderedMovieFrame) -> JSONValue {
        let gifShaped = truth(RenderedFrame(schedule: RecordingSchedule.Frame(index: frame.index, recordingTime: frame.time, delayCentiseconds: 0,
                                                                                  modelTime: frame.modelTime, flags: frame.flags),
                                            layers: frame.layers))
        guard case .object(let o) = gifShaped else { return gifShaped }
        var out = JSONObject()
        for (key, value) in o {
            switch key {
            case "delay": out.append("delay", .number(frame.delay, decimals: 9))
            case "time": out.append("time", .number(frame.time, decimals: 9)); out.append("pts", .int(Int(frame.pts)))
            case "delayCentiseconds": continue
            default: out.append(key, value)
            }
        }
        return .object(out)
    }
}
