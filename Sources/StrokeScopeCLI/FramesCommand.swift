import Reporting
import CLIArguments
import Fitting
import Inspection
import GIFCodec
import PNGCodec
import Raster

/// `strokescope frames FILE.gif -o DIR`: every composited frame as a PNG, and a contact sheet.
enum FramesCommand {
    static let spec = CommandSpec(
        name: "frames",
        abstract: "Write every composited frame as PNG, and/or a contact sheet of all frames.",
        discussion: "Frames are composited exactly as Chrome and Firefox show them and written as frame-0000.png, frame-0001.png, ... with transparency kept. The contact sheet is a grid of frames, each labelled with its index and start time in milliseconds; transparent pixels show over a checkerboard.",
        arguments: [ArgumentSpec("file.gif", help: "The animated GIF or movie (.mov, .mp4, .m4v) to split into frames.")],
        options: [
            .option("output", short: "o", value: "dir", help: "Directory for the frame PNGs (created if missing)."),
            .option("sheet", value: "file.png", help: "Also write a contact sheet of the frames to this PNG."),
            .option("columns", value: "n", help: "Contact sheet: frames per row.", default: "about square, at most 10"),
            .option("thumb", value: "px", help: "Contact sheet: largest side of a frame; larger frames are scaled down.", default: "240"),
            .option("every", value: "n", help: "Contact sheet: show every n-th frame.", default: "1"),
            .flag("no-checkerboard", help: "Contact sheet: show transparent pixels over the sheet's background instead of a checkerboard."),
            .option("model", value: "file", help: "Contact sheet: fit this model and draw, on every frame, the model's stroke at the fitted time (thin magenta) and the measured ends (blue start, orange end), as `fit --overlay` does."),
            .option("rate", value: "r", help: "With --model: pin the rate instead of fitting it (as in `fit`)."),
            .option("set", value: "name=value", help: "With --model: hold a model variable at this value.", repeatable: true),
            SharedOptions.force, SharedOptions.delayPolicy, SharedOptions.fps, SharedOptions.maxPixels, SharedOptions.maxFrames, SharedOptions.maxTotalPixels,
            SharedOptions.lenient, SharedOptions.maxModelBytes, SharedOptions.quiet,
        ],
        examples: [
            CommandExample(["spinner.gif", "-o", "frames/"], "One PNG per frame."),
            CommandExample(["spinner.gif", "--sheet", "sheet.png", "--every", "2"], "A contact sheet of every other frame."),
            CommandExample(["payment.gif", "--sheet", "sheet.png", "--model", "payment-success.json"], "The sheet with the fitted model drawn over each frame."),
        ])

    static func run(_ args: ParsedArguments, _ console: Console) throws(CLIError) -> Int32 {
        let file = args.positional("file.gif")!
        let directory = args.value("output")
        let sheetPath = args.value("sheet")
        let force = args.flag("force")
        let quiet = args.flag("quiet")
        var sheetOptions = ContactSheetOptions()
        let timing: FrameTiming
        let decodeOptions: GIFDecodeOptions
        var fitOptions = FitOptions()
        var sets: [NamedValue] = []
        do {
            timing = try SharedOptions.timing(args)
            decodeOptions = try SharedOptions.decodeOptions(args)
            sheetOptions.columns = try args.value("columns", as: .integer(in: .between(1, 1000)))
            sheetOptions.thumbnailMaxDimension = try args.value("thumb", as: .integer(in: .between(8, 4096))) ?? 240
            sheetOptions.everyNthFrame = try args.value("every", as: .integer(in: .atLeast(1))) ?? 1
            fitOptions.rate = try args.value("rate", as: .double(in: .between(0.01, 100)))
            sets = try args.values("set", as: .namedValue)
        } catch { throw CLIError.usage(error) }
        sheetOptions.checkerboard = !args.flag("no-checkerboard")
        sheetOptions.pixelLimit = decodeOptions.maxPixels
        guard directory != nil || sheetPath != nil else {
            throw CLIError("Missing expected option '--output <dir>' or '--sheet <file.png>'.",
                           exitCode: CLIError.Code.usage, hint: "See 'strokescope frames --help'.")
        }

        let modelFile = args.value("model")
        if modelFile != nil && sheetPath == nil {
            throw CLIError("--model draws on the contact sheet: give --sheet <file.png> too", exitCode: CLIError.Code.usage,
                           hint: "See 'strokescope frames --help'.")
        }
        if modelFile == nil && (args.value("rate") != nil || !sets.isEmpty) {
            throw CLIError("--rate and --set apply to --model, which is missing", exitCode: CLIError.Code.usage, hint: "See 'strokescope frames --help'.")
        }

        let recordingFormat = RecordingFormat.detect(file)
        let frameTiming = timing.resolved(for: recordingFormat)
        // Every output is checked before decoding starts.
        if let directory { try OutputPaths.prepareDirectory(directory, force: force) }
        if let sheetPath { try OutputPaths.checkFile(sheetPath, force: force) }
        if let directory, force { OutputPaths.removeStaleFrames(in: directory) }

        var sheet: ContactSheet?
        if sheetPath != nil {
            // The sheet is allocated once, so count the frames first with a structure scan
            // that skips the pixel data.
            let count = try countFrames(file, format: recordingFormat, options: decodeOptions)
            if count > 0 {
                do {
                    let screen = try RecordingDecoder(path: file, format: recordingFormat, decoding: decodeOptions)
                    sheet = try ContactSheet(frameWidth: screen.width, frameHeight: screen.height,
                                             expectedFrames: count, options: sheetOptions)
                } catch let error as InspectionError {
                    throw CLIError.inspection(error)
                } catch let error as ContactSheetError {
                    throw CLIError.sheet(error, file: sheetPath!)
                } catch {
                    throw CLIError("\(file): \(error)", exitCode: CLIError.Code.internalError)
                }
            }
        }

        // With a model: fit it first (its own passes over the file), then draw per frame.
        var overlays: FrameOverlays?
        if let modelFile, sheet != nil {
            let document = try ModelFile.load(modelFile, console: console, quiet: quiet, limitFrom: args)
            let held = try ModelFile.resolve(document, file: modelFile, sets: sets).variables
            for s in sets { fitOptions.fixed[s.name] = held[s.name] }
            var settings = InspectSettings(environment: console.environment)
            settings.timing = timing
            settings.decode = decodeOptions
            settings.progress = Progress(console: console, quiet: quiet)
            let outcome = try settings.fit(file, document: document, modelFile: modelFile, options: fitOptions)
            overlays = FrameOverlays(inspection: outcome.inspection, fit: outcome.result)
        }

        var written = 0
        var warnings: [String] = []
        var position = 0
        do {
            let decoder = try RecordingDecoder(path: file, format: recordingFormat, decoding: decodeOptions)
            var schedule = FrameSchedule(frameTiming)
            while let frame = try decoder.next() {
                let start = schedule.next(rawDelayCentiseconds: frame.info.delayCentiseconds,
                                          stamp: frame.movie.map { ($0.time, $0.duration) }).start
                warnings += frame.info.warnings.map(\.description)
                if let directory {
                    let path = OutputPaths.joined(directory, OutputPaths.frameFileName(frame.info.index))
                    do {
                        try frame.image.writePNG(toFile: path, overwrite: force)
                    } catch { throw CLIError.png(error) }
                    written += 1
                }
                if sheet != nil, frame.info.index < sheet!.expectedFrames {
                    var picture = frame.image
                    if let overlays, sheet!.showsFrame(index: frame.info.index) {
                        // Shrink first and draw at the thumbnail's scale, so the lines stay crisp.
                        picture = picture.downscaled(toWidth: min(sheet!.thumbnailWidth, picture.width), height: min(sheet!.thumbnailHeight, picture.height))
                        overlays.overlay(position).paint(on: &picture, scale: Double(picture.width) / Double(max(frame.image.width, 1)))
                    }
                    _ = try? sheet!.add(frame: picture, index: frame.info.index, startMilliseconds: milliseconds(start))
                }
                position += 1
            }
            warnings = decoder.warnings + warnings
        } catch let error as InspectionError {
            throw CLIError.inspection(error)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(file): \(error)", exitCode: CLIError.Code.internalError)
        }
        if !quiet { for w in warnings { console.warn("\(file): \(w)") } }

        if let directory {
            console.out.write("wrote \(written) frame\(written == 1 ? "" : "s") to \(directory)\n")
        }
        if let sheetPath {
            guard let sheet else {
                if !quiet { console.warn("\(file): no frames; contact sheet not written") }
                return CLIError.Code.success
            }
            do {
                try sheet.image.writePNG(toFile: sheetPath, overwrite: force)
            } catch { throw CLIError.png(error) }
            console.out.write("wrote contact sheet \(sheetPath) (\(sheet.image.width)×\(sheet.image.height) px, \(sheet.shownFrames) of \(sheet.expectedFrames) frames)\n")
        }
        return CLIError.Code.success
    }

    private static func countFrames(_ file: String, format: RecordingFormat, options: GIFDecodeOptions) throws(CLIError) -> Int {
        do {
            // Leniently: a damaged file fails (or not) in the decoding pass, with its own message.
            var lenient = options
            lenient.lenient = true
            return try RecordingDecoder.frameCount(path: file, format: format, decoding: lenient)
        } catch {
            throw CLIError.inspection(error)
        }
    }
}
