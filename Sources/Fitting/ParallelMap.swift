import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Independent pieces of work (the fit's starting points, the period search's lags) spread
/// over the cores while `FitParallelism` allows it. Results come back in input order, so the
/// outcome does not depend on scheduling.
public enum ParallelMap {
    /// The cores this process may run on.
    public static let cores: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `items.map(transform)`, each item on whichever core is free.
    public static func map<Element: Sendable, Result: Sendable>(_ items: [Element], _ transform: @escaping @Sendable (Element) -> Result) -> [Result] {
        guard items.count > 1, FitParallelism.enabled else { return items.map(transform) }
        let slots = ResultSlots<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            slots.store(transform(items[i]), at: i)
        }
        return slots.values()
    }

    /// `items.map(transform)` in a few contiguous chunks per core: for many small items, where
    /// one task each would cost more in scheduling than the work.
    public static func chunkedMap<Element: Sendable, Result: Sendable>(_ items: [Element], _ transform: @escaping @Sendable (Element) -> Result) -> [Result] {
        guard FitParallelism.enabled, cores > 1, items.count >= 4 * cores else { return items.map(transform) }
        let chunks = 4 * cores
        let bounds = (0...chunks).map { $0 * items.count / chunks }
        let pieces = map(Array(0..<chunks)) { c in items[bounds[c]..<bounds[c + 1]].map(transform) }
        return pieces.flatMap { $0 }
    }
}

/// One slot per job; each job writes only its own, and they are read after all have finished.
private final class ResultSlots<Result>: @unchecked Sendable {
    private var storage: [Result?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func store(_ value: Result, at i: Int) {
        storage.withUnsafeMutableBufferPointer { $0[i] = value }
    }

    func values() -> [Result] { storage.map { $0! } }
}

/// Whether a fit spreads its search over the cores (the default). A batch that already runs
/// one file per core turns it off: nested threads would only add switching, and the results
/// are the same either way.
public enum FitParallelism {
    private static let flag = LockedFlag(true)

    public static var enabled: Bool {
        get { flag.value }
        set { flag.value = newValue }
    }
}

/// A Boolean behind a mutex, readable from any thread.
private final class LockedFlag: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var stored: Bool

    init(_ value: Bool) {
        stored = value
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    var value: Bool {
        get {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            return stored
        }
        set {
            pthread_mutex_lock(&mutex)
            stored = newValue
            pthread_mutex_unlock(&mutex)
        }
    }
}
