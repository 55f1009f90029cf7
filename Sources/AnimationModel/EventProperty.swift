/// A property an event may set.
public enum EventProperty: String, Sendable, Equatable, CaseIterable {
    case speed, timeOffset, beginTime, strokeStart, strokeEnd
}
