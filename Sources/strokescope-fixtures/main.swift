import Foundation
import GIFCodec
import Raster

// Writes the project's bundled GIF fixtures, deterministically: the same bytes on every run.
// Usage: strokescope-fixtures OUTPUT_DIR

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let directory = arguments.first else {
    FileHandle.standardError.write("usage: strokescope-fixtures OUTPUT_DIR\n".data(using: .utf8)!)
    exit(64)
}

do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for fixture in RotatingArcFixture.all {
        let path = (directory as NSString).appendingPathComponent(fixture.fileName)
        try fixture.write(to: path)
        print("wrote \(path)")
    }
} catch {
    FileHandle.standardError.write("error: \(error)\n".data(using: .utf8)!)
    exit(1)
}
