import LayerLabCore

/// How a stroke's outline is built: width, caps, joins, miter limit.
struct StrokeStyle {
    enum Cap { case butt, round, square }
    enum Join { case miter, round, bevel }

    var halfWidth: Double
    var cap: Cap
    var join: Join
    var miterLimit: Double

    init(lineWidth: Double, cap: String, join: String, miterLimit: Double) {
        halfWidth = lineWidth / 2
        switch cap {
        case "round": self.cap = .round
        case "square": self.cap = .square
        default: self.cap = .butt
        }
        switch join {
        case "round": self.join = .round
        case "bevel": self.join = .bevel
        default: self.join = .miter
        }
        self.miterLimit = miterLimit
    }
}
