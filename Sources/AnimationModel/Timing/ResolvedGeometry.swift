import StrokeGeometry

/// A layer's drawing properties with every expression evaluated.
public struct ResolvedStyle: Sendable, Equatable {
    /// Points.
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// `#RRGGBB` / `#RRGGBBAA` as written, or nil.
    public var strokeColor: String?
}

extension Resolver {
    func point(_ p: ExpressionPoint, _ path: String) throws(ModelInstanceError) -> Point {
        Point(x: try limited(p.x, path + "[0]", ModelLimits.coordinateViolation),
              y: try limited(p.y, path + "[1]", ModelLimits.coordinateViolation))
    }

    func arc(_ a: ArcExpression, _ path: String) throws(ModelInstanceError) -> Arc {
        Arc(center: try point(a.center, path + ".center"), radius: try limited(a.radius, path + ".radius", ModelLimits.extentViolation),
            startAngle: try limited(a.startAngle, path + ".startAngle", ModelLimits.angleViolation),
            endAngle: try limited(a.endAngle, path + ".endAngle", ModelLimits.angleViolation),
            clockwise: a.clockwise)
    }

    /// The path as UIKit builds it.
    func bezierPath(_ spec: PathExpression, _ path: String) throws(ModelInstanceError) -> BezierPath {
        switch spec {
        case .arc(let a):
            let arc = try arc(a, path + ".arc")
            return .arc(center: arc.center, radius: arc.radius, startAngle: arc.startAngle, endAngle: arc.endAngle, clockwise: arc.clockwise)
        case .oval(let x, let y, let w, let h):
            return .oval(x: try limited(x, path + ".oval[0]", ModelLimits.coordinateViolation),
                         y: try limited(y, path + ".oval[1]", ModelLimits.coordinateViolation),
                         width: try limited(w, path + ".oval[2]", ModelLimits.extentViolation),
                         height: try limited(h, path + ".oval[3]", ModelLimits.extentViolation))
        case .elements(let elements):
            var out: [PathElement] = []
            for (i, e) in elements.enumerated() {
                let p = "\(path).elements[\(i)]"
                switch e {
                case .move(let pt): out.append(.move(to: try point(pt, p + ".move")))
                case .line(let pt): out.append(.line(to: try point(pt, p + ".line")))
                case .arc(let a): out.append(.arc(try arc(a, p + ".arc")))
                case .curve(let to, let c1, let c2):
                    out.append(.curve(to: try point(to, p + ".curve.to"), control1: try point(c1, p + ".curve.c1"),
                                      control2: try point(c2, p + ".curve.c2")))
                case .quad(let to, let c):
                    out.append(.quad(to: try point(to, p + ".quad.to"), control: try point(c, p + ".quad.c")))
                case .close: out.append(.close)
                }
            }
            return BezierPath(elements: out)
        }
    }

    func geometry(_ spec: LayerSpec, _ path: String) throws(ModelInstanceError) -> (LayerGeometry, ResolvedStyle) {
        var frame: Rect?
        if let f = spec.frame {
            frame = Rect(x: try limited(f.x, path + ".frame[0]", ModelLimits.coordinateViolation),
                         y: try limited(f.y, path + ".frame[1]", ModelLimits.coordinateViolation),
                         width: try limited(f.width, path + ".frame[2]", ModelLimits.extentViolation),
                         height: try limited(f.height, path + ".frame[3]", ModelLimits.extentViolation))
        }
        let geometry = LayerGeometry(path: try bezierPath(spec.path, path + ".path"), frame: frame, arcOptions: options.arcOptions)
        let width = try limited(spec.lineWidth, path + ".lineWidth", ModelLimits.extentViolation)
        return (geometry, ResolvedStyle(lineWidth: width, lineCap: spec.lineCap, lineJoin: spec.lineJoin, strokeColor: spec.strokeColor))
    }
}
