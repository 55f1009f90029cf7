public enum FillMode: String, Sendable, Equatable, CaseIterable { case removed, forwards, backwards, both }
