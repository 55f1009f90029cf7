import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Independent pieces of the fit (refining several starting points) spread over the cores.
/// Results come back in input order, so the fit's outcome does not depend on scheduling.
enum ParallelMap {
    /// The cores this process may run on.
    static let cores: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    static func map<Element: Sendable, Result: Sendable>(_ items: [Element], _ transform: @escaping @Sendable (Element) -> Result) -> [Result] {
        guard items.count > 1 else { return items.map(transform) }
        let slots = ResultSlots<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            slots.store(transform(items[i]), at: i)
        }
        return slots.values()
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
