#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Threads on POSIX threads directly. Foundation's `Thread` would do the same, but linking
// Foundation costs every run about 9 MB of resident memory and a few milliseconds of start-up
// (its libraries and ICU data are loaded and relocated before `main`), which is most of a short
// `fit`'s overhead over plain C (docs/internals/decisions.md).

/// A thread that runs one closure and is joined by its owner: nothing it does outlives the run
/// that started it. Join it exactly once (`ThreadGroup` does so for every thread it started).
public struct JoinableThread: ~Copyable {
    private let handle: pthread_t

    /// Starts `body` on a new thread with a stack of `stackSize` bytes (the fit recurses through
    /// models and searches, deeper than a default secondary stack guarantees).
    public init(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
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
        #if canImport(Glibc)
        handle = thread
        #else
        handle = thread!
        #endif
    }

    /// Waits for the thread to finish.
    public consuming func join() {
        pthread_join(handle, nil)
        discard self
    }

    deinit {
        // Not joined: wait all the same, so a thread never outlives its owner.
        pthread_join(handle, nil)
    }
}
