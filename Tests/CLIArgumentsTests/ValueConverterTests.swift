import CLIArguments
import Testing

@Suite("Value converters")
struct ValueConverterTests {
    static let durations: [(String, Double)] = [
        ("20ms", 0.02),
        ("0.02s", 0.02),
        ("0.02", 0.02),
        ("1.5", 1.5),
        ("1.5s", 1.5),
        ("250MS", 0.25),
        ("0", 0),
        ("1e-3s", 0.001),
    ]

    @Test("Durations read as seconds whatever their unit", arguments: durations)
    func durationSpellings(_ text: String, _ seconds: Double) throws {
        let value = try ValueConverter.duration().convert(text, for: "--delay <duration>")
        #expect(abs(value - seconds) < 1e-12)
    }

    static let badDurations = ["20 ms", "ms", "20m", "twenty", "", "0x10", "inf", "1.5sec", "20ms5"]

    @Test("Malformed durations are rejected with the duration wording", arguments: badDurations)
    func badDurationsRejected(_ text: String) {
        #expect(throws: UsageError.invalidValue(text, for: "--delay <duration>", expected: "a duration such as '20ms', '0.02s' or '0.02'")) {
            try ValueConverter.duration().convert(text, for: "--delay <duration>")
        }
    }

    @Test("A duration outside its range says which range, in seconds")
    func durationRange() throws {
        let converter = ValueConverter.duration(in: .between(0.01, 10))
        #expect(try converter.convert("10ms", for: "--delay <duration>") == 0.01)
        do {
            _ = try converter.convert("5ms", for: "--delay <duration>")
            Issue.record("5ms accepted")
        } catch {
            #expect(error.message == "The value '5ms' is invalid for '--delay <duration>': expected a duration between 0.01 and 10 seconds.")
        }
    }

    static let angles: [(String, Double)] = [("2deg", 2), ("2°", 2), ("2", 2), ("-45.5deg", -45.5), ("90DEG", 90)]

    @Test("Angles read as degrees whatever their unit", arguments: angles)
    func angleSpellings(_ text: String, _ degrees: Double) throws {
        #expect(try ValueConverter.angle().convert(text, for: "--tolerance <angle>") == degrees)
    }

    @Test("Malformed and out-of-range angles are rejected with the angle wording")
    func badAngles() {
        #expect(throws: UsageError.invalidValue("2rad", for: "--tolerance <angle>", expected: "an angle such as '2deg', '2°' or '2'")) {
            try ValueConverter.angle().convert("2rad", for: "--tolerance <angle>")
        }
        #expect(throws: UsageError.invalidValue("200deg", for: "--tolerance <angle>", expected: "an angle between -180 and 180 degrees")) {
            try ValueConverter.angle(in: .between(-180, 180)).convert("200deg", for: "--tolerance <angle>")
        }
    }

    struct NumberCase: Sendable, CustomTestStringConvertible {
        let text: String
        let range: NumberRange?
        let message: String?
        var testDescription: String { text }
    }

    static let doubleCases: [NumberCase] = [
        NumberCase(text: "12.5", range: nil, message: nil),
        NumberCase(text: "-0.5", range: nil, message: nil),
        NumberCase(text: "abc", range: nil, message: "The value 'abc' is invalid for '--fps <n>': expected a number."),
        NumberCase(text: "nan", range: nil, message: "The value 'nan' is invalid for '--fps <n>': expected a number."),
        NumberCase(text: "1e999", range: nil, message: "The value '1e999' is invalid for '--fps <n>': expected a number."),
        NumberCase(text: "abc", range: .between(0.05, 20), message: "The value 'abc' is invalid for '--fps <n>': expected a number between 0.05 and 20."),
        NumberCase(text: "30", range: .between(0.05, 20), message: "The value '30' is invalid for '--fps <n>': expected a number between 0.05 and 20."),
        NumberCase(text: "0.05", range: .between(0.05, 20), message: nil),
        NumberCase(text: "0", range: .greaterThan(0), message: "The value '0' is invalid for '--fps <n>': expected a number greater than 0."),
        NumberCase(text: "-1", range: .atLeast(0), message: "The value '-1' is invalid for '--fps <n>': expected a number of at least 0."),
        NumberCase(text: "2", range: .atMost(1), message: "The value '2' is invalid for '--fps <n>': expected a number of at most 1."),
    ]

    @Test("Numbers must be finite decimals within their range", arguments: doubleCases)
    func doubles(_ testCase: NumberCase) {
        do {
            let value = try ValueConverter.double(in: testCase.range).convert(testCase.text, for: "--fps <n>")
            #expect(testCase.message == nil, "accepted as \(value)")
        } catch {
            #expect(error.message == testCase.message)
        }
    }

    static let integerCases: [NumberCase] = [
        NumberCase(text: "7", range: nil, message: nil),
        NumberCase(text: "+7", range: nil, message: nil),
        NumberCase(text: "7.5", range: nil, message: "The value '7.5' is invalid for '--frame <n>': expected an integer."),
        NumberCase(text: "0", range: .between(1, 10), message: "The value '0' is invalid for '--frame <n>': expected an integer between 1 and 10."),
        NumberCase(text: "99999999999999999999", range: nil, message: "The value '99999999999999999999' is invalid for '--frame <n>': expected an integer."),
    ]

    @Test("Integers must be whole decimals within their range", arguments: integerCases)
    func integers(_ testCase: NumberCase) {
        do {
            let value = try ValueConverter.integer(in: testCase.range).convert(testCase.text, for: "--frame <n>")
            #expect(testCase.message == nil, "accepted as \(value)")
        } catch {
            #expect(error.message == testCase.message)
        }
    }

    @Test("Choices accept listed words only and list them all when refusing")
    func choices() throws {
        let converter = ValueConverter.choice(Sample.formats)
        #expect(try converter.convert("json", for: "<format>") == "json")
        #expect(throws: UsageError.invalidChoice("JSON", for: "<format>", choices: Sample.formats)) {
            try converter.convert("JSON", for: "<format>")
        }
    }

    enum Easing: String, CaseIterable, Sendable {
        case linear, easeIn, easeOut
    }

    @Test("An enumeration's raw values serve as its choices")
    func enumerationChoices() throws {
        let converter = ValueConverter<Easing>.choice()
        #expect(try converter.convert("easeIn", for: "--easing <easing>") == .easeIn)
        do {
            _ = try converter.convert("bounce", for: "--easing <easing>")
            Issue.record("bounce accepted")
        } catch {
            #expect(error.message == "The value 'bounce' is invalid for '--easing <easing>'. Please provide one of 'linear', 'easeIn' or 'easeOut'.")
        }
    }

    @Test("Number lists need exactly their named components")
    func numberLists() throws {
        let rect = ValueConverter.numbers(named: ["X", "Y", "W", "H"])
        #expect(try rect.convert("10,20,-3.5,40", for: "--crop <x,y,w,h>") == [10, 20, -3.5, 40])
        for bad in ["10,20,30", "10,20,30,40,50", "10,20,,40", "a,b,c,d", ""] {
            #expect(throws: UsageError.invalidValue(bad, for: "--crop <x,y,w,h>", expected: "4 comma-separated numbers X,Y,W,H")) {
                try rect.convert(bad, for: "--crop <x,y,w,h>")
            }
        }
        let circle = ValueConverter.numbers(named: ["CX", "CY", "R"])
        #expect(try circle.convert("50,50,12", for: "--circle <cx,cy,r>") == [50, 50, 12])
    }

    static let namedValues: [(String, NamedValue?)] = [
        ("lineWidth=4", NamedValue(name: "lineWidth", value: "4")),
        ("title=a=b", NamedValue(name: "title", value: "a=b")),
        ("empty=", NamedValue(name: "empty", value: "")),
        ("=4", nil),
        ("lineWidth", nil),
    ]

    @Test("NAME=VALUE splits at the first '=' and needs a name", arguments: namedValues)
    func namedValuePairs(_ text: String, _ expected: NamedValue?) {
        do {
            let pair = try ValueConverter.namedValue.convert(text, for: "--set <name=value>")
            #expect(pair == expected)
        } catch {
            #expect(expected == nil)
            #expect(error.message == "The value '\(text)' is invalid for '--set <name=value>': expected NAME=VALUE.")
        }
    }

    static let frameSeconds: [(String, FrameSeconds?)] = [
        ("12:0.5", FrameSeconds(frame: 12, seconds: 0.5)),
        ("0:20ms", FrameSeconds(frame: 0, seconds: 0.02)),
        ("3:1s", FrameSeconds(frame: 3, seconds: 1)),
        ("-1:0.5", nil),
        ("1.5:0.5", nil),
        ("12", nil),
        ("12:", nil),
        ("12:abc", nil),
    ]

    @Test("FRAME:SECONDS needs a frame index and a duration", arguments: frameSeconds)
    func frameSecondsPairs(_ text: String, _ expected: FrameSeconds?) {
        do {
            let pair = try ValueConverter.frameSeconds.convert(text, for: "--late <frame:seconds>")
            #expect(pair == expected)
        } catch {
            #expect(expected == nil)
            #expect(error.message == "The value '\(text)' is invalid for '--late <frame:seconds>': expected FRAME:SECONDS such as '12:0.5'.")
        }
    }

    @Test("Custom converters built from a parser share the wording")
    func customConverter() {
        let hex = ValueConverter<Int>.parsing(expected: "a hexadecimal colour such as '#FF8800'") { text in
            guard text.hasPrefix("#"), text.count == 7 else { return nil }
            return Int(text.dropFirst(), radix: 16)
        }
        #expect(throws: UsageError.invalidValue("red", for: "--colour <hex>", expected: "a hexadecimal colour such as '#FF8800'")) {
            try hex.convert("red", for: "--colour <hex>")
        }
    }
}
