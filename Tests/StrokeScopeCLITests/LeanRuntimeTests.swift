import Testing
@testable import StrokeScopeCLI
import Threading

/// What replaced Foundation in the tool (Threads.swift, OutputPaths.swift).
@Suite("Without Foundation: paths and threads")
struct LeanRuntimeTests {
    @Test("output paths compare after resolving dots and slashes; names split as NSString did")
    func pathText() {
        #expect(OutputPaths.normalized("/a/./b//c/../d.json") == "/a/b/d.json")
        #expect(OutputPaths.normalized("x.json").hasSuffix("/x.json"))
        #expect(OutputPaths.normalized("x.json") == OutputPaths.normalized("./sub/../x.json"))
        #expect(OutputPaths.joined("out", "frame-0001.png") == "out/frame-0001.png")
        #expect(OutputPaths.joined("out/", "frame-0001.png") == "out/frame-0001.png")
        #expect(OutputPaths.lastComponent("/tmp/dir/spinner.gif") == "spinner.gif")
        #expect(OutputPaths.lastComponent("dir/") == "dir")
        #expect(OutputPaths.lastComponent("/") == "/")
        #expect(OutputPaths.deletingExtension("spinner.gif") == "spinner")
        #expect(OutputPaths.deletingExtension("a.b.gif") == "a.b")
        #expect(OutputPaths.deletingExtension(".hidden") == ".hidden")
        #expect(OutputPaths.deletingExtension("plain") == "plain")
    }

    @Test("a started thread runs, and the condition lock hands its result back")
    func threadAndLock() {
        final class Box: @unchecked Sendable {
            let lock = ConditionLock()
            var value: Int?
        }
        let box = Box()
        let thread = JoinableThread(stackSize: 1 << 20) {
            box.lock.lock()
            box.value = 42
            box.lock.broadcast()
            box.lock.unlock()
        }
        box.lock.lock()
        while box.value == nil { box.lock.wait() }
        let value = box.value
        box.lock.unlock()
        thread.join()
        #expect(value == 42)
        // A group's thread waiting for work ends when the scope's stop action tells it to, and
        // the scope returns only once it has.
        let finished = withThreadGroup { group in
            group.onStop {
                box.lock.withLock {
                    box.value = nil
                    box.lock.broadcast()
                }
            }
            group.start(stackSize: 1 << 20) {
                box.lock.withLock {
                    while box.value != nil { box.lock.wait() }
                    box.value = 7  // the thread's last act, seen only if it was joined
                }
            }
            return box
        }
        #expect(finished.lock.withLock { finished.value } == 7)
        let start = monotonicSeconds()
        #expect(monotonicSeconds() >= start)
    }
}
