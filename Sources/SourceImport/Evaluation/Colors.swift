import Raster

/// UIKit's named colours as sRGB hex (iOS light appearance), and colour arithmetic.
enum Colors {
    static func named(_ n: String) -> String? {
        var key = n
        if key.hasSuffix("Color") { key = String(key.dropLast(5)) }
        switch key {
        case "black": return "#000000"
        case "white": return "#FFFFFF"
        case "red": return "#FF0000"
        case "green": return "#00FF00"
        case "blue": return "#0000FF"
        case "cyan": return "#00FFFF"
        case "yellow": return "#FFFF00"
        case "magenta": return "#FF00FF"
        case "orange": return "#FF8000"
        case "purple": return "#800080"
        case "brown": return "#996633"
        case "gray", "grey": return "#808080"
        case "lightGray": return "#AAAAAA"
        case "darkGray": return "#555555"
        case "clear": return "#00000000"
        case "systemBlue", "tint": return "#007AFF"
        case "systemRed": return "#FF3B30"
        case "systemGreen": return "#34C759"
        case "systemOrange": return "#FF9500"
        case "systemYellow": return "#FFCC00"
        case "systemPink": return "#FF2D55"
        case "systemPurple": return "#AF52DE"
        case "systemTeal": return "#5AC8FA"
        case "systemIndigo": return "#5856D6"
        case "systemGray": return "#8E8E93"
        case "label": return "#000000"
        case "systemBackground": return "#FFFFFF"
        default: return nil
        }
    }

    /// Components 0…1 as `#RRGGBB` (`#RRGGBBAA` when not opaque), by Raster's `RGBA.hex`.
    static func hex(red: Double, green: Double, blue: Double, alpha: Double = 1) -> String {
        func byte(_ v: Double) -> UInt8 { UInt8((max(0, min(1, v)) * 255).rounded()) }
        return RGBA(byte(red), byte(green), byte(blue), byte(alpha)).hex
    }
}
