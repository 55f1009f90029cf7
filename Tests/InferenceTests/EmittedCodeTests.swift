import Foundation
import Testing
@testable import Inference

/// The code `infer --emit swift|objc` writes is meant to be pasted into an app. UIKit and Core
/// Animation do not exist on Linux, so it is compiled here against stand-ins that declare what it
/// uses with the SDK's signatures (EmittedCodeStubs/): a misspelt API, a wrong argument label or
/// type, or a syntax error fails the test. That the code animates as the model does is checked
/// where the model itself is (`fit` of the emitted model JSON).
@Suite("infer's Swift and Objective-C compile against the UIKit and Core Animation declarations")
struct EmittedCodeTests {
    /// Every construct the emitters write: a non-round path start, a turning ring with an
    /// advance per cycle, and pieces that hold, ease by name and ease by control points.
    static let model: InferredAnimation = {
        let ring = RingAppearance(centerX: 50, centerY: 50, radius: 20, lineWidth: 4, strokeColor: "#4285F4", lineCap: .round)
        return InferredAnimation(name: "t", appearance: ring, scale: 1, period: 1.333, cycleStart: 0, pathStartAngle: -240.2,
                                 rotationSpeed: 180, advance: 270,
                                 strokeStart: PiecewiseCurve(knots: [0, 0.6642, 1.333], values: [0, 0, 0.75],
                                                             timings: [.hold, .custom(0.405, -0.008, 0.201, 0.998)]),
                                 strokeEnd: PiecewiseCurve(knots: [0, 0.6673, 1.333], values: [0.02, 0.7703, 0.77],
                                                           timings: [.easeInEaseOut, .linear]))
    }()

    static var stubs: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("EmittedCodeStubs").path }

    /// Runs `tool` with `arguments`; its exit status and what it printed.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func directory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emitted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("the Swift type-checks with swiftc against the stand-ins")
    func swift() throws {
        let code = CodeEmitter.code(Self.model, language: .swift, source: "t.gif")
        #expect(code.contains("CAMediaTimingFunction(controlPoints:") && code.contains("advance.calculationMode = .discrete"))
        let dir = try Self.directory()
        // `import Foundation` gives CGFloat, CGPoint and CGRect on Linux, as `import UIKit` does on iOS.
        try ("import Foundation\n" + code).write(to: dir.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let result = try Self.run("swiftc", ["-typecheck", Self.stubs + "/UIKitStub.swift", dir.appendingPathComponent("main.swift").path])
        #expect(result.status == 0, "\(result.output)\n\(code)")
    }

    @Test("the Objective-C passes clang -fsyntax-only against the stand-ins")
    func objc() throws {
        let code = CodeEmitter.code(Self.model, language: .objc, source: "t.gif")
        #expect(code.contains("functionWithControlPoints:") && code.contains("kCAAnimationDiscrete"))
        let dir = try Self.directory()
        let file = dir.appendingPathComponent("emitted.m")
        try "#import \"UIKitStub.h\"\nvoid buildRing(void) {\n\(code)}\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try Self.run("clang", ["-x", "objective-c", "-fsyntax-only", "-Werror", "-Wall", "-I", Self.stubs, file.path])
        #expect(result.status == 0, "\(result.output)\n\(code)")
    }

    @Test("a misspelt API fails the check: the stand-ins are really consulted")
    func misspeltFails() throws {
        let code = CodeEmitter.code(Self.model, language: .swift, source: "t.gif").replacingOccurrences(of: "CAMediaTimingFunction(controlPoints:", with: "CAMediaTimingFunction(points:")
        let dir = try Self.directory()
        try ("import Foundation\n" + code).write(to: dir.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let result = try Self.run("swiftc", ["-typecheck", Self.stubs + "/UIKitStub.swift", dir.appendingPathComponent("main.swift").path])
        #expect(result.status != 0)
    }
}

@Suite("A whole device screen gives the recording's scale")
struct DeviceScreenTests {
    @Test("whole iPhone and iPad screens, upright or turned, give their scale; other sizes none")
    func screens() {
        #expect(DeviceScreen.match(width: 1170, height: 2532)?.scale == 3)
        #expect(DeviceScreen.match(width: 2532, height: 1170)?.scale == 3)
        #expect(DeviceScreen.match(width: 750, height: 1334)?.scale == 2)
        #expect(DeviceScreen.match(width: 828, height: 1792)?.scale == 2)
        #expect(DeviceScreen.match(width: 1242, height: 2688)?.scale == 3)
        #expect(DeviceScreen.match(width: 1640, height: 2360)?.scale == 2)
        #expect(DeviceScreen.match(width: 1179, height: 2556)?.description == "an iPhone screen of 393×852 points at 3×")
        // Cropped, resized, or a screen size at a scale no device has.
        #expect(DeviceScreen.match(width: 393, height: 700) == nil)
        #expect(DeviceScreen.match(width: 585, height: 1266) == nil)
        #expect(DeviceScreen.match(width: 960, height: 1704) == nil)
        #expect(DeviceScreen.match(width: 200, height: 200) == nil)
    }
}
