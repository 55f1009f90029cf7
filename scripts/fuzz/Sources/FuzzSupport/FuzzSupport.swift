#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrokeScopeCLI

/// What every fuzz target shares: a scratch file per input and in-process CLI runs whose output
/// is thrown away. Limits are set low so that one input cannot ask for minutes of work; the
/// limits themselves are what the targets check, together with everything under them.
public enum Fuzz {
    /// Limits passed to every command: small canvases, few frames, little total work.
    public static let limits = ["--max-pixels", "250000", "--max-frames", "300", "--max-total-pixels", "20000000",
                                "--max-model-bytes", "200000", "--quiet"]

    /// Tighter limits for `fit` and `check`: under the sanitizer and coverage instrumentation
    /// their search runs about 25 times slower than in a release build (a 50-frame 200×200 fit:
    /// 10 s instead of 0.4 s), so small inputs keep the fuzzer exploring and a timeout a hang.
    public static let fitLimits = ["--max-pixels", "40000", "--max-frames", "40", "--max-total-pixels", "1600000",
                                   "--max-model-bytes", "200000", "--quiet"]

    /// A scratch directory in memory when the system has one, private to this process.
    public static let directory: String = {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        let dir = "\(base)/strokescope-fuzz-\(getpid())"
        mkdir(dir, 0o700)
        return dir
    }()

    /// Writes `bytes` to `name` in the scratch directory and returns its path.
    public static func write(_ bytes: UnsafeRawBufferPointer, name: String) -> String {
        let path = directory + "/" + name
        guard let file = fopen(path, "wb") else { fatalError("fuzz: cannot write \(path)") }
        if bytes.count > 0 { fwrite(bytes.baseAddress, 1, bytes.count, file) }
        fclose(file)
        return path
    }

    /// Runs one command line in-process and returns its exit code. A crash, a trap or a
    /// sanitizer report ends the process, which is what the fuzzer looks for; an exit code
    /// outside the contract's set is turned into a crash too, so it is found and kept.
    @discardableResult
    public static func run(_ arguments: [String], environment: [String: String] = [:]) -> Int32 {
        let code = StrokeScope.run(arguments: arguments, console: Console(out: BufferSink(), err: BufferSink(), environment: environment))
        guard [0, 1, 64, 65, 66, 73, 74].contains(code) else {
            fatalError("fuzz: \(arguments.joined(separator: " ")) exited \(code), not a contract exit code")
        }
        return code
    }
}

extension Fuzz {
    /// The environment for one input's `inspect` or `fit`: every other input (by its size) has
    /// its frames decoded on a thread of their own, which the small screens the limits allow
    /// would otherwise never reach (`STROKESCOPE_DECODING_THREAD`).
    public static func environment(forInputOfSize size: Int) -> [String: String] {
        size % 2 == 0 ? ["STROKESCOPE_DECODING_THREAD": "on"] : [:]
    }
}

/// libFuzzer's driver, for entry points that cannot be its own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

extension Fuzz {
    /// Runs libFuzzer with the process's arguments on `callback`. SwiftPM links an executable's
    /// `main` to `<module>_main`, which would hide libFuzzer's own `main`; each target defines
    /// that symbol and lands here.
    public static func driver(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                              _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32 {
        var count = argc
        var arguments = argv
        return withUnsafeMutablePointer(to: &arguments) { a in
            llvmFuzzerRunDriver(&count, UnsafeMutableRawPointer(a).assumingMemoryBound(to: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?.self), callback)
        }
    }
}
