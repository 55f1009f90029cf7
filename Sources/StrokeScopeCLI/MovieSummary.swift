import GIFCodec
import Inspection
import JSON
import MovieCodec
import Raster
import Reports
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything `info` reports about one movie: the video stream's description and one row per
/// frame, gathered in one decoding pass (no colour conversion: only the timestamps are needed,
/// and decoding every frame is what finds damaged data).
struct MovieSummary {
    struct Row {
        var info: MovieFrameInfo
        /// Under `--fps`, the evenly spaced start and duration; else the timestamps'.
        var start: Double
        var duration: Double
    }

    let file: String
    let fileSize: Int
    let structure: MovieStructure
    let timing: FrameTiming
    let rows: [Row]
    let duration: Double
    let decoderWarnings: [String]

    static func read(_ file: String, options: GIFDecodeOptions, timing: FrameTiming) throws(CLIError) -> MovieSummary {
        // A GIF's delay policies have nothing to act on: timestamps, unless --fps overrides.
        let timing: FrameTiming = if case .evenlySpaced = timing { timing } else { .timestamps }
        do {
            let decoder = try MovieDecoder(path: file, options: MovieDecodeOptions(
                maxPixels: options.maxPixels, maxFrames: options.maxFrames, lenient: options.lenient))
            decoder.region = PixelRect(x: 0, y: 0, width: 0, height: 0)
            var schedule = FrameSchedule(timing)
            var rows: [Row] = []
            while let frame = try decoder.next() {
                let t = schedule.next(rawDelayCentiseconds: 0, stamp: (frame.info.time, frame.info.duration))
                rows.append(Row(info: frame.info, start: t.start, duration: t.duration))
            }
            return MovieSummary(file: file, fileSize: Self.size(of: file), structure: decoder.structure, timing: timing,
                                rows: rows, duration: schedule.total, decoderWarnings: decoder.warnings)
        } catch {
            throw CLIError(error.description, exitCode: error.exitCode)
        }
    }

    /// The decoder's warnings, then the rotation the frames are measured without.
    var warnings: [String] {
        var lines = decoderWarnings
        if rows.isEmpty { lines.append("the file has no frames") }
        if structure.rotation != 0 {
            lines.append("the movie asks to be shown rotated \(structure.rotation)° clockwise; frames are read as stored (angles are measured in the stored picture)")
        }
        return lines
    }

    /// Whether every gap between timestamps is the same (one frame or none: constant too).
    var isConstantRate: Bool {
        let gaps = zip(rows.dropFirst(), rows).map { $0.info.timestamp - $1.info.timestamp }
        return gaps.allSatisfy { $0 == gaps.first }
    }

    /// The frame rate in words: constant, or variable with its typical rate and the gaps' range.
    var rateText: String {
        let gaps = zip(rows.dropFirst(), rows).map { $0.info.timestamp - $1.info.timestamp }.sorted()
        guard let first = gaps.first, let last = gaps.last else { return rows.isEmpty ? "no frames" : "one frame" }
        let seconds = { (ticks: Int64) in Double(ticks) * structure.timeBase }
        // Rates to two decimals: 60 fps reads "60", a jittery 58.977… "58.98".
        let fps = { (interval: Double) in shortText((100 / interval).rounded() / 100) }
        if isConstantRate { return "constant, \(fps(seconds(first))) fps" }
        let typical = seconds(gaps[gaps.count / 2])
        return "variable, typically \(fps(typical)) fps (gaps \(DecimalText.fixed(seconds(first) * 1000, decimals: 1)) to \(DecimalText.fixed(seconds(last) * 1000, decimals: 1)) ms)"
    }

    // MARK: - Human formats

    var report: Report {
        var report = Report(title: "Movie \(file)")
        let s = structure
        report.addSummary("file size (bytes)", .int(fileSize), key: "fileSize")
        report.addSummary("container", .string(s.container))
        report.addSummary("codec", .string(s.codec))
        report.addSummary("size (px)", .string("\(s.width)×\(s.height)"), key: "size")
        report.addSummary("pixel format", .string(s.pixelFormat), key: "pixelFormat")
        report.addSummary("colour", .string("\(s.colourMatrix), \(s.fullRange ? "full" : "limited") range"), key: "colour")
        report.addSummary("rotation (°)", .int(s.rotation), key: "rotation")
        report.addSummary("time base (s)", .string("\(s.timeBaseNumerator)/\(s.timeBaseDenominator)"), key: "timeBase")
        report.addSummary("frame rate", .string(rateText), key: "frameRate")
        report.addSummary("frames", .int(rows.count))
        report.addSummary("total duration (ms)", .double(milliseconds(duration), decimals: 0), key: "durationMs")
        report.addSummary("timing", .string(timing.label))
        var table = Table(key: "frames", columns: [
            Column("frame", key: "index"),
            Column("start (ms)", key: "startMs"),
            Column("duration (ms)", key: "durationMs"),
            Column("timestamp", key: "timestamp"),
            Column("key frame", key: "keyFrame", alignment: .left),
        ])
        for row in rows {
            table.append([.int(row.info.index), .double(milliseconds(row.start), decimals: 1),
                          .double(milliseconds(row.duration), decimals: 1), .int(Int(row.info.timestamp)), .bool(row.info.keyFrame)])
        }
        report.tables.append(table)
        return report
    }

    // MARK: - JSON (seconds, CLI-CONTRACT.md; no delayCentiseconds)

    var json: JSONValue {
        let s = structure
        let frames: [JSONValue] = rows.map { row in
            .object(JSONObject([
                ("index", .int(row.info.index)),
                ("time", .number(row.start, decimals: 6)),
                ("delay", .number(row.duration, decimals: 6)),
                ("timestamp", .int(Int(row.info.timestamp))),
                ("keyFrame", .bool(row.info.keyFrame)),
            ]))
        }
        var timingObject = JSONObject([("source", .string(timing == .timestamps ? "timestamps" : "fps"))])
        if case .evenlySpaced(let fps) = timing { timingObject.append("fps", .number(fps, decimals: 6)) }
        return .object(JSONObject([
            ("schema", .string("strokescope-info/1")),
            ("file", .string(file)),
            ("fileSize", .int(fileSize)),
            ("format", .string("movie")),
            ("container", .string(s.container)),
            ("codec", .string(s.codec)),
            ("size", .object(JSONObject([("width", .int(s.width)), ("height", .int(s.height))]))),
            ("pixelFormat", .string(s.pixelFormat)),
            ("colour", .object(JSONObject([("matrix", .string(s.colourMatrix)), ("range", .string(s.fullRange ? "full" : "limited"))]))),
            ("rotation", .int(s.rotation)),
            ("timeBase", .object(JSONObject([("numerator", .int(s.timeBaseNumerator)), ("denominator", .int(s.timeBaseDenominator))]))),
            ("frameRate", .string(isConstantRate ? "constant" : "variable")),
            ("timing", .object(timingObject)),
            ("frameCount", .int(rows.count)),
            ("duration", .number(duration, decimals: 6)),
            ("frames", .array(frames)),
            ("warnings", .array(warnings.map { .string($0) })),
        ]))
    }

    private static func size(of file: String) -> Int {
        var st = stat()
        return stat(file, &st) == 0 ? Int(st.st_size) : 0
    }
}
