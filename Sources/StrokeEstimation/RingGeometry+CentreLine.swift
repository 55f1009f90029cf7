import StrokeGeometry

/// The stroke's centre line, for the fits that model the band's edges.
extension RingGeometry {
    /// The ring with the radius of its stroke's centre line, for a line `w` pixels wide.
    ///
    /// A ring found by `RingFinder` (the only ones with a `residual`) has the radius that its
    /// circle fit gives the band's pixels: their mean distance from the centre, which lies
    /// w² / (12 R) outside the centre line because a band holds more pixels at larger radii
    /// (its mean radius is R + h² / (3 R), h = w / 2): 0.15–0.28 px for 6–8 px lines at 20 px.
    /// Placing ends by area does not notice; the exact end shapes on 1-bit pixels do, where a
    /// pixel near the band's edge is set or not by a tenth of a pixel. A circle given by the
    /// caller (`--circle`, a model's prediction) is taken as it is.
    public func centreLine(lineWidth w: Double) -> RingGeometry {
        let fitted = circle.radius
        guard residual > 0, w > 0, fitted * fitted > w * w / 3 else { return self }
        var ring = self
        // Solves fitted = R + w² / (12 R) for the root near `fitted`.
        ring.circle = Circle(center: circle.center, radius: (fitted + (fitted * fitted - w * w / 3).squareRoot()) / 2)
        return ring
    }
}
