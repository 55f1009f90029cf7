/// Where a layer sits in its superlayer (MODEL-FORMAT.md "Layers"): its `frame`, if it has one.
///
/// The path is in the layer's own space, whose origin is the frame's top-left corner; the layer
/// turns by `transform.rotation.z` about its anchor point, the frame's centre. A layer that was never
/// given a frame sits at (0, 0) with zero size, so its path is in superlayer coordinates and it
/// turns about (0, 0).
public struct LayerPlacement: Sendable, Hashable {
    /// The layer's frame in its superlayer, in points; `nil` when it was never set.
    public var frame: Rect?

    /// A layer with the given frame (points), or none.
    public init(frame: Rect? = nil) {
        self.frame = frame
    }

    /// Where the layer's own origin (path (0, 0)) lies in the superlayer, in points.
    public var origin: Point {
        guard let frame else { return .zero }
        return Point(frame.minX, frame.minY)
    }

    /// The pivot of rotation, in superlayer points: the frame's centre, or (0, 0) without a frame.
    public var anchor: Point {
        frame?.center ?? .zero
    }

    /// The map from path space to superlayer (screen) space for a layer turned by `rotation`
    /// radians (`transform.rotation.z`; positive is clockwise on screen).
    public func pathToScreen(rotation: Double = 0) -> AffineTransform {
        AffineTransform.translation(origin)
            .followed(by: rotation == 0 ? .identity : .rotation(rotation, about: anchor))
    }

    /// `point` (path space) on screen for a layer turned by `rotation` radians.
    public func screenPoint(_ point: Point, rotation: Double = 0) -> Point {
        pathToScreen(rotation: rotation).apply(to: point)
    }
}

/// The on-screen angle of `point` seen from `centre`, in degrees clockwise from 12 o'clock on a
/// y-down screen, in [0, 360): straight up is 0, 3 o'clock is 90, 6 o'clock 180, 9 o'clock 270.
/// A point on the centre itself reads 0.
public func onScreenAngle(of point: Point, around centre: Point) -> Double {
    let dx = point.x - centre.x
    let dy = point.y - centre.y
    if dx == 0 && dy == 0 { return 0 }
    // Clockwise from "up" (−y): atan2 of the rightward part over the upward part.
    return wrapDegrees(arcTangent2(dx, -dy) / radiansPerDegree)
}

/// The on-screen angle (degrees clockwise from 12 o'clock, in [0, 360)) of a UIKit angle (radians,
/// 0 = 3 o'clock, π/2 = 6 o'clock): `degrees(angle) + 90`, wrapped. 3π/2 gives 0.
public func screenAngle(forUIKitAngle angle: Double) -> Double {
    wrapDegrees(angle / radiansPerDegree + 90)
}

/// The UIKit angle (radians in [0, 2π), 0 = 3 o'clock) of an on-screen angle (degrees clockwise
/// from 12 o'clock). 0° gives 3π/2.
public func uikitAngle(forScreenAngle degrees: Double) -> Double {
    wrapRadians((degrees - 90) * radiansPerDegree)
}
