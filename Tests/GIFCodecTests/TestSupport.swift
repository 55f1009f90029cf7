import Foundation
import GIFCodec
import Raster

/// A unique temporary path, removed by the caller if needed.
func temporaryPath(_ name: String) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strokescope-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
}

func write(_ bytes: [UInt8], name: String = "t.gif") -> String {
    let path = temporaryPath(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
}

/// Decodes every frame of a file.
func decodeAll(_ path: String, options: GIFDecodeOptions = GIFDecodeOptions()) throws -> (GIFDecoder, [GIFFrame]) {
    let decoder = try GIFDecoder(path: path, options: options)
    var frames: [GIFFrame] = []
    while let f = try decoder.next() { frames.append(f) }
    return (decoder, frames)
}

func decodeAll(bytes: [UInt8], options: GIFDecodeOptions = GIFDecodeOptions()) throws -> (GIFDecoder, [GIFFrame]) {
    try decodeAll(write(bytes), options: options)
}

let red = RGBA(255, 0, 0), green = RGBA(0, 255, 0), blue = RGBA(0, 0, 255)
let basePalette: [RGBA] = [.black, .white, red, green, blue, RGBA(255, 255, 0), RGBA(0, 255, 255), RGBA(255, 0, 255)]

/// A frame filled with one index.
func solid(_ rect: PixelRect, _ index: UInt8, delay: Int = 4, disposal: GIFDisposal = .unspecified,
           transparent: Int? = nil) -> GIFEncodedFrame {
    GIFEncodedFrame(rect: rect, indices: [UInt8](repeating: index, count: rect.width * rect.height),
                    delayCentiseconds: delay, disposal: disposal, transparentIndex: transparent)
}

func encode(width: Int, height: Int, palette: [RGBA] = basePalette, loop: Int? = 0,
            _ frames: [GIFEncodedFrame]) throws -> [UInt8] {
    let e = try GIFEncoder(width: width, height: height, globalPalette: palette, loopCount: loop)
    for f in frames { try e.add(f) }
    return try e.finish()
}

func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }
