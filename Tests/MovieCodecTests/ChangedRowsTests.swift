import Foundation
@testable import MovieCodec
import Raster
import Testing

/// Converting only the rows whose planes changed (with libswscale's margin) gives, frame by
/// frame, the pictures and changed areas that converting every row gives.
@Suite struct ChangedRowsTests {
    private static func fixture(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../fixtures/\(path)").standardized.path
    }

    @Test("only the changed rows converted: the same pixels and changed areas as every row",
          arguments: ["movie-inputs/spinner-2x-60fps-vfr.mov", "movies/payment-2x-60hz-vfr-hevc.mp4", "movies/spinner-1x-120hz-h264.mov"])
    func sameAsEveryRow(_ name: String) throws {
        let path = Self.fixture(name)
        let rows = try MovieDecoder(path: path)
        let every = try MovieDecoder(path: path)
        every.convertsChangedRowsOnly = false
        var frames = 0, partial = 0
        while let a = try rows.next() {
            let b = try #require(try every.next())
            #expect(a.image.pixels == b.image.pixels, "frame \(frames)")
            #expect(a.changed == b.changed, "frame \(frames)")
            if !a.changed.isEmpty && a.changed.height < a.image.height { partial += 1 }
            frames += 1
        }
        #expect(try every.next() == nil)
        #expect(frames > 10)
        // The movie exercises the partial path: some frames change only part of the rows.
        #expect(partial > 0)
    }
}
