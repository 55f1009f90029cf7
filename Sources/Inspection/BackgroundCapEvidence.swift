import StrokeEstimation
import Threading

/// Fits cap-evidence jobs on a thread of the run's group, in the order submitted, while the
/// caller goes on measuring frames: judging the caps fits both end shapes to the first few
/// hundred ends, which on a file of small delta frames costs more than measuring those frames,
/// and the decoding thread waits during that stretch anyway (the rings are being set up).
///
/// The thread sleeps while the queue is empty and ends when the run's scope closes the runner.
/// `collect()` waits for every job submitted so far. Queued jobs hold copies of pixels: past
/// `byteLimit` of them `submit` waits for the thread to catch up.
///
/// `@unchecked Sendable`: the queue, results and flags are shared only under `condition`.
final class BackgroundCapEvidence: CapEvidenceRunner, @unchecked Sendable {
    /// Bytes of queued pixel copies at most (a 200-end budget on a 40 px line would be 6 MB).
    static let byteLimit = 2 << 20

    private let condition = ConditionLock()
    private var queue: [CapEvidenceJob] = []
    private var queuedBytes = 0
    private var results: [CapEvidence?] = []
    /// A job is being fitted (taken off the queue, its result not yet in `results`).
    private var busy = false
    private var closed = false

    /// Starts the runner's thread in `group`, which closes it when the run ends.
    init(in group: ThreadGroup) {
        group.onStop { [self] in self.close() }
        group.start(stackSize: 1 << 20) { [self] in self.work() }
    }

    func submit(_ job: CapEvidenceJob) {
        condition.withLock {
            while !queue.isEmpty && queuedBytes + job.byteCount > Self.byteLimit { condition.wait() }
            queue.append(job)
            queuedBytes += job.byteCount
            condition.broadcast()
        }
    }

    func collect() -> [CapEvidence?] {
        condition.withLock {
            while busy || !queue.isEmpty { condition.wait() }
            let done = results
            results = []
            return done
        }
    }

    /// Lets the thread end once the queue is empty.
    private func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    private func work() {
        condition.lock()
        while true {
            while queue.isEmpty && !closed { condition.wait() }
            guard !queue.isEmpty else { break }
            let job = queue.removeFirst()
            busy = true
            condition.unlock()
            let result = job.run()
            condition.lock()
            busy = false
            queuedBytes -= job.byteCount
            results.append(result)
            condition.broadcast()
        }
        condition.unlock()
    }
}
