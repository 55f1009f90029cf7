import GIFCodec
import MovieCodec
import Threading

/// A recording's frame count from a structure scan (no pixels decoded: a GIF's blocks, a movie's packets), taken on a thread of its own
/// when asked: the measuring thread then starts on the first frames at once, and the count is
/// ready long before it is needed (to size the sample the rings are found from).
///
/// The thread is joined when the count is first read (its stack is let go then, not at the end
/// of the run), or at the latest when the object goes, with the run that made it.
///
/// `@unchecked Sendable`: `result` is written once by the scanning thread and read by the
/// run's thread, both under `condition`; `thread` is the run's thread's alone.
final class FrameCount: @unchecked Sendable {
    private let condition = ConditionLock()
    private var result: Result<Int, InspectionError>?
    private var thread: JoinableThread?

    init(file: String, format: RecordingFormat, options: GIFDecodeOptions, threaded: Bool) {
        guard threaded else {
            result = Self.scan(file, format, options)
            return
        }
        thread = JoinableThread(stackSize: 1 << 20) { [self] in
            let scanned = Self.scan(file, format, options)
            condition.withLock {
                result = scanned
                condition.broadcast()
            }
        }
    }

    /// The number of frames, waiting for the scan if needed; the scan's error in its place.
    func value() throws(InspectionError) -> Int {
        let result = condition.withLock {
            while self.result == nil { condition.wait() }
            return self.result!
        }
        thread.take()?.join()
        switch result {
        case .success(let count): return count
        case .failure(let error): throw error
        }
    }

    private static func scan(_ file: String, _ format: RecordingFormat, _ options: GIFDecodeOptions) -> Result<Int, InspectionError> {
        do throws(InspectionError) {
            return .success(try RecordingDecoder.frameCount(path: file, format: format, decoding: options))
        } catch {
            return .failure(error)
        }
    }
}
