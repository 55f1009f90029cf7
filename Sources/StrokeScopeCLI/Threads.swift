#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The CLI's threads and locks on POSIX threads directly. Foundation's `Thread` and
// `NSCondition` would do the same, but linking Foundation costs every run about 9 MB of resident
// memory and a few milliseconds of start-up (its libraries and ICU data are loaded and relocated
// before `main`), which is most of a short `fit`'s overhead over plain C (docs/BENCHMARKS.md).

/// A mutex with one condition variable: the lock-wait-broadcast pattern of a bounded buffer.
final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Releases the lock until signalled, then holds it again (callers re-check their condition).
    func wait() { pthread_cond_wait(condition, mutex) }
    func signal() { pthread_cond_signal(condition) }
    func broadcast() { pthread_cond_broadcast(condition) }
}

/// Starts `body` on a new detached thread with a stack of `stackSize` bytes (the fit recurses
/// through models and searches, deeper than a default 8 MB-or-less secondary stack guarantees).
func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t?
    #endif
    let result = pthread_create(&thread, &attributes, { raw in
        #if canImport(Glibc)
        let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
        #else
        let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
        #endif
        box.body()
        return nil
    }, context)
    precondition(result == 0, "cannot start a thread (error \(result))")
}

/// Seconds on a monotonic clock, for durations (a batch's per-file time).
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
