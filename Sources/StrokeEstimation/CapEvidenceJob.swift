import Raster

/// One end of one frame's stroke, to be fitted with the exact butt and round end shapes for
/// `ArcMeasurer.capEvidence`, with a copy of the pixels that fit reads.
///
/// Judging the caps fits both shapes to the first few hundred anti-aliased ends, which costs
/// more than measuring those frames; with its own copy of the end's neighbourhood the fit can
/// run on another thread (`CapEvidenceRunner`) while the canvas moves on to the next frames.
/// Its result is the one the fit gives on the whole canvas: the same pixels, addressed by the
/// same canvas offsets, through the same arithmetic.
public struct CapEvidenceJob: Sendable {
    let canvasWidth: Int
    let canvasHeight: Int
    /// The end's neighbourhood (`RingEndShape.neighbourhood`) within the canvas, and its pixels.
    let box: PixelRect
    let crop: RGBAImage
    let ring: RingGeometry
    let lineWidth: Double
    let reference: Double
    let beyondClockwise: Bool
    let background: SIMD4<Float>
    let axis: SIMD4<Float>
    let axisLength2: Float
    let buttRange: ClosedRange<Double>
    let roundRange: ClosedRange<Double>

    /// The job for the end near `reference` (degrees) in `image`, copying the pixels it reads.
    init(image: RGBAImage, ring: RingGeometry, lineWidth: Double, reference: Double, beyondClockwise: Bool,
         background: SIMD4<Float>, axis: SIMD4<Float>, buttRange: ClosedRange<Double>, roundRange: ClosedRange<Double>) {
        canvasWidth = image.width
        canvasHeight = image.height
        let box = RingEndShape.neighbourhood(of: ring, lineWidth: lineWidth, reference: reference).intersection(image.bounds)
        self.box = box
        crop = image.cropped(to: box)
        self.ring = ring
        self.lineWidth = lineWidth
        self.reference = reference
        self.beyondClockwise = beyondClockwise
        self.background = background
        self.axis = axis
        axisLength2 = (axis * axis).sum()
        self.buttRange = buttRange
        self.roundRange = roundRange
    }

    /// Bytes of pixels the job holds.
    public var byteCount: Int { crop.pixels.count }

    /// True when the end's whole neighbourhood lies on a canvas of `width` × `height`: the fit
    /// then always has every pixel it needs (`RingEndShape` gives up only on a cut neighbourhood
    /// or a line too wide for its ring).
    static func isComplete(ring: RingGeometry, lineWidth w: Double, reference: Double, width: Int, height: Int) -> Bool {
        guard w > 0, ring.circle.radius > w / 2 + 1 else { return false }
        let box = RingEndShape.neighbourhood(of: ring, lineWidth: w, reference: reference)
        return box.x >= 0 && box.y >= 0 && box.maxX <= width && box.maxY <= height
    }

    /// How much each shape leaves unexplained at its best position; nil when the canvas's edge
    /// cuts the neighbourhood.
    public func run() -> CapEvidence? {
        crop.pixels.withUnsafeBufferPointer { px in
            let (width, box, bg, axis, axisLength2) = (canvasWidth, box, background, axis, axisLength2)
            guard let shape = RingEndShape(canvasWidth: canvasWidth, canvasHeight: canvasHeight, ring: ring, lineWidth: lineWidth,
                                           reference: reference, beyondClockwise: beyondClockwise, subdivisions: 4,
                                           buttRange: buttRange, roundRange: roundRange, coverage: { offset in
                // A canvas offset into the copy: the shape reads only pixels of the box.
                let i = offset / 4
                let local = ((i / width - box.y) * box.width + (i % width - box.x)) * 4
                return ArcMeasurer.coverage(px, local, background: bg, axis: axis, axisLength2: axisLength2, binary: false)
            }) else { return nil }
            return CapEvidence(butt: shape.fit(.butt, within: buttRange).cost, round: shape.fit(.round, within: roundRange).cost,
                               place: EndPlace(reference: reference, ring: ring, beyondClockwise: beyondClockwise))
        }
    }
}
