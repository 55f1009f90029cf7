import AnimationModel
import Foundation
import JSON

/// The bundled models' numeric fields are the library's (`ModelNumericFields`); the values
/// swept over them are issue 20's.
typealias NumericFields = ModelNumericFields

extension ModelNumericFields {
    /// The extreme values of issue 20, each as an expression string (every numeric field takes
    /// one; JSON itself has no infinities or NaN).
    static let extremes: [String] = ["0", "-0", "5e-324", "1e-300", "-1", "1e308", "-1e308", "1e19",
                                     "9223372036854775808", "1e-9", "1/0", "0/0", "-1/0"]
}
