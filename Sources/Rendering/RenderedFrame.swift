import AnimationModel
import GIFCodec
import Raster
import StrokeGeometry

/// One frame as written: where it sits in the GIF, the model instant it shows, and every
/// layer's exact state.
public struct RenderedFrame: Sendable {
    public var schedule: RecordingSchedule.Frame
    public var layers: [LayerTruth]

    public init(schedule: RecordingSchedule.Frame, layers: [LayerTruth]) {
        self.schedule = schedule
        self.layers = layers
    }
}
