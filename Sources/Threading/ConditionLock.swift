#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with one condition variable: the lock–wait–broadcast pattern of a bounded buffer
/// shared by two threads (a decoder ahead of its reader, a batch's workers and its printer).
///
/// `Synchronization.Mutex` guards state that is only read and written under the lock; it has no
/// condition variable, so a thread that must sleep until another changes the state waits here.
/// The pthread objects live in memory allocated once, so their address never moves while a
/// thread waits on them.
///
/// `@unchecked Sendable`: the lock is what makes sharing it safe.
public final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
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

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Releases the lock until signalled, then holds it again (callers re-check their condition).
    public func wait() { pthread_cond_wait(condition, mutex) }
    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }

    /// Runs `body` holding the lock.
    public func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
