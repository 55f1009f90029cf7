import Foundation
import MovieCodec
import Raster
import Testing

/// A movie's luma on a sparse grid, read from the decoded planes whatever part of the frame is
/// converted: what `inspect` watches for rings drawn after its sample.
@Suite struct LumaGridTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fixtures/movie-inputs/spinner-60fps.mp4").standardized.path

    /// BT.709 limited-range luma of an RGBA pixel, as the grid holds it.
    static func luma(_ p: RGBA) -> Double {
        16 + 219 * (0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)) / 255
    }

    @Test("every frame's grid is its luma at every fourth pixel of every fourth row, also once the converted region is narrowed")
    func gridFollowsTheWholeFrame() throws {
        let whole = try MovieDecoder(path: Self.path)
        let watched = try MovieDecoder(path: Self.path)
        watched.lumaGridStep = 4
        var frames = 0, worst = 0.0, points = 0, close = 0
        while let reference = try whole.next() {
            if frames == 10 { watched.region = PixelRect(x: 20, y: 20, width: 8, height: 8) }
            let frame = try #require(try watched.next())
            let grid = watched.lumaGrid
            try #require(grid.count == 25 * 25)
            for gy in 0..<25 {
                for gx in 0..<25 {
                    let expected = Self.luma(reference.image[x: gx * 4, y: gy * 4])
                    let difference = abs(Double(grid[gy * 25 + gx]) - expected)
                    worst = max(worst, difference)
                    points += 1
                    if difference <= 2 { close += 1 }
                }
            }
            _ = frame
            frames += 1
        }
        #expect(frames == 180)
        // Luma read back from RGB is exact but for rounding where the picture is flat; on the
        // ring's anti-aliased edges the RGB pixel also carries the interpolated 4:2:0 chroma
        // (and clipping), which moves it by up to a few tens of levels.
        #expect(Double(close) >= 0.97 * Double(points), "\(close) of \(points) within 2 levels")
        #expect(worst <= 40, "worst difference \(worst)")
    }

    @Test("no grid unless asked for")
    func offByDefault() throws {
        let decoder = try MovieDecoder(path: Self.path)
        _ = try decoder.next()
        #expect(decoder.lumaGrid.isEmpty)
    }
}
