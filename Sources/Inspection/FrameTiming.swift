import GIFCodec

/// How frame start times are derived.
public enum FrameTiming: Sendable, Equatable {
    /// The stored delays, played under a policy (as stored, as browsers or as ffmpeg play them).
    case delays(DelayPolicy)
    /// The stored delays ignored: frames evenly spaced at this rate (frames per second).
    case evenlySpaced(fps: Double)
    /// A movie's presentation timestamps: each frame at its timestamp minus the first frame's,
    /// shown until the next frame's (the last: until the stream ends). Variable frame rates stay.
    case timestamps

    /// The timing a file of `format` is played with: a movie's frames by their timestamps
    /// unless `--fps` spaces them evenly (a GIF's delay policies have nothing to act on in a
    /// movie); a GIF never by timestamps (it has none: its delays as stored).
    public func resolved(for format: RecordingFormat) -> FrameTiming {
        switch (format, self) {
        case (.movie, .delays): .timestamps
        case (.gif, .timestamps): .delays(.raw)
        default: self
        }
    }
}
