import GIFCodec
import MovieCodec
import Raster
import StrokeEstimation

/// Measures the placed layers frame after frame, in display order, collecting each frame's
/// time and each layer's readings and ink colours.
///
/// The measurers are held in arrays of their own while frames stream through: an
/// `ArcMeasurer` (and a `PathMeasuring`) keeps the last frame's pixels to redo only what
/// changed, and taking it out of the layer's enum for every frame would copy those buffers
/// each time.
struct FrameMeasuring {
    private(set) var frames: [Inspection.Frame] = []
    private(set) var readings: [[LayerReading]]
    private(set) var inkColours: [[RGBA]]
    private var schedule: FrameSchedule
    private let layers: [PlacedLayer]
    /// Per layer: its ring measurer (nil for an open path).
    private var measurers: [ArcMeasurer?]
    /// Per layer: its path measurer, with the last frame's pixels (nil for a ring).
    private var paths: [PathMeasuring?]
    /// What each frame can have changed.
    private var changes = ChangedArea()

    /// Takes the layers' measurers (`layers` is left holding none): were a second copy kept
    /// there, each measurer's buffers would be copied at its first frame and held twice while
    /// frames stream through.
    init(taking layers: inout [PlacedLayer], timing: FrameTiming) {
        schedule = FrameSchedule(timing)
        measurers = layers.map { layer in
            if case .ring(_, let measurer, _) = layer.kind { return measurer }
            return nil
        }
        paths = layers.map { layer in
            if case .path(let measurer, _, _, _) = layer.kind { return PathMeasuring(measurer) }
            return nil
        }
        for k in layers.indices {
            if case .ring(let ring, _, let model) = layers[k].kind {
                layers[k].kind = .ring(ring, nil, modelLayer: model)
            }
        }
        self.layers = layers
        readings = Array(repeating: [], count: layers.count)
        inkColours = Array(repeating: [], count: layers.count)
    }

    /// Measures the next frame (its composited canvas and stored description; a movie's frame,
    /// its timestamp).
    mutating func add(_ image: RGBAImage, info: GIFFrameInfo, movie: MovieFrameInfo? = nil) {
        let t = schedule.next(rawDelayCentiseconds: info.delayCentiseconds, stamp: movie.map { ($0.time, $0.duration) })
        frames.append(.init(info: info, time: t.start, delay: t.duration))
        let changed = changes.next(info.rect)
        for k in layers.indices {
            switch layers[k].kind {
            case .ring:
                guard var measurer = measurers[k] else { continue }
                measurers[k] = nil  // so the measurer's buffers are not shared while it updates them
                let m = measurer.measure(image, changed: changed)
                measurers[k] = measurer
                if let ink = m.inkColor, m.state.isDrawn { inkColours[k].append(ink) }
                readings[k].append(LayerReading(state: m.state, note: m.note, arc: m))
            case .path(_, let ink, _, _):
                guard var measurer = paths[k] else { continue }
                paths[k] = nil  // not shared while it keeps this frame's pixels
                let colour = ink ?? inkColours.first.flatMap { $0.last } ?? .black
                let m = measurer.measure(image, ink: colour)
                paths[k] = measurer
                readings[k].append(LayerReading(state: m.state, strokeStart: m.strokeStart, strokeEnd: m.strokeEnd, note: m.note))
            }
        }
    }

    /// The layers with their ring measurers put back, the caps' evidence still being fitted on
    /// another thread collected.
    func finish() -> [PlacedLayer] {
        var result = layers
        for k in result.indices {
            if case .ring(let ring, _, let model) = result[k].kind, var measurer = measurers[k] {
                measurer.settleEvidence()
                result[k].kind = .ring(ring, measurer, modelLayer: model)
            }
        }
        return result
    }
}
