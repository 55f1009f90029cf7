import Testing
@testable import JSON

@Suite("JSON writing")
struct JSONWriterTests {
    @Test("strings are escaped per RFC 8259 with control characters as escapes", arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        (#"back\slash"#, #""back\\slash""#),
        ("line\nbreak", #""line\nbreak""#),
        ("crlf\r\n", #""crlf\r\n""#),
        ("tab\there", #""tab\there""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("nul\u{00}", #""nul\u0000""#),
        ("unit\u{1F}sep", #""unit\u001fsep""#),
        ("esc\u{1B}", #""esc\u001b""#),
        ("a/b", #""a/b""#),
        ("300×300 at 45°", #""300×300 at 45°""#),
        ("😀", #""😀""#),
    ])
    func escaping(input: String, expected: String) {
        #expect(JSONValue.string(input).serialized(.compact) == expected)
    }

    @Test("doubles print as their shortest round-trip text", arguments: [
        (0.04, "0.04"),
        (1e-7, "1e-07"),
        (1e-5, "1e-05"),
        (5.0, "5.0"),
        (-0.5, "-0.5"),
        (150.0, "150.0"),
        (1e16, "1e+16"),
        (0.1 + 0.2, "0.30000000000000004"),
    ])
    func doubleText(value: Double, expected: String) {
        #expect(JSONValue.double(value).serialized() == expected)
    }

    @Test("NaN and infinities print as null", arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteIsNull(value: Double) {
        #expect(JSONValue.double(value).serialized() == "null")
        #expect(JSONValue.array([.double(value)]).serialized(.compact) == "[null]")
    }

    @Test("integers print as integer text without a fraction", arguments: [
        (0, "0"), (42, "42"), (-7, "-7"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
    ])
    func integerText(value: Int, expected: String) {
        #expect(JSONValue.int(value).serialized() == expected)
    }

    @Test("other scalars print as JSON literals")
    func literals() {
        #expect(JSONValue.null.serialized() == "null")
        #expect(JSONValue.bool(true).serialized() == "true")
        #expect(JSONValue.bool(false).serialized() == "false")
    }

    @Test("rounding to decimals removes binary noise from figures")
    func roundedNumbers() {
        #expect(JSONValue.number(12.250000000001, decimals: 2).serialized() == "12.25")
        #expect(JSONValue.number(0.1 + 0.2, decimals: 3).serialized() == "0.3")
        #expect(JSONValue.number(2.0 / 3.0, decimals: 4).serialized() == "0.6667")
        #expect(JSONValue.number(.nan, decimals: 2).serialized() == "null")
    }

    @Test("object keys keep insertion order, not sorted order")
    func orderedKeys() {
        let value: JSONValue = ["zeta": 1, "alpha": 2, "mid": 3]
        #expect(value.serialized(.compact) == #"{"zeta":1,"alpha":2,"mid":3}"#)

        var object = JSONObject()
        object.append("y", 1)
        object.append("x", 2)
        object["y"] = 10
        object["w"] = 3
        #expect(object.keys == ["y", "x", "w"])
        object["x"] = nil
        #expect(object.keys == ["y", "w"])
        #expect(object["w"] == 3)
        #expect(JSONValue.object(object).serialized(.compact) == #"{"y":10,"w":3}"#)
    }

    @Test("pretty text indents by two spaces and keeps short scalar arrays on one line")
    func prettyLayout() {
        let value: JSONValue = [
            "name": "ring",
            "center": [150.0, 150.0],
            "frames": [["index": 0, "ok": true], ["index": 1, "ok": nil]],
            "empty": [],
            "none": [:],
        ]
        let expected = """
            {
              "name": "ring",
              "center": [150.0, 150.0],
              "frames": [
                {
                  "index": 0,
                  "ok": true
                },
                {
                  "index": 1,
                  "ok": null
                }
              ],
              "empty": [],
              "none": {}
            }
            """
        #expect(value.serialized(.pretty) == expected)
        #expect(value.serialized() == expected)
    }

    @Test("a scalar array too long for one line gets one element per line")
    func longArrayWraps() {
        let items = JSONValue.array((0..<30).map { .int(1000 + $0) })
        let text = JSONValue.object(["values": items]).serialized()
        let lines = text.split(separator: "\n")
        #expect(lines.count == 30 + 4)
        #expect(lines[1] == #"  "values": ["#)
        #expect(lines[2] == "    1000,")
        #expect(lines.allSatisfy { $0.count <= JSONValue.prettyLineWidth })
    }

    @Test("the one-line rule counts characters, not UTF-8 bytes, in keys and strings")
    func lineWidthInCharacters() {
        // 31 two-byte characters per string: the line is 78 characters but 142 bytes long.
        let word = String(repeating: "é", count: 31)
        let fits = JSONValue.object(["ké": .array([.string(word), .string(word)])]).serialized()
        #expect(fits.split(separator: "\n")[1] == "  \"ké\": [\"\(word)\", \"\(word)\"]")
        #expect(fits.split(separator: "\n")[1].count == 78)
        // Two characters more and it no longer fits with the comma that may follow.
        let longer = JSONValue.object(["kééé": .array([.string(word), .string(word)])]).serialized()
        #expect(longer.split(separator: "\n").count == 6)
        #expect(longer.contains("\u{0008}") == false)
        #expect(JSONValue.string("a\u{08}b\u{1F}é😀").serialized() == #""a\bb\u001fé😀""#)
    }

    @Test("compact text has no whitespace")
    func compactLayout() {
        let value: JSONValue = ["a": [1, 2.5, "x"], "b": ["c": nil]]
        #expect(value.serialized(.compact) == #"{"a":[1,2.5,"x"],"b":{"c":null}}"#)
    }

    @Test("object equality depends on key order")
    func orderSensitiveEquality() {
        let ab: JSONValue = ["a": 1, "b": 2]
        let ba: JSONValue = ["b": 2, "a": 1]
        #expect(ab != ba)
        #expect(ab == ["a": 1, "b": 2])
        #expect(JSONValue.int(1) != .double(1))
    }

    @Test("lookups reach into objects and arrays")
    func lookups() {
        let value: JSONValue = ["list": [1, 2.5, "s", true, nil]]
        #expect(value["list"]?[0]?.intValue == 1)
        #expect(value["list"]?[0]?.doubleValue == 1)
        #expect(value["list"]?[1]?.doubleValue == 2.5)
        #expect(value["list"]?[1]?.intValue == nil)
        #expect(value["list"]?[2]?.stringValue == "s")
        #expect(value["list"]?[3]?.boolValue == true)
        #expect(value["list"]?[4]?.isNull == true)
        #expect(value["list"]?[5] == nil)
        #expect(value["missing"] == nil)
        #expect(value.objectValue?.count == 1)
        #expect(value["list"]?.arrayValue?.count == 5)
    }
}
