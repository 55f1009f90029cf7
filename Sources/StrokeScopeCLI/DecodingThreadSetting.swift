/// `STROKESCOPE_DECODING_THREAD`: whether the commands that measure frames (`inspect`, `fit`,
/// `check`, `infer`, `frames --model`) decode them on a thread of their own (`InspectSettings`). `on`: always, whatever the screen's size; `off`: never; unset or
/// anything else: the default (from a quarter-megapixel screen, outside batches).
///
/// For diagnosis (a run with and without the thread must give the same output) and for the
/// fuzzers, whose inputs are small screens and would otherwise never reach the threaded path.
enum DecodingThreadSetting {
    static let variable = "STROKESCOPE_DECODING_THREAD"

    /// The setting `environment` asks for; nil for the default.
    static func from(_ environment: [String: String]) -> Bool? {
        switch environment[variable] {
        case "on": true
        case "off": false
        default: nil
        }
    }
}
