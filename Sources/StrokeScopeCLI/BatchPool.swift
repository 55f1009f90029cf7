import Threading

/// Runs `count` jobs on `workers` threads and hands each result to `deliver` in job order, as
/// soon as it and every job before it are done, on the calling thread: output stays in input
/// order and is never interleaved, and a slow first file holds back only the printing. Every
/// worker is joined before `run` returns.
enum BatchPool {
    static func run<Result: Sendable>(count: Int, workers: Int, job: @escaping @Sendable (Int) -> Result,
                                      deliver: (Int, Result) -> Void) {
        guard count > 0 else { return }
        let state = PoolState<Result>(count: count)
        let threads = min(max(workers, 1), count)
        withThreadGroup { group in
            for _ in 0..<threads {
                // Fitting recurses through models and searches: give workers the main thread's stack.
                group.start(stackSize: 8 << 20) {
                    while let i = state.take() { state.finish(i, job(i)) }
                }
            }
            var next = 0
            while next < count {
                for result in state.waitForReady(from: next) {
                    deliver(next, result)
                    next += 1
                }
            }
        }
    }
}

/// The pool's shared state, behind one condition lock.
///
/// `@unchecked Sendable`: every field is read and written under `condition`.
private final class PoolState<Result: Sendable>: @unchecked Sendable {
    private let condition = ConditionLock()
    private var nextJob = 0
    private var results: [Result?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    /// The next job to run, or nil when every job has been taken.
    func take() -> Int? {
        condition.withLock {
            guard nextJob < results.count else { return nil }
            defer { nextJob += 1 }
            return nextJob
        }
    }

    func finish(_ i: Int, _ result: Result) {
        condition.withLock {
            results[i] = result
            condition.signal()
        }
    }

    /// Blocks until job `from` is done, then returns its result and every finished one after
    /// it (releasing them).
    func waitForReady(from: Int) -> [Result] {
        condition.withLock {
            while results[from] == nil { condition.wait() }
            var ready: [Result] = []
            var i = from
            while i < results.count, let r = results[i] {
                ready.append(r)
                results[i] = nil
                i += 1
            }
            return ready
        }
    }
}
