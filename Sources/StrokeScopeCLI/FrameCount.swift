import GIFCodec

/// A GIF's frame count from a structure scan (no pixels decoded), taken on a thread of its own
/// when asked: the measuring thread then starts on the first frames at once, and the count is
/// ready long before it is needed (to size the sample the rings are found from).
final class FrameCount: @unchecked Sendable {
    private let condition = ConditionLock()
    private var result: Result<Int, GIFError>?

    init(file: String, options: GIFDecodeOptions, threaded: Bool) {
        guard threaded else {
            result = Self.scan(file, options)
            return
        }
        startThread(stackSize: 1 << 20) { [self] in
            let scanned = Self.scan(file, options)
            condition.lock()
            result = scanned
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The number of frames, waiting for the scan if needed; the scan's error in its place.
    func value() throws(GIFError) -> Int {
        condition.lock()
        while result == nil { condition.wait() }
        let result = self.result!
        condition.unlock()
        return try result.get()
    }

    private static func scan(_ file: String, _ options: GIFDecodeOptions) -> Result<Int, GIFError> {
        do throws(GIFError) {
            let decoder = try GIFDecoder(path: file, options: options)
            var count = 0
            while try decoder.nextInfo() != nil { count += 1 }
            return .success(count)
        } catch {
            return .failure(error)
        }
    }
}
