import Testing
@testable import Raster

@Suite("Enlarging")
struct EnlargeTests {
    @Test("each pixel becomes a factor × factor block")
    func blocks() {
        var image = RGBAImage(width: 2, height: 2, fill: .white)
        image[x: 1, y: 0] = RGBA(255, 0, 0)
        image[x: 0, y: 1] = .transparent
        let big = image.enlarged(by: 3)
        #expect(big.width == 6 && big.height == 6)
        for y in 0..<6 {
            for x in 0..<6 { #expect(big[x: x, y: y] == image[x: x / 3, y: y / 3]) }
        }
        #expect(image.enlarged(by: 1) == image)
    }

    @Test("resizing to about a size shrinks large pictures and enlarges small ones by a whole factor")
    func resize() {
        #expect(RGBAImage(width: 600, height: 300).resized(toAbout: 320).width == 320)
        #expect(RGBAImage(width: 100, height: 50).resized(toAbout: 320).width == 300)
        #expect(RGBAImage(width: 200, height: 200).resized(toAbout: 320).width == 200)
        #expect(RGBAImage(width: 10, height: 10).resized(toAbout: 320).width == 80, "at most 8 times")
    }
}
