/// One animation as written: basic, keyframe or group, with its timing.
public struct AnimationSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case basic(BasicValues)
        case keyframe(KeyframeValues)
        case group([AnimationSpec])
    }

    public var kind: Kind
    /// nil only for groups.
    public var keyPath: KeyPath?
    public var timing: TimingSpec
    public var additive: Bool
    public var cumulative: Bool
    /// Model time it was added; nil = the layer's `addedAt` (top-level animations only).
    public var addedAt: ModelExpression?
    /// The key it was added under; a later animation with the same key replaces it.
    public var key: String?

    public init(kind: Kind, keyPath: KeyPath?, timing: TimingSpec = TimingSpec(), additive: Bool = false,
                cumulative: Bool = false, addedAt: ModelExpression? = nil, key: String? = nil) {
        self.kind = kind; self.keyPath = keyPath; self.timing = timing; self.additive = additive
        self.cumulative = cumulative; self.addedAt = addedAt; self.key = key
    }
}
