/// The animatable properties a model may animate.
public enum KeyPath: String, Sendable, Equatable, CaseIterable {
    case strokeStart
    case strokeEnd
    /// `transform.rotation.z` (alias `transform.rotation`), radians, positive = clockwise on screen.
    case rotation = "transform.rotation.z"
}
