public enum CalculationMode: String, Sendable, Equatable, CaseIterable { case linear, discrete, paced, cubic }
