import Raster

/// Where each frame of a recording can differ from the one before, fed every frame's rectangle
/// in file order: its own rectangle and the previous frame's (a GIF frame's disposal restores
/// or clears that one). A movie's frame rectangle is where its picture changed.
struct ChangedArea {
    private var previous: PixelRect?

    /// The part of the canvas the frame with rectangle `rect` can have changed; nil for the
    /// first frame, which is new everywhere.
    mutating func next(_ rect: PixelRect) -> PixelRect? {
        defer { previous = rect }
        return previous.map { $0.union(rect) }
    }
}
