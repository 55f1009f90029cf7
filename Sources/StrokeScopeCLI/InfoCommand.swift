import Inspection
import CLIArguments
import GIFCodec
import MovieCodec
import Raster
import JSON
import Reports

/// `strokescope info FILE.gif`: the GIF's structure, one row per frame (a movie's: `MovieSummary`).
enum InfoCommand {
    static let spec = CommandSpec(
        name: "info",
        abstract: "Show a GIF's or a movie's structure and one row per frame.",
        discussion: "A GIF: screen, palette, loop count and per frame its delay, rectangle and disposal. A movie (QuickTime or MPEG-4, told by content): container, codec, size, pixel format, colour, time base, constant or variable frame rate and per frame its timestamp, duration and key flag. Every frame is decoded (and a GIF's composited), so damaged data and odd but playable files (frames past the screen, indices past the palette, a missing trailer) are reported. Times are in milliseconds in tables and seconds in JSON.",
        arguments: [ArgumentSpec("file.gif", help: "The animated GIF or movie to describe (several files or folders run as a batch).", repeated: true)],
        options: [SharedOptions.format, SharedOptions.delayPolicy, SharedOptions.fps, SharedOptions.maxPixels, SharedOptions.maxFrames, SharedOptions.maxTotalPixels,
                  SharedOptions.lenient, SharedOptions.quiet] + BatchInputs.options,
        examples: [
            CommandExample(["spinner.gif"], "Frame table on the terminal."),
            CommandExample(["recordings/", "--recursive", "--format", "csv"], "Every GIF under a folder, one CSV with a file column."),
            CommandExample(["spinner.gif", "--format", "json", "--delay-policy", "browser"], "Machine-readable, with delays as browsers play them."),
        ])

    static func run(_ args: ParsedArguments, _ console: Console) throws(CLIError) -> Int32 {
        let file = args.positionals("file.gif")[0]
        let format: OutputFormat
        let timing: FrameTiming
        let options: GIFDecodeOptions
        do {
            format = try SharedOptions.outputFormat(args)
            timing = try SharedOptions.timing(args)
            options = try SharedOptions.decodeOptions(args)
        } catch { throw CLIError.usage(error) }

        // A movie or a GIF, each summarised in one streaming pass; printed the same way.
        let warnings: [String], rendered: String
        if RecordingFormat.detect(file) == .movie {
            let summary = try MovieSummary.read(file, options: options, timing: timing)
            warnings = summary.warnings
            rendered = format == .json ? summary.json.serialized() + "\n" : summary.report.rendered(as: format)
        } else {
            let summary = try GIFSummary.read(file, options: options, timing: timing)
            warnings = summary.allWarnings
            rendered = format == .json ? summary.json.serialized() + "\n" : summary.report.rendered(as: format)
        }
        if !args.flag("quiet") {
            for warning in warnings { console.warn("\(file): \(warning)") }
        }
        console.out.write(rendered)
        return CLIError.Code.success
    }
}

/// Everything `info` reports about one file, gathered in one streaming pass.
struct GIFSummary {
    struct Row {
        var info: GIFFrameInfo
        var start: Double
        var duration: Double
    }

    let file: String
    let fileSize: Int
    let screen: GIFScreen
    let loopCount: Int?
    let comments: Int
    let timing: FrameTiming
    let rows: [Row]
    let duration: Double
    let fileWarnings: [GIFWarning]

    static func read(_ file: String, options: GIFDecodeOptions, timing: FrameTiming) throws(CLIError) -> GIFSummary {
        do {
            let decoder = try GIFDecoder(path: file, options: options)
            var schedule = FrameSchedule(timing)
            var rows: [Row] = []
            while let frame = try decoder.next() {
                let t = schedule.next(rawDelayCentiseconds: frame.info.delayCentiseconds)
                rows.append(Row(info: frame.info, start: t.start, duration: t.duration))
            }
            return GIFSummary(file: file, fileSize: decoder.fileSize, screen: decoder.screen,
                              loopCount: decoder.loopCount, comments: decoder.commentCount, timing: timing,
                              rows: rows, duration: schedule.total, fileWarnings: decoder.warnings)
        } catch {
            throw CLIError.gif(error)
        }
    }

    /// File warnings, then each frame's, then the advice about zero delays.
    var allWarnings: [String] {
        var lines = fileWarnings.map(\.description)
        if rows.isEmpty { lines.append("the file has no frames") }
        lines += rows.flatMap { $0.info.warnings.map(\.description) }
        if timing == .delays(.raw) {
            let zero = rows.filter { $0.info.delayCentiseconds == 0 }.map(\.info.index)
            if !zero.isEmpty {
                let list = zero.prefix(8).map(String.init).joined(separator: ", ") + (zero.count > 8 ? ", ..." : "")
                let one = zero.count == 1
                lines.append("\(zero.count) frame\(one ? "" : "s") (\(list)) \(one ? "has" : "have") a 0 cs delay: under --delay-policy raw \(one ? "it shares" : "they share") an instant with the next frame; browsers play \(one ? "it" : "them") as 10 cs (try --delay-policy browser or --fps)")
            }
        }
        return lines
    }

    var loopText: String {
        switch loopCount {
        case nil: "none (plays once)"
        case 0: "0 (forever)"
        case let n?: "\(n)"
        }
    }

    // MARK: - Human formats

    var report: Report {
        var report = Report(title: "GIF \(file)")
        report.addSummary("file size (bytes)", .int(fileSize), key: "fileSize")
        report.addSummary("version", .string(screen.version))
        report.addSummary("screen (px)", .string("\(screen.width)×\(screen.height)"), key: "screen")
        report.addSummary("global palette (colours)", .int(screen.globalPaletteSize), key: "globalPaletteSize")
        report.addSummary("background index", .int(screen.backgroundIndex), key: "backgroundIndex")
        report.addSummary("loop count", .string(loopText), key: "loopCount")
        report.addSummary("frames", .int(rows.count))
        report.addSummary("total duration (ms)", .double(milliseconds(duration), decimals: 0), key: "durationMs")
        report.addSummary("timing", .string(timing.label))
        var table = Table(key: "frames", columns: [
            Column("frame", key: "index"),
            Column("start (ms)", key: "startMs"),
            Column("delay (cs)", key: "delayCentiseconds"),
            Column("delay (ms)", key: "delayMs"),
            Column("x (px)", key: "x"),
            Column("y (px)", key: "y"),
            Column("width (px)", key: "width"),
            Column("height (px)", key: "height"),
            Column("disposal", key: "disposal", alignment: .left),
            Column("transparent index", key: "transparentIndex"),
            Column("local palette (colours)", key: "localPaletteSize"),
            Column("interlaced", key: "interlaced", alignment: .left),
            Column("warnings", key: "warnings", alignment: .left),
        ])
        for row in rows {
            let i = row.info
            let tags = i.warnings.map(\.tag).joined(separator: " ")
            table.append([
                .int(i.index), .double(milliseconds(row.start), decimals: 0), .int(i.delayCentiseconds),
                .double(milliseconds(row.duration), decimals: 0), .int(i.rect.x), .int(i.rect.y),
                .int(i.rect.width), .int(i.rect.height), .string(i.disposal.name), Cell(i.transparentIndex),
                .int(i.localPaletteSize), .bool(i.interlaced), tags.isEmpty ? .empty : .string(tags),
            ])
        }
        report.tables.append(table)
        return report
    }

    // MARK: - JSON (seconds, CLI-CONTRACT.md)

    var json: JSONValue {
        let frames: [JSONValue] = rows.map { row in
            let i = row.info
            return .object(JSONObject([
                ("index", .int(i.index)),
                ("time", .number(row.start, decimals: 6)),
                ("delay", .number(row.duration, decimals: 6)),
                ("delayCentiseconds", .int(i.delayCentiseconds)),
                ("rect", .object(JSONObject([("x", .int(i.rect.x)), ("y", .int(i.rect.y)),
                                             ("width", .int(i.rect.width)), ("height", .int(i.rect.height))]))),
                ("disposal", .string(i.disposal.name)),
                ("disposalCode", .int(i.disposal.rawValue)),
                ("transparentIndex", i.transparentIndex.map { .int($0) } ?? .null),
                ("localPaletteSize", .int(i.localPaletteSize)),
                ("interlaced", .bool(i.interlaced)),
                ("hasGraphicControl", .bool(i.hasGraphicControl)),
                ("warnings", .array(i.warnings.map { .string($0.description) })),
            ]))
        }
        var timingObject = JSONObject([])
        switch timing {
        case .delays(let p): timingObject.append("delayPolicy", .string(p.rawValue))
        case .evenlySpaced(let fps):
            timingObject.append("delayPolicy", .null)
            timingObject.append("fps", .number(fps, decimals: 6))
        case .timestamps: timingObject.append("delayPolicy", .null)
        }
        return .object(JSONObject([
            ("schema", .string("strokescope-info/1")),
            ("file", .string(file)),
            ("fileSize", .int(fileSize)),
            ("version", .string(screen.version)),
            ("screen", .object(JSONObject([("width", .int(screen.width)), ("height", .int(screen.height))]))),
            ("globalPaletteSize", .int(screen.globalPaletteSize)),
            ("backgroundIndex", .int(screen.backgroundIndex)),
            ("loopCount", loopCount.map { .int($0) } ?? .null),
            ("commentCount", .int(comments)),
            ("timing", .object(timingObject)),
            ("frameCount", .int(rows.count)),
            ("duration", .number(duration, decimals: 6)),
            ("frames", .array(frames)),
            ("warnings", .array(allWarnings.map { .string($0) })),
        ]))
    }
}
