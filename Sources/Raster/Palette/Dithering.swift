/// How colours that are not in a palette are spread over its entries.
///
/// No method ever changes a pixel whose RGB is exactly an entry of the palette (or a pixel that
/// maps to the reserved transparent entry): such pixels always get that entry, so flat
/// backgrounds and solid ink stay flat.
public enum Dithering: Sendable, Hashable, CaseIterable {
    /// Each pixel takes its nearest entry.
    case none
    /// An 8×8 Bayer threshold matrix, anchored at the picture's top-left pixel (so a
    /// sub-rectangle maps exactly as it would in the whole picture), is added to all three
    /// channels before the nearest entry is taken. The offsets span
    /// `PaletteMapper.orderedAmplitude` channel units, centred on zero.
    case ordered
    /// Floyd–Steinberg error diffusion on a serpentine scan (even rows of the mapped rectangle
    /// left to right, odd rows right to left), in exact integer arithmetic: each pixel's error
    /// is spread 7/16 ahead, and 3/16, 5/16, 1/16 to the row below (behind, under, ahead);
    /// a pixel's accumulated error is rounded to whole channel units, half up, and the result
    /// clamped to 0...255. Pixels exactly in the palette, and transparent ones, neither take
    /// error nor pass any on: error headed for them, or past the rectangle's edges, is dropped.
    case floydSteinberg
}
