/// Recognises a recording of a whole iPhone or iPad screen by its size, to tell its pixels per
/// point when the user does not: the Simulator's and the devices' own screen recordings are
/// exactly the screen's size in pixels, an integer scale times its size in points.
///
/// A cropped recording (Kap, LICEcap, a region of the Simulator window) or a resized one matches
/// no screen, and its scale stays the caller's to state. Sizes that match a screen at a scale no
/// device has are not taken (a 640×1136 GIF is an iPhone SE at 2×, not at 3×).
public enum DeviceScreen {
    /// Portrait sizes in points of iPhone and iPad screens, with the scales their devices have.
    static let screens: [(width: Int, height: Int, scales: [Int], kind: String)] = [
        (320, 480, [2], "iPhone"), (320, 568, [2], "iPhone"), (375, 667, [2], "iPhone"), (414, 736, [3], "iPhone"),
        (375, 812, [3], "iPhone"), (414, 896, [2, 3], "iPhone"), (360, 780, [3], "iPhone"), (390, 844, [3], "iPhone"),
        (428, 926, [3], "iPhone"), (393, 852, [3], "iPhone"), (430, 932, [3], "iPhone"), (402, 874, [3], "iPhone"),
        (440, 956, [3], "iPhone"),
        (768, 1024, [2], "iPad"), (810, 1080, [2], "iPad"), (834, 1112, [2], "iPad"), (834, 1194, [2], "iPad"),
        (820, 1180, [2], "iPad"), (744, 1133, [2], "iPad"), (1024, 1366, [2], "iPad"),
    ]

    /// The scale and a description of the screen (`an iPhone screen of 390×844 points at 3×`)
    /// when a canvas of `width` × `height` pixels is exactly such a screen, upright or turned;
    /// nil otherwise.
    public static func match(width: Int, height: Int) -> (scale: Int, description: String)? {
        for screen in screens {
            for scale in screen.scales {
                let (w, h) = (screen.width * scale, screen.height * scale)
                if (width, height) == (w, h) || (width, height) == (h, w) {
                    return (scale, "an \(screen.kind) screen of \(screen.width)×\(screen.height) points at \(scale)×")
                }
            }
        }
        return nil
    }
}
