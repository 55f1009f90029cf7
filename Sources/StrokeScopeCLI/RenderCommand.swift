import AnimationModel
import CLIArguments
import GIFCodec
import JSON
import MovieCodec
import Raster
import Rendering
import StrokeGeometry

/// `strokescope render MODEL.json -o OUT.gif|.mp4|.mov`: a reference GIF or movie of what the
/// model puts on screen.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Render an animation model into a GIF or a movie, optionally with recorder-like imperfections and the exact per-frame truth.",
        discussion: "Strokes are drawn with exact area coverage in the layer's colour over the background, at a pixel scale like a device recording (pixel = origin + point × scale). Frame i shows model time from + rate × (capture time of frame i). An output ending in .mp4, .m4v or .mov is a movie (H.264 or HEVC, 4:2:0, BT.709) whose frames carry their exact capture times as timestamps (a 90 kHz clock); its canvas is rounded up to even sides. With --truth, every frame's model time and every layer's exact state, stroke fractions, on-screen angles and pixel geometry are written as JSON in the shape of inspect's output.",
        arguments: [ArgumentSpec("model.json", help: "The animation model: a strokescope-model/1 file, or Objective-C or Swift code (a file or a folder) imported as `strokescope import` does.")],
        options: [
            .option("output", short: "o", value: "file", help: "Where to write: a GIF (.gif), or a movie (.mp4, .m4v, .mov)."),
            .option("fps", value: "n", help: "Frames per second; in a GIF each frame starts at the nearest centisecond of its capture time (30 fps gives 3, 4, 3 cs), in a movie at its exact time (a movie's default: 60)."),
            .option("delay-cs", value: "cs", help: "GIF: a fixed delay per frame in centiseconds.", default: "3"),
            .option("duration", value: "seconds", help: "Recording length.", default: "up to two cycles past the last animation's begin"),
            .option("from", value: "seconds", help: "Model time of the first frame.", default: "0"),
            .option("scale", value: "n", help: "Pixels per point (1, 2, 3 like a device).", default: "1"),
            .option("size", value: "WxH", help: "Canvas size in pixels.", default: "the layers' extent"),
            .option("origin", value: "X,Y", help: "Pixel position of the point (0, 0).", default: "0,0"),
            .option("background", value: "colour", help: "#RRGGBB, white, black or transparent.", default: "white"),
            .option("colors", value: "n", help: "Palette size, 2 to 256.", default: "256"),
            .option("dither", value: "method", help: "Dithering when the palette is too small.", choices: ["none", "ordered", "floyd-steinberg"], default: "none"),
            .flag("delta-frames", help: "Write only the changed rectangle of each frame, with transparency, as recorders do."),
            .option("loop", value: "n", help: "NETSCAPE2.0 loop count (0 = forever).", default: "0"),
            .option("set", value: "name=value", help: "Give a model variable another value.", repeatable: true),
            .option("rate", value: "r", help: "Imperfection: model seconds per recording second (the recording clock runs slow when above 1).", default: "1"),
            .option("jitter", value: "seconds", help: "Imperfection: each frame is captured up to this much early or late (uniform, seeded)."),
            .option("seed", value: "n", help: "Seed for --jitter.", default: "1"),
            .option("late", value: "frame:seconds", help: "Imperfection: this frame is captured late (repeatable).", repeatable: true),
            .option("drop", value: "frame", help: "Imperfection: this frame is left out; its delay goes to the frame before (repeatable).", repeatable: true),
            .option("duplicate", value: "frame", help: "Imperfection: this frame repeats the picture of the frame before (repeatable).", repeatable: true),
            .option("delays", value: "cs,cs,...", help: "Imperfection: store these delays (cycled) instead of the capture intervals."),
            .option("codec", value: "codec", help: "Movie: the video codec (libx264 or libx265).", choices: ["h264", "hevc"], default: "h264"),
            .option("crf", value: "n", help: "Movie: the encoder's constant rate factor, 0 to 51 (lower is closer and larger).", default: "16"),
            .flag("vfr", help: "Movie: leave out frames that repeat the picture before, as a simulator recording does (a variable frame rate); every frame keeps its true timestamp."),
            .option("truth", value: "file.json", help: "Also write the exact per-frame values used."),
            SharedOptions.force, SharedOptions.maxModelBytes, SharedOptions.quiet,
        ],
        examples: [
            CommandExample(["payment-success.json", "-o", "payment.gif", "--duration", "9", "--truth", "payment.json"], "The payment animation and its truth."),
            CommandExample(["loading-spinner.json", "-o", "spinner@2x.gif", "--scale", "2", "--fps", "30", "--colors", "32", "--delta-frames"], "A 2× recording-like spinner."),
            CommandExample(["loading-spinner.json", "-o", "slow.gif", "--rate", "0.5", "--jitter", "0.005", "--drop", "7"], "A spoiled recording for testing the analysis."),
            CommandExample(["payment-success.json", "-o", "payment.mp4", "--fps", "60", "--scale", "2", "--truth", "payment.json"], "A 60 Hz H.264 movie and its exact frame times."),
            CommandExample(["loading-spinner.json", "-o", "spinner.mov", "--codec", "hevc", "--vfr", "--duplicate", "12"], "An HEVC movie with a variable frame rate: the held frame is left out."),
        ])

    static func run(_ args: ParsedArguments, _ console: Console) throws(CLIError) -> Int32 {
        let file = args.positional("model.json")!
        let force = args.flag("force")
        guard let output = args.value("output") else {
            throw CLIError("Missing expected option '--output <file>'.", exitCode: CLIError.Code.usage, hint: "See 'strokescope render --help'.")
        }
        let movie = MovieEncoderOptions.Container(path: output)
        let truthPath = args.value("truth")
        var plan: RecordingSchedule.Plan
        var scale = 1.0, size: [Double]?, origin: [Double]?, background: RGBA? = .white
        var colors = 256, dithering = Dithering.none, loop = 0
        var sets: [NamedValue] = []
        var durationOption: Double?
        do throws(UsageError) {
            if args.value("fps") != nil && args.value("delay-cs") != nil {
                throw UsageError.inCommand("strokescope render", .invalidValue(args.value("fps")!, for: "--fps <n>", expected: "either --fps or --delay-cs, not both"))
            }
            let interval: RecordingSchedule.Interval
            if let fps = try args.value("fps", as: .double(in: .between(0.1, 1000))) {
                interval = .fps(fps)
            } else if let cs = try args.value("delay-cs", as: .integer(in: .between(1, 65535))) {
                interval = .centiseconds(cs)
            } else {
                // A screen recording's rate for a movie; the GIF default of 3 cs otherwise.
                interval = movie == nil ? .centiseconds(3) : .fps(60)
            }
            durationOption = try args.value("duration", as: .duration(in: .greaterThan(0)))
            plan = RecordingSchedule.Plan(from: try args.value("from", as: .duration(in: .between(-1e6, 1e6))) ?? 0,
                                          duration: durationOption ?? 0, interval: interval)
            plan.rate = try args.value("rate", as: .double(in: .between(0.01, 100))) ?? 1
            plan.jitter = try args.value("jitter", as: .duration(in: .between(0, 10))) ?? 0
            plan.seed = UInt64(try args.value("seed", as: .integer(in: .atLeast(0))) ?? 1)
            for l in try args.values("late", as: .frameSeconds) { plan.late[l.frame] = l.seconds }
            plan.drop = Set(try args.values("drop", as: .integer(in: .atLeast(0))))
            plan.duplicate = Set(try args.values("duplicate", as: .integer(in: .atLeast(1))))
            if let text = args.value("delays") {
                let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int(trimmingBlanks($0)) }
                guard !parts.isEmpty, parts.allSatisfy({ $0 != nil && $0! >= 0 && $0! <= 65535 }) else {
                    throw UsageError.inCommand("strokescope render", .invalidValue(text, for: "--delays <cs,cs,...>", expected: "comma-separated whole centiseconds"))
                }
                plan.storedDelays = parts.map { $0! }
            }
            scale = try args.value("scale", as: .double(in: .between(0.1, 16))) ?? 1
            if let text = args.value("size") {
                let parts = text.lowercased().split(separator: "x").map { Int($0) }
                guard parts.count == 2, let w = parts[0], let h = parts[1], w >= 1, h >= 1, w <= 65535, h <= 65535 else {
                    throw UsageError.inCommand("strokescope render", .invalidValue(text, for: "--size <WxH>", expected: "width x height in pixels, e.g. 300x300"))
                }
                size = [Double(w), Double(h)]
            }
            origin = try args.value("origin", as: .numbers(named: ["X", "Y"]))
            if let text = args.value("background") {
                switch text.lowercased() {
                case "transparent", "none": background = nil
                case "white": background = .white
                case "black": background = .black
                default:
                    guard let c = parseHexColor(text) else {
                        throw UsageError.inCommand("strokescope render", .invalidValue(text, for: "--background <colour>", expected: "#RRGGBB, white, black or transparent"))
                    }
                    background = c
                }
            }
            colors = try args.value("colors", as: .integer(in: .between(2, 256))) ?? 256
            switch args.value("dither") ?? "none" {
            case "ordered": dithering = .ordered
            case "floyd-steinberg": dithering = .floydSteinberg
            default: dithering = .none
            }
            loop = try args.value("loop", as: .integer(in: .between(0, 65535))) ?? 0
            sets = try args.values("set", as: .namedValue)
            try Self.checkFormatOptions(args, movie: movie != nil, transparent: background == nil)
        } catch { throw CLIError.usage(error) }

        try OutputPaths.checkFile(output, force: force)
        if let truthPath {
            guard OutputPaths.normalized(truthPath) != OutputPaths.normalized(output) else {
                throw CLIError("\(truthPath): --truth names the same file as --output", exitCode: CLIError.Code.usage)
            }
            try OutputPaths.checkFile(truthPath, force: force)
        }
        let document = try ModelFile.load(file, console: console, quiet: args.flag("quiet"), limitFrom: args)
        let model = try ModelFile.resolve(document, file: file, sets: sets)

        let suggested = FrameRenderer.suggestedCanvas(for: model, scale: scale)
        var width = size.map { Int($0[0]) } ?? suggested.width
        var height = size.map { Int($0[1]) } ?? suggested.height
        // 4:2:0 video has even sides: the canvas grows by a column or row that the renderer draws.
        let unevenCanvas = movie != nil && (width % 2 != 0 || height % 2 != 0) ? (width, height) : nil
        if movie != nil { width += width % 2; height += height % 2 }
        // A GIF's screen is at most 65535 px a side.
        guard Double(width) * Double(height) <= 64_000_000, width <= 65535, height <= 65535 else {
            // Without --size the canvas is the layers' extent: the model is what is too large.
            if size == nil {
                throw CLIError("\(file): the layers' extent needs a canvas of \(width)×\(height) px, above 64 megapixels or 65535 px a side (give --size)",
                               exitCode: CLIError.Code.malformedInput)
            }
            throw CLIError("canvas \(width)×\(height) is above 64 megapixels", exitCode: CLIError.Code.usage)
        }
        let settings = RenderSettings(scale: scale, width: width, height: height,
                                      origin: origin.map { Point(x: $0[0], y: $0[1]) } ?? (size == nil ? suggested.origin : .zero),
                                      background: background, colors: colors, dithering: dithering,
                                      deltaFrames: args.flag("delta-frames"), loopCount: loop)
        if durationOption == nil { plan.duration = max(0.01, (model.suggestedEndTime - plan.from) / plan.rate) }
        // Counted before any frame is laid out: a --duration of 1e300 s must not allocate.
        let expected = RecordingSchedule.expectedFrameCount(plan)
        guard expected <= 100_000 else {
            let count = expected.isFinite ? shortText(expected.rounded(.up)) : "unboundedly many"
            if durationOption == nil {
                throw CLIError("\(file): the model's default span of \(shortText(plan.duration)) s makes \(count) frames, at most 100000 (give --duration)",
                               exitCode: CLIError.Code.malformedInput)
            }
            throw CLIError("\(count) frames requested; at most 100000", exitCode: CLIError.Code.usage)
        }
        try checkImperfectionFrames(plan, args)
        if let movie {
            return try renderMovie(args, console, container: movie, model: model, settings: settings, plan: plan,
                                   output: output, truthPath: truthPath, force: force, unevenCanvas: unevenCanvas)
        }
        let schedule = RecordingSchedule(plan)
        guard !schedule.frames.isEmpty else { throw CLIError("no frames to render (check --duration)", exitCode: CLIError.Code.usage) }
        guard schedule.frames.count <= 100_000 else {
            throw CLIError("\(schedule.frames.count) frames requested; at most 100000", exitCode: CLIError.Code.usage)
        }

        var truthFrames: [JSONValue] = []
        let renderer = AnimationRenderer(renderer: FrameRenderer(model: model, settings: settings), schedule: schedule)
        // The palette pass renders every frame before the first is written: the bar counts the
        // writing pass.
        let progress = Progress(console: console, quiet: args.flag("quiet"))
        progress.start(label: "rendering", total: schedule.frames.count)
        var done = 0
        do {
            try renderer.write(to: output, overwrite: force) { frame in
                if truthPath != nil { truthFrames.append(Self.truth(frame)) }
                done += 1
                progress.update(done)
            }
            progress.finish()
        } catch {
            progress.finish()
            throw CLIError.gif(error)
        }
        if let truthPath {
            let document = Self.truthDocument(output: output, model: model, settings: settings, frames: truthFrames)
            do {
                try writeText(document.serialized() + "\n", to: truthPath, overwrite: force)
            } catch { throw error }
        }
        let total = Double(schedule.frames.reduce(0) { $0 + $1.delayCentiseconds }) / 100
        console.out.write("wrote \(output) (\(width)×\(height) px, \(schedule.frames.count) frames, \(shortText(milliseconds(total))) ms)\n")
        if let truthPath { console.out.write("wrote \(truthPath)\n") }
        return CLIError.Code.success
    }

    /// Every frame named by --late, --drop and --duplicate must exist in the perfect recording,
    /// so that no imperfection that was asked for is silently left out: frame 0 cannot be dropped
    /// (no frame before it takes its delay), and a dropped frame cannot also be late or repeated.
    static func checkImperfectionFrames(_ plan: RecordingSchedule.Plan, _ args: ParsedArguments) throws(CLIError) {
        guard !plan.late.isEmpty || !plan.drop.isEmpty || !plan.duplicate.isEmpty else { return }
        let count = RecordingSchedule(RecordingSchedule.Plan(from: plan.from, duration: plan.duration, interval: plan.interval)).frames.count
        func refuse(_ value: String, _ label: String, _ expected: String) -> CLIError {
            CLIError.usage(.inCommand("strokescope render", .invalidValue(value, for: label, expected: expected)))
        }
        let range = "(the recording has \(count) frame\(count == 1 ? "" : "s"))"
        for text in args.values("late") {
            let frame = Int(text.split(separator: ":").first ?? "") ?? -1
            if frame >= count {
                throw refuse(text, "--late <frame:seconds>", "a frame from 0 to \(count - 1) \(range)")
            }
            if plan.drop.contains(frame) {
                throw refuse(text, "--late <frame:seconds>", "a frame that is not dropped")
            }
        }
        for frame in plan.drop.sorted() where frame < 1 || frame >= count {
            throw refuse(String(frame), "--drop <frame>",
                         count > 1 ? "a frame from 1 to \(count - 1) \(range); frame 0 has no frame before it to take its delay"
                                   : "a frame after the first, but the recording has only 1 frame")
        }
        for frame in plan.duplicate.sorted() {
            if frame >= count {
                throw refuse(String(frame), "--duplicate <frame>",
                             count > 1 ? "a frame from 1 to \(count - 1) \(range)" : "a frame after the first, but the recording has only 1 frame")
            }
            if plan.drop.contains(frame) {
                throw refuse(String(frame), "--duplicate <frame>", "a frame that is not dropped")
            }
        }
    }

    static func truth(_ frame: RenderedFrame) -> JSONValue {
        let s = frame.schedule
        return .object(JSONObject([
            ("index", .int(s.index)),
            ("time", .number(s.recordingTime, decimals: 6)),
            ("delay", .number(Double(s.delayCentiseconds) / 100, decimals: 6)),
            ("delayCentiseconds", .int(s.delayCentiseconds)),
            ("modelTime", .number(s.modelTime, decimals: 9)),
            ("flags", .array(s.flags.map { .string($0) })),
            ("layers", .array(frame.layers.map { t in
                let p = t.presentation
                var o = JSONObject([("name", .string(p.values.name)), ("state", .string(p.state.rawValue))])
                if let a = p.startAngle { o.append("startAngle", .number(a, decimals: 6)) }
                if let a = p.endAngle { o.append("endAngle", .number(a, decimals: 6)) }
                if p.state != .absent {
                    o.append("strokeStart", .number(p.values.strokeStart, decimals: 9))
                    o.append("strokeEnd", .number(p.values.strokeEnd, decimals: 9))
                    o.append("rotation", .number(p.values.rotationDegrees, decimals: 6))
                }
                if let c = t.centerPixels { o.append("center", .array([.number(c.x, decimals: 6), .number(c.y, decimals: 6)])) }
                if let r = t.radiusPixels { o.append("radius", .number(r, decimals: 6)) }
                o.append("lineWidth", .number(t.lineWidthPixels, decimals: 6))
                return .object(o)
            })),
        ]))
    }

    static func truthDocument(output: String, model: ResolvedModel, settings: RenderSettings, frames: [JSONValue]) -> JSONValue {
        let mapping = (scale: settings.scale, origin: settings.origin)
        let layers: [JSONValue] = model.layers.map { layer in
            var o = JSONObject([("name", .string(layer.name)),
                                ("kind", .string(layer.geometry.circularArc == nil ? "path" : "arc"))])
            if let c = layer.geometry.circularArc {
                let centre = layer.geometry.pathToScreen(rotation: 0).apply(to: c.center)
                o.append("center", .array([.number(mapping.origin.x + centre.x * mapping.scale, decimals: 6),
                                           .number(mapping.origin.y + centre.y * mapping.scale, decimals: 6)]))
                o.append("radius", .number(c.radius * mapping.scale, decimals: 6))
            }
            o.append("lineWidth", .number(layer.style.lineWidth * mapping.scale, decimals: 6))
            o.append("lineCap", .string(layer.style.lineCap.rawValue))
            o.append("strokeColor", layer.style.strokeColor.map { .string($0) } ?? .null)
            return .object(o)
        }
        return .object(JSONObject([
            ("schema", .string("strokescope-truth/1")),
            ("file", .string(output)),
            ("model", .string(model.name)),
            ("variables", .object(JSONObject(model.variables.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value, decimals: 12)) }))),
            ("canvas", .object(JSONObject([("width", .int(settings.width)), ("height", .int(settings.height))]))),
            ("scale", .number(settings.scale, decimals: 6)),
            ("origin", .array([.number(settings.origin.x, decimals: 6), .number(settings.origin.y, decimals: 6)])),
            ("layers", .array(layers)),
            ("frames", .array(frames)),
        ]))
    }
}

/// `text` without leading and trailing blanks (spaces and tabs, not line breaks).
private func trimmingBlanks(_ text: Substring) -> Substring {
    func blank(_ c: Character) -> Bool { c.isWhitespace && !c.isNewline }
    guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return "" }
    return text[first...last]
}
