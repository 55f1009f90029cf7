import AnimationModel
import Fitting
import Inspection
import Rendering
import StrokeEstimation
import StrokeGeometry

/// The overlay of each frame: measured ends from the inspection, and with a fit the model's
/// stroke at the frame's fitted model time, placed with the inspection's scale and offset.
public struct FrameOverlays: Sendable {
    public let inspection: Inspection
    public let fit: FitResult?

    public init(inspection: Inspection, fit: FitResult?) {
        self.inspection = inspection
        self.fit = fit
    }

    /// The overlay of frame `i` (position in `inspection.frames`).
    public func overlay(_ i: Int) -> FrameOverlay {
        var overlay = FrameOverlay()
        for track in inspection.layers where track.readings.indices.contains(i) {
            let m = track.readings[i]
            switch track.kind {
            case .ring(let ring, _):
                guard m.state == .arc, let a = m.startAngle, let b = m.endAngle else { continue }
                let width = m.arc?.lineWidth ?? ring.lineWidth
                for (start, end) in [(a, b)] + m.segments {
                    overlay.ringEnds.append(.init(center: ring.circle.center, radius: ring.circle.radius, lineWidth: width, angle: start, kind: .start))
                    overlay.ringEnds.append(.init(center: ring.circle.center, radius: ring.circle.radius, lineWidth: width, angle: end, kind: .end))
                }
            case .path(_, let lineWidth, _, let layer):
                guard let f = m.strokeEnd, m.state.isDrawn, let mapping else { continue }
                guard let p = layer.geometry.strokePath.point(atFraction: f) else { continue }
                overlay.pathEnds.append(.init(point: mapping.pixel(layer.geometry.pathToScreen(rotation: 0).apply(to: p)), lineWidth: lineWidth))
            }
        }
        if let fit, let mapping, fit.frames.indices.contains(i) {
            for (j, layer) in fit.model.layers.enumerated() {
                let p = fit.frames[i].layers[j].model
                guard p.state == .arc || p.state == .full else { continue }
                let pieces = layer.geometry.visiblePieces(strokeStart: p.values.strokeStart, strokeEnd: p.values.strokeEnd, rotation: p.values.rotation)
                overlay.modelPieces += mapping.pixelPieces(pieces)
            }
        }
        return overlay
    }

    /// Points to pixels, when the inspection placed a model.
    private var mapping: PixelMapping? {
        guard let s = inspection.scale, let o = inspection.origin else { return nil }
        return PixelMapping(scale: s, origin: o)
    }
}
