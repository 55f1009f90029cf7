import AnimationModel
import Testing

@Suite("Model expressions")
struct ExpressionParserTests {
    typealias E = ModelExpression

    static let values: [(String, Double)] = [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("8 / 4 / 2", 1),
        ("8 - 4 - 2", 2),
        ("2 * 3 / 4", 1.5),
        ("-2 * 3", -6),
        ("2 * -3", -6),
        ("--2", 2),
        ("-(1 + 2)", -3),
        ("+4", 4),
        ("1e-3", 0.001),
        (".5", 0.5),
        ("2.", 2),
        ("1.5E+2", 150),
        ("min(3, D)", 2),
        ("max(1, min(2, 3))", 2),
        ("D*2/3", 4.0 / 3.0),
        ("1/0", .infinity),
        (" 2\t*\n3 ", 6),
    ]

    @Test("arithmetic follows the usual precedence and associativity", arguments: values)
    func evaluates(_ text: String, _ expected: Double) throws {
        let expression = try ModelExpressionParser.parse(text)
        #expect(try expression.evaluate(["D": 2]) == expected)
    }

    @Test("multiplication binds tighter than addition and operators associate to the left")
    func treeShape() throws {
        #expect(try ModelExpressionParser.parse("a + b * c")
            == .binary(.add, .variable("a"), .binary(.multiply, .variable("b"), .variable("c"))))
        #expect(try ModelExpressionParser.parse("a - b - c")
            == .binary(.subtract, .binary(.subtract, .variable("a"), .variable("b")), .variable("c")))
        #expect(try ModelExpressionParser.parse("-a * b") == .binary(.multiply, .negate(.variable("a")), .variable("b")))
        #expect(try ModelExpressionParser.parse("max(a, 1)") == .call(.max, [.variable("a"), .number(1)]))
        #expect(try ModelExpressionParser.parse("now + 0.25") == .binary(.add, .now, .number(0.25)))
    }

    @Test("parts without variables fold to one number, the same one evaluation would give")
    func folding() throws {
        #expect(try ModelExpressionParser.parse("3*pi/2") == .number(3 * Double.pi / 2))
        #expect(try ModelExpressionParser.parse("-M_PI_2") == .number(-Double.pi / 2))
        #expect(try ModelExpressionParser.parse("2*3*D") == .binary(.multiply, .number(6), .variable("D")))
        #expect(try ModelExpressionParser.parse("min(1, 2) + D") == .binary(.add, .number(1), .variable("D")))
        // (D*2)*3 is not D*6 in floating point, so it must stay as written.
        #expect(try ModelExpressionParser.parse("D*2*3") == .binary(.multiply, .binary(.multiply, .variable("D"), .number(2)), .number(3)))
    }

    static let constants: [(String, Double)] = [
        ("pi", Double.pi),
        ("M_PI", Double.pi),
        ("M_PI_2", Double.pi / 2),
        ("M_PI_4", Double.pi / 4),
        ("inf", .infinity),
        ("infinity", .infinity),
        ("INFINITY", .infinity),
        ("HUGE_VALF", .infinity),
        ("FLT_MAX", 3.4028234663852886e38),
        ("INTMAX_MAX", 9.223372036854776e18),
        // CGFLOAT_MAX is DBL_MAX on 64-bit devices, which a Float property such as repeatCount cannot hold.
        ("CGFLOAT_MAX", .infinity),
    ]

    @Test("constants are the values Core Animation keeps in a Float", arguments: constants)
    func constant(_ name: String, _ value: Double) throws {
        #expect(try ModelExpressionParser.parse(name) == .number(value))
    }

    @Test("INTMAX_MAX is 2^63, the Float nearest to Int64.max")
    func intmaxIsAPowerOfTwo() throws {
        #expect(try ModelExpressionParser.parse("INTMAX_MAX") == .number(Double(sign: .plus, exponent: 63, significand: 1)))
    }

    static let errors: [(String, String)] = [
        ("", "empty expression"),
        ("   ", "empty expression"),
        ("2 +", "unexpected end of expression at column 4 (expected a number, a name or '(')"),
        ("2 $ 3", "unexpected character '$' at column 3"),
        ("2 3", "unexpected '3' at column 3 (expected an operator or the end)"),
        ("(2", "unexpected end of expression at column 3 (expected ')' to close the '(' at column 1)"),
        ("2)", "unexpected ')' at column 2 (expected an operator; this ')' closes nothing)"),
        ("2 * ()", "unexpected ')' at column 6 (expected a number, a name or '(')"),
        ("1e", "invalid number '1e' at column 1"),
        ("2.0f", "invalid number '2.0f' at column 1"),
        ("3 * 2pi", "invalid number '2pi' at column 5"),
        ("1.2.3", "invalid number '1.2.3' at column 1"),
        ("min", "function 'min' at column 1 needs its arguments, as in min(a, b)"),
        ("pi(2)", "'pi' at column 1 is not a function (the functions are min and max)"),
        ("mni(1, 2)", "'mni' at column 1 is not a function (did you mean 'min'?)"),
        ("max(1)", "max() at column 1 takes 2 arguments, found 1"),
        ("max(1 2)", "unexpected '2' at column 7 (expected ',' or ')' in the call of max at column 1)"),
        ("Pi", "unknown name 'Pi' at column 1 (did you mean 'pi'?)"),
        ("D * Dur", "unknown name 'Dur' at column 5 (did you mean 'D'?)"),
        ("2 * x", "unknown name 'x' at column 5"),
        ("1 + now", "'now' at column 5 is only allowed in a top-level animation's beginTime and in an event's set values"),
        ("π", "unexpected character 'π' at column 1"),
        ("2 *\u{A0}3", "unexpected character 'U+00A0' at column 4"),
        (String(repeating: "(", count: 101) + "1" + String(repeating: ")", count: 101),
         "expression nested too deeply at column 101 (more than 100 levels)"),
        (String(repeating: "-", count: 200) + "1", "expression nested too deeply at column 101 (more than 100 levels)"),
    ]

    @Test("mistakes are reported with their column", arguments: errors)
    func syntaxError(_ text: String, _ message: String) {
        let scope = ExpressionScope(variables: ["D"], allowsNow: false)
        let error = #expect(throws: ExpressionSyntaxError.self) { try ModelExpressionParser.parse(text, scope: scope) }
        #expect(error?.description == message)
    }

    @Test("a hundred levels of nesting are still fine")
    func deepButAllowed() throws {
        let text = String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
        #expect(try ModelExpressionParser.parse(text) == .number(1))
    }

    @Test("without a scope any other name is a variable and now is allowed")
    func unrestrictedScope() throws {
        #expect(try ModelExpressionParser.parse("speedFactor * now") == .binary(.multiply, .variable("speedFactor"), .now))
    }
}
