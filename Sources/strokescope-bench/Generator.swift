import GIFCodec
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How frames are stored.
enum FrameMode: String {
    /// Every frame covers the whole screen (what naive encoders write).
    case full
    /// After the first frame, each frame is the bounding box of the pixels that changed, with
    /// unchanged pixels set to the transparent index and disposal "keep" (what screen recorders
    /// such as gifski or ffmpeg's transdiff mode write).
    case subrect
}

struct GenerateRequest {
    var width: Int
    var height: Int
    var frames: Int
    var mode: FrameMode
    var output: String
    var delayCentiseconds = 4
    var force = false
}

/// Writes the spinner recording described by `request` and returns the file size in bytes.
///
/// The file is written under a temporary name and renamed at the end, so an interrupted run never
/// leaves a short GIF that scripts/bench-decode.sh would mistake for a finished one and reuse.
func generate(_ request: GenerateRequest) throws(BenchError) -> Int {
    let output = request.output
    if !request.force && access(output, F_OK) == 0 {
        throw BenchError("\(output): already exists (use --force to overwrite)")
    }
    let partial = output + ".partial"
    do {
        try writeFrames(request, to: partial)
    } catch {
        unlink(partial)
        throw BenchError(error.description)
    }
    guard rename(partial, output) == 0 else {
        let why = String(cString: strerror(errno))
        unlink(partial)
        throw BenchError("\(output): cannot write (\(why))")
    }
    var st = stat()
    return stat(output, &st) == 0 ? Int(st.st_size) : 0
}

private func writeFrames(_ request: GenerateRequest, to path: String) throws(GIFError) {
    let width = request.width, height = request.height
    var scene = SpinnerScene(width: width, height: height)
    let encoder = try GIFEncoder(path: path, width: width, height: height,
                                 globalPalette: SpinnerScene.palette, loopCount: 0, overwrite: true)
    let screenRect = PixelRect(x: 0, y: 0, width: width, height: height)

    // The first frame is the whole screen in both modes: there is nothing to diff against.
    scene.render(frame: 0)
    try encoder.add(GIFEncodedFrame(rect: screenRect, indices: scene.screen,
                                    delayCentiseconds: request.delayCentiseconds, disposal: .keep))

    switch request.mode {
    case .full:
        for f in 1..<max(1, request.frames) {
            scene.render(frame: f)
            // The frame value is dropped after `add`, so `scene.screen` is unique again and the
            // next render writes in place instead of copying the screen.
            try encoder.add(GIFEncodedFrame(rect: screenRect, indices: scene.screen,
                                            delayCentiseconds: request.delayCentiseconds, disposal: .keep))
        }
    case .subrect:
        var differ = DeltaFinder(region: scene.dynamicRect, screenWidth: width)
        for f in 1..<max(1, request.frames) {
            differ.remember(scene.screen)
            scene.render(frame: f)
            let (rect, indices) = differ.delta(scene.screen)
            try encoder.add(GIFEncodedFrame(rect: rect, indices: indices,
                                            delayCentiseconds: request.delayCentiseconds, disposal: .keep,
                                            transparentIndex: Int(SpinnerScene.transparentIndex)))
        }
    }
    try encoder.finish()
}

/// Finds what changed inside the scene's dynamic region between two frames and builds the delta
/// frame a recorder would store. Only that region is compared, since nothing else ever changes.
struct DeltaFinder {
    let region: PixelRect
    let screenWidth: Int
    /// The region's indices before the current frame was rendered.
    private var before: [UInt8]

    init(region: PixelRect, screenWidth: Int) {
        self.region = region
        self.screenWidth = screenWidth
        before = [UInt8](repeating: 0, count: region.width * region.height)
    }

    /// Keeps a copy of the region as it is now (the previous frame).
    mutating func remember(_ screen: [UInt8]) {
        let r = region, w = screenWidth
        screen.withUnsafeBufferPointer { s in
            before.withUnsafeMutableBufferPointer { b in
                for y in 0..<r.height {
                    (b.baseAddress! + y * r.width).update(from: s.baseAddress! + (r.y + y) * w + r.x, count: r.width)
                }
            }
        }
    }

    /// The bounding box of changed pixels and its indices, unchanged ones transparent. When
    /// nothing changed, a single transparent pixel (the frame count stays as requested).
    func delta(_ screen: [UInt8]) -> (PixelRect, [UInt8]) {
        let r = region, w = screenWidth
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        screen.withUnsafeBufferPointer { s in
            before.withUnsafeBufferPointer { b in
                for y in 0..<r.height {
                    let now = s.baseAddress! + (r.y + y) * w + r.x, old = b.baseAddress! + y * r.width
                    var first = -1, last = -1
                    for x in 0..<r.width where now[x] != old[x] {
                        if first < 0 { first = x }
                        last = x
                    }
                    guard first >= 0 else { continue }
                    minX = min(minX, first); maxX = max(maxX, last)
                    minY = min(minY, y); maxY = y
                }
            }
        }
        let transparent = SpinnerScene.transparentIndex
        guard maxX >= 0 else { return (PixelRect(x: r.x, y: r.y, width: 1, height: 1), [transparent]) }
        let box = PixelRect(x: r.x + minX, y: r.y + minY, width: maxX - minX + 1, height: maxY - minY + 1)
        let indices = [UInt8](unsafeUninitializedCapacity: box.width * box.height) { out, count in
            screen.withUnsafeBufferPointer { s in
                before.withUnsafeBufferPointer { b in
                    for y in 0..<box.height {
                        let now = s.baseAddress! + (box.y + y) * w + box.x
                        let old = b.baseAddress! + (minY + y) * r.width + minX
                        let dst = out.baseAddress! + y * box.width
                        for x in 0..<box.width { dst[x] = now[x] == old[x] ? transparent : now[x] }
                    }
                }
            }
            count = box.width * box.height
        }
        return (box, indices)
    }
}
