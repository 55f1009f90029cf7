import GIFCodec
import Raster
import StrokeEstimation

/// Measures an inspection's tracks frame after frame, in display order, and appends the
/// frames and readings to it.
///
/// The measurers are held here, outside the tracks, while frames stream through: an
/// `ArcMeasurer` (and a `PathMeasuring`) keeps the last frame's pixels to redo only what
/// changed, and taking it out of the track's enum for every frame would copy those buffers
/// each time.
struct FrameMeasuring {
    private var inspection: Inspection
    private var schedule: FrameSchedule
    /// Per track: its ring measurer (nil for an open path).
    private var measurers: [ArcMeasurer?]
    /// Per track: its path measurer, with the last frame's pixels (nil for a ring).
    private var paths: [PathMeasuring?]
    /// The last frame's rectangle: with this frame's it bounds what can have changed (nil
    /// before the first frame).
    private var previousRect: PixelRect?

    /// Takes the ring measurers out of `inspection`'s tracks (the caller's copy is left without
    /// them until `finish`): were a second copy kept there, each measurer's buffers would be
    /// copied at its first frame and held twice while frames stream through.
    init(taking inspection: inout Inspection, timing: FrameTiming) {
        schedule = FrameSchedule(timing)
        measurers = inspection.tracks.map { track in
            if case .ring(_, let measurer, _) = track.kind { return measurer }
            return nil
        }
        for k in inspection.tracks.indices {
            if case .ring(let ring, _, let layer) = inspection.tracks[k].kind { inspection.tracks[k].kind = .ring(ring, nil, modelLayer: layer) }
        }
        self.inspection = inspection
        paths = inspection.tracks.map { track in
            if case .path(let measurer, _, _, _) = track.kind { return PathMeasuring(measurer) }
            return nil
        }
    }

    /// Measures the next frame (its composited canvas and stored description).
    mutating func add(_ image: RGBAImage, info: GIFFrameInfo) {
        let t = schedule.next(rawDelayCentiseconds: info.delayCentiseconds)
        inspection.frames.append(.init(info: info, time: t.start, delay: t.duration))
        // Only this frame's rectangle and the previous one's (its disposal) can have changed.
        let changed = previousRect.map { $0.union(info.rect) }
        previousRect = info.rect
        for k in inspection.tracks.indices {
            switch inspection.tracks[k].kind {
            case .ring:
                guard var measurer = measurers[k] else { continue }
                measurers[k] = nil  // so the measurer's buffers are not shared while it updates them
                let m = measurer.measure(image, changed: changed)
                measurers[k] = measurer
                if let ink = m.inkColor, m.state == .arc || m.state == .full { inspection.tracks[k].inkColours.append(ink) }
                inspection.tracks[k].measurements.append(LayerReading(state: m.state.rawValue, note: m.note, arc: m))
            case .path(_, let ink, _, _):
                guard var measurer = paths[k] else { continue }
                paths[k] = nil  // not shared while it keeps this frame's pixels
                let colour = ink ?? inspection.tracks.first.flatMap { $0.inkColours.last } ?? .black
                let m = measurer.measure(image, ink: colour)
                paths[k] = measurer
                inspection.tracks[k].measurements.append(LayerReading(state: m.state.rawValue, strokeStart: m.strokeStart, strokeEnd: m.strokeEnd,
                                                                             note: m.note))
            }
        }
    }

    /// The inspection with every frame added, its ring measurers put back in their tracks.
    func finish() -> Inspection {
        var result = inspection
        for k in result.tracks.indices {
            if case .ring(let ring, _, let layer) = result.tracks[k].kind, var measurer = measurers[k] {
                // The caps' evidence still being fitted on another thread is collected.
                measurer.settleEvidence()
                result.tracks[k].kind = .ring(ring, measurer, modelLayer: layer)
            }
        }
        return result
    }
}
