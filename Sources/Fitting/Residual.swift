import AnimationModel

/// How far a measured layer is from the model's, in degrees (open paths: 1 % of the path's
/// length counts as 1°; a different state counts as `statePenalty`).
enum Residual {
    static let statePenalty = 30.0

    /// nil when nothing can be compared (an unknown measurement).
    static func degrees(_ o: Observation, _ p: LayerPresentation) -> Double? {
        if o.state != .unknown, belowAPixel(o, p) { return 0 }
        switch o.state {
        case .unknown, .absent: return nil  // a measurement is never absent
        case .empty:
            return p.state == .empty || p.state == .absent ? 0 : statePenalty
        case .full:
            return p.state == .full ? 0 : statePenalty
        case .arc:
            if let s = o.startAngle, let e = o.endAngle {
                guard p.state == .arc || p.state == .full, let ps = p.startAngle, let pe = p.endAngle else { return statePenalty }
                let ds = circular(s, ps), de = circular(e, pe)
                return ((ds * ds + de * de) / 2).squareRoot()
            }
            if let f = o.strokeEnd {
                guard p.state == .arc || p.state == .full else { return statePenalty }
                return abs(f - p.values.strokeEnd) * 100
            }
            return nil
        }
    }

    /// The residual's signed components (degrees), for the Jacobian: a sum of absolute values
    /// would hide which way a parameter moves the picture.
    static func signed(_ o: Observation, _ p: LayerPresentation) -> [Double] {
        guard let e = degrees(o, p) else { return [] }
        if o.state == .arc, let s = o.startAngle, let en = o.endAngle, let ps = p.startAngle, let pe = p.endAngle {
            return [signedCircular(s, ps), signedCircular(en, pe)]
        }
        if o.state == .arc, let f = o.strokeEnd, p.state == .arc || p.state == .full {
            return [(f - p.values.strokeEnd) * 100]
        }
        return [e]
    }

    static func signedCircular(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }

    /// Whether the two disagree only by an arc or a gap under a pixel long, which no picture
    /// can show (a stroke just vanishing, a ring just closing).
    static func belowAPixel(_ o: Observation, _ p: LayerPresentation) -> Bool {
        if let length = o.pathLengthPixels {
            // An open path: the drawn part's length in pixels, measured or modelled.
            let model = p.state == .arc ? (p.values.strokeEnd - p.values.strokeStart) * length : nil
            let measured = o.state == .arc ? o.strokeEnd.map { $0 * length } : nil
            switch (o.state, p.state) {
            case (.empty, .arc): return (model ?? length) < 1
            case (.arc, .empty), (.arc, .absent): return (measured ?? length) < 1
            // A path all but complete reads `full` (PolylineMeasurer: within a quarter pixel of
            // both ends, or half a pixel when the whole path explains the picture as well): the
            // gap left is no evidence either way. Without this a tick that finishes between two
            // frames costs the frame before it the state penalty whenever the model leaves it a
            // fraction of a pixel short, and the fit bends the rate to push that frame past the
            // tick's end (0.1 % on a 10 %-fast payment movie, a 20σ bias).
            case (.full, .arc): return (length - (model ?? 0)) < 1
            case (.arc, .full): return (length - (measured ?? 0)) < 1
            default: return false
            }
        }
        guard let scale = o.pixelsPerPoint, let radius = p.radius else { return false }
        let pxPerDegree = radius * scale * Double.pi / 180
        func span(_ s: Double?, _ e: Double?) -> Double? {
            guard let s, let e else { return nil }
            let d = (e - s).truncatingRemainder(dividingBy: 360)
            return d < 0 ? d + 360 : d
        }
        let model = p.state == .arc ? span(p.startAngle, p.endAngle) : nil
        let measured = o.state == .arc ? span(o.startAngle, o.endAngle) : nil
        switch (o.state, p.state) {
        case (.empty, .arc): return (model ?? 360) * pxPerDegree < 1
        case (.full, .arc): return (360 - (model ?? 0)) * pxPerDegree < 1
        case (.arc, .empty), (.arc, .absent): return (measured ?? 360) * pxPerDegree < 1
        case (.arc, .full): return (360 - (measured ?? 0)) * pxPerDegree < 1
        default: return false
        }
    }

    /// Whether the observation shows drawn ink under a pixel long (an open path's drawn part, or
    /// an arc): its timing cannot be read, because a model with nothing drawn matches it as
    /// well as one with the same sliver (see `belowAPixel`).
    static func subPixelInk(_ o: Observation, _ p: LayerPresentation) -> Bool {
        guard o.state == .arc else { return false }
        if let length = o.pathLengthPixels, let f = o.strokeEnd { return f * length < 1 }
        guard let scale = o.pixelsPerPoint, let radius = p.radius, let s = o.startAngle, let e = o.endAngle else { return false }
        let d = (e - s).truncatingRemainder(dividingBy: 360)
        return (d < 0 ? d + 360 : d) * radius * scale * Double.pi / 180 < 1
    }

    /// CLI-CONTRACT's angleError: the larger of the two ends' differences, both arcs only.
    static func angleError(_ o: Observation, _ p: LayerPresentation) -> Double? {
        guard o.state == .arc, let s = o.startAngle, let e = o.endAngle, p.state == .arc || p.state == .full,
              let ps = p.startAngle, let pe = p.endAngle else { return nil }
        return max(circular(s, ps), circular(e, pe))
    }

    static func circular(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    /// Cauchy loss with a 2° scale: big misfits (outlier frames) pull little.
    @inline(__always) static func loss(_ e: Double, scale: Double = 2) -> Double {
        let u = e / scale
        return scale * scale * log1p(u * u)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
