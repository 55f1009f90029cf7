/// One `CAShapeLayer`.
public struct LayerSpec: Sendable, Equatable {
    public var name: String
    public var path: PathExpression
    public var lineWidth: ModelExpression
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// `#RRGGBB` (or `#RRGGBBAA`) as written; nil when absent.
    public var strokeColor: String?
    /// Model values, shown whenever no animation contributes.
    public var strokeStart: ModelExpression
    public var strokeEnd: ModelExpression
    /// The layer's frame `[x, y, w, h]` in its superlayer; nil = never given a frame
    /// (origin (0, 0), zero size, rotation pivot at (0, 0)).
    public var frame: (x: ModelExpression, y: ModelExpression, width: ModelExpression, height: ModelExpression)?
    /// Model times of being added to and removed from the screen (`removedAt` nil = never).
    public var addedAt: ModelExpression
    public var removedAt: ModelExpression?
    /// The layer's own timing.
    public var speed: ModelExpression
    public var timeOffset: ModelExpression
    public var beginTime: ModelExpression
    public var animations: [AnimationSpec]

    public init(name: String, path: PathExpression, lineWidth: ModelExpression = .number(1), lineCap: LineCap = .butt,
                lineJoin: LineJoin = .miter, strokeColor: String? = nil, strokeStart: ModelExpression = .number(0),
                strokeEnd: ModelExpression = .number(1),
                frame: (x: ModelExpression, y: ModelExpression, width: ModelExpression, height: ModelExpression)? = nil,
                addedAt: ModelExpression = .number(0), removedAt: ModelExpression? = nil, speed: ModelExpression = .number(1),
                timeOffset: ModelExpression = .number(0), beginTime: ModelExpression = .number(0), animations: [AnimationSpec] = []) {
        self.name = name; self.path = path; self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.strokeColor = strokeColor; self.strokeStart = strokeStart; self.strokeEnd = strokeEnd; self.frame = frame
        self.addedAt = addedAt; self.removedAt = removedAt; self.speed = speed; self.timeOffset = timeOffset
        self.beginTime = beginTime; self.animations = animations
    }

    public static func == (a: LayerSpec, b: LayerSpec) -> Bool {
        a.name == b.name && a.path == b.path && a.lineWidth == b.lineWidth && a.lineCap == b.lineCap
            && a.lineJoin == b.lineJoin && a.strokeColor == b.strokeColor && a.strokeStart == b.strokeStart
            && a.strokeEnd == b.strokeEnd && a.frame?.x == b.frame?.x && a.frame?.y == b.frame?.y
            && a.frame?.width == b.frame?.width && a.frame?.height == b.frame?.height && a.addedAt == b.addedAt
            && a.removedAt == b.removedAt && a.speed == b.speed && a.timeOffset == b.timeOffset
            && a.beginTime == b.beginTime && a.animations == b.animations
    }
}
