import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Independent pieces of work (the fit's starting points, the period search's lags) spread
/// over the cores when the run allows it (`parallel`, from the run's options). Results come back in input order, so the
/// outcome does not depend on scheduling.
public enum ParallelMap {
    /// The cores this process may run on.
    public static let cores: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `items.map(transform)`, each item on whichever core is free (`parallel`), or in turn.
    public static func map<Element: Sendable, Result: Sendable>(_ items: [Element], parallel: Bool, _ transform: @escaping @Sendable (Element) -> Result) -> [Result] {
        guard items.count > 1, parallel else { return items.map(transform) }
        let slots = ResultSlots<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            slots.store(transform(items[i]), at: i)
        }
        return slots.values()
    }

    /// `items.map(transform)` in a few contiguous chunks per core: for many small items, where
    /// one task each would cost more in scheduling than the work.
    public static func chunkedMap<Element: Sendable, Result: Sendable>(_ items: [Element], parallel: Bool, _ transform: @escaping @Sendable (Element) -> Result) -> [Result] {
        guard parallel, cores > 1, items.count >= 4 * cores else { return items.map(transform) }
        let chunks = 4 * cores
        let bounds = (0...chunks).map { $0 * items.count / chunks }
        let pieces = map(Array(0..<chunks), parallel: true) { c in items[bounds[c]..<bounds[c + 1]].map(transform) }
        return pieces.flatMap { $0 }
    }
}

/// One slot per job; each job writes only its own, and they are read after all have finished.
private final class ResultSlots<Result: Sendable>: Sendable {
    private let storage: Mutex<[Result?]>

    init(count: Int) { storage = Mutex(Array(repeating: nil, count: count)) }

    func store(_ value: Result, at i: Int) {
        storage.withLock { $0[i] = value }
    }

    func values() -> [Result] { storage.withLock { $0.map { $0! } } }
}
