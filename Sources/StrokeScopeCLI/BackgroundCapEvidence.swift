import StrokeEstimation

/// Fits cap-evidence jobs on a thread of their own, in the order submitted, while the caller
/// goes on measuring frames: judging the caps fits both end shapes to the first few hundred
/// ends, which on a file of small delta frames costs more than measuring those frames, and the
/// decoding thread waits during that stretch anyway (the rings are being set up).
///
/// The thread runs while jobs are queued and ends when the queue is empty, so none is left
/// behind; `collect()` waits for it. Queued jobs hold copies of pixels: past `byteLimit` of
/// them `submit` waits for the thread to catch up.
final class BackgroundCapEvidence: CapEvidenceRunner, @unchecked Sendable {
    /// Bytes of queued pixel copies at most (a 200-end budget on a 40 px line would be 6 MB).
    static let byteLimit = 2 << 20

    private let condition = ConditionLock()
    private var queue: [CapEvidenceJob] = []
    private var queuedBytes = 0
    private var results: [CapEvidence?] = []
    private var running = false

    func submit(_ job: CapEvidenceJob) {
        condition.lock()
        while !queue.isEmpty && queuedBytes + job.byteCount > Self.byteLimit { condition.wait() }
        queue.append(job)
        queuedBytes += job.byteCount
        let start = !running
        running = true
        condition.unlock()
        if start { startThread(stackSize: 1 << 20) { [self] in self.work() } }
    }

    func collect() -> [CapEvidence?] {
        condition.lock()
        defer { condition.unlock() }
        while running { condition.wait() }
        let done = results
        results = []
        return done
    }

    private func work() {
        condition.lock()
        while !queue.isEmpty {
            let job = queue.removeFirst()
            condition.unlock()
            let result = job.run()
            condition.lock()
            queuedBytes -= job.byteCount
            results.append(result)
            condition.broadcast()
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }
}
