/// A colour with straight (not premultiplied) RGBA components in 0…1, sRGB.
package struct Color: Hashable, Sendable {
    package var r: Double
    package var g: Double
    package var b: Double
    package var a: Double

    package init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// A colour from 0…255 components, as the tutorials' starter project writes `Colors.red = (209, 42, 24)`.
    package init(bytes r: Int, _ g: Int, _ b: Int, _ a: Int = 255) {
        self.init(Double(r) / 255, Double(g) / 255, Double(b) / 255, Double(a) / 255)
    }

    package static let clear = Color(0, 0, 0, 0)
    package static let black = Color(0, 0, 0)
    package static let white = Color(1, 1, 1)

    /// Component-wise interpolation, as Core Animation interpolates CGColor values.
    package func lerp(_ o: Color, _ t: Double) -> Color {
        Color(r + (o.r - r) * t, g + (o.g - g) * t, b + (o.b - b) * t, a + (o.a - a) * t)
    }

    /// The colour as `#rrggbbaa`, the form `inspect` prints.
    package var hex: String {
        func byte(_ v: Double) -> String {
            let n = Int((max(0, min(1, v)) * 255).rounded())
            let s = String(n, radix: 16)
            return n < 16 ? "0" + s : s
        }
        return "#" + byte(r) + byte(g) + byte(b) + byte(a)
    }

    /// UIKit's named colours, with UIKit's component values.
    package static let uikitNames: [String: Color] = [
        "black": Color(0, 0, 0), "darkGray": Color(1.0 / 3, 1.0 / 3, 1.0 / 3),
        "lightGray": Color(2.0 / 3, 2.0 / 3, 2.0 / 3), "white": Color(1, 1, 1),
        "gray": Color(0.5, 0.5, 0.5), "red": Color(1, 0, 0), "green": Color(0, 1, 0),
        "blue": Color(0, 0, 1), "cyan": Color(0, 1, 1), "yellow": Color(1, 1, 0),
        "magenta": Color(1, 0, 1), "orange": Color(1, 0.5, 0), "purple": Color(0.5, 0, 0.5),
        "brown": Color(0.6, 0.4, 0.2), "clear": Color(0, 0, 0, 0),
    ]

    /// A named colour: UIKit's names first, then CSS's; nil when unknown.
    package static func named(_ name: String) -> Color? {
        if let c = uikitNames[name] { return c }
        return cssNames[name.lowercased()]
    }

    /// Every colour name, for completion and suggestions.
    package static var allNames: [String] {
        Array(Set(uikitNames.keys).union(cssNames.keys)).sorted()
    }
}
