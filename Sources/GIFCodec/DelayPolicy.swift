import Raster

/// How stored delays become playback durations.
public enum DelayPolicy: String, Sendable, CaseIterable {
    /// The delays as stored; 0 cs frames share an instant with the next frame.
    case raw
    /// Chrome and Firefox: delays of 0 or 1 cs play as 10 cs.
    case browser
    /// ffmpeg's GIF demuxer: delays under 2 cs play as 10 cs.
    case ffmpeg

    /// The delay this policy plays, in centiseconds.
    public func effectiveCentiseconds(_ raw: Int) -> Int {
        switch self {
        case .raw: raw
        case .browser: raw <= 1 ? 10 : raw
        case .ffmpeg: raw < 2 ? 10 : raw
        }
    }
}
