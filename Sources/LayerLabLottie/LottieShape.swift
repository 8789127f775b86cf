/// One item of a shape layer's `shapes` (or a group's `it`), by its `ty`.
package struct LottieShape: Sendable {
    /// `ty` as written ("gr", "rc", …).
    package var type: String
    /// `nm`
    package var name: String = ""
    /// `hd`: hidden items are skipped.
    package var hidden = false
    package var item: Item

    package init(type: String, name: String = "", hidden: Bool = false, item: Item) {
        self.type = type; self.name = name; self.hidden = hidden; self.item = item
    }

    /// An item whose `ty` follows from its kind (what a writer builds).
    package init(_ item: Item, name: String = "", hidden: Bool = false) {
        self.init(type: item.type?.rawValue ?? "", name: name, hidden: hidden, item: item)
    }

    package indirect enum Item: Sendable {
        /// `gr`: items `it`, drawn with the group's `tr` (the last item).
        case group([LottieShape])
        /// `rc`: centre `p`, size `s`, corner radius `r`.
        case rectangle(position: LottieProperty?, size: LottieProperty?, roundness: LottieProperty?, reversed: Bool)
        /// `el`: centre `p`, size `s`.
        case ellipse(position: LottieProperty?, size: LottieProperty?, reversed: Bool)
        /// `sr`: star (`sy` 1) or polygon (2).
        case polystar(LottiePolystar)
        /// `sh`: an outline `ks`.
        case path(LottieProperty?, reversed: Bool)
        /// `fl`: colour `c`, opacity `o`, rule `r` (1 non-zero, 2 even-odd).
        case fill(color: LottieProperty?, opacity: LottieProperty?, evenOdd: Bool)
        /// `st`
        case stroke(LottieStroke)
        /// `gf`
        case gradientFill(LottieGradient)
        /// `gs`
        case gradientStroke(LottieGradient, LottieStroke)
        /// `tr`: the group's transform.
        case transform(LottieTransform)
        /// `tm`: trim paths, start `s` and end `e` percent, offset `o` degrees; `m` 1
        /// simultaneously, 2 individually.
        case trim(start: LottieProperty?, end: LottieProperty?, offset: LottieProperty?, individually: Bool)
        /// `rp`: copies `c`, offset `o`, `m` 1 above / 2 below, transform `tr`.
        case repeater(copies: LottieProperty?, offset: LottieProperty?, below: Bool, transform: LottieTransform)
        /// `rd`: rounded corners, radius `r`.
        case roundedCorners(LottieProperty?)
        /// `mm`: merge paths, mode `mm` (1 merge, 2 add, 3 subtract, 4 intersect, 5 exclude).
        case merge(mode: Int)
        /// Not in files: the outlines above a merge paths item (nested groups' with their
        /// transforms), combined into one outline by `mode`, as the reader's conversion needs it.
        case merged([LottieShape], mode: Int)
        /// Any other `ty` (offset paths, pucker, twist, zig-zag, …): skipped with a warning.
        case unknown

        /// The `ty` of the item's kind; nil for what files do not hold as one item.
        package var type: LottieShapeType? {
            switch self {
            case .group: return .group
            case .rectangle: return .rectangle
            case .ellipse: return .ellipse
            case .polystar: return .polystar
            case .path: return .path
            case .fill: return .fill
            case .stroke: return .stroke
            case .gradientFill: return .gradientFill
            case .gradientStroke: return .gradientStroke
            case .transform: return .transform
            case .trim: return .trim
            case .repeater: return .repeater
            case .roundedCorners: return .roundedCorners
            case .merge: return .merge
            case .merged, .unknown: return nil
            }
        }
    }
}

/// `sr`
package struct LottiePolystar: Sendable {
    /// `sy`: 1 star, 2 polygon.
    package var isStar = true
    package var position: LottieProperty?
    package var points: LottieProperty?
    package var rotation: LottieProperty?
    package var innerRadius: LottieProperty?
    package var outerRadius: LottieProperty?
    package var innerRoundness: LottieProperty?
    package var outerRoundness: LottieProperty?
    package var reversed = false
    package init() {}
}

/// The stroke fields of `st` and `gs`.
package struct LottieStroke: Sendable {
    package var color: LottieProperty?
    package var opacity: LottieProperty?
    package var width: LottieProperty?
    /// `lc`: 1 butt, 2 round, 3 square; `lj`: 1 miter, 2 round, 3 bevel; `ml` miter limit.
    package var cap = 2
    package var join = 2
    package var miterLimit: Double = 4
    /// `d`: dash, gap and offset entries in order, by their `n` (`dash`, `gap`, `offset`).
    package var dashes: [(kind: String, value: LottieProperty)] = []
    package init() {}

    /// The `n` of a dash entry.
    package static let dash = "d", gap = "g", offset = "o"
}

/// The gradient fields of `gf` and `gs`.
package struct LottieGradient: Sendable {
    /// `t`: 1 linear, 2 radial.
    package var radial = false
    /// `s`, `e`: start and end points; `h` highlight length, `a` angle.
    package var start: LottieProperty?
    package var end: LottieProperty?
    /// `h`: a radial gradient's highlight (focal point) length, percent of the radius, towards
    /// `a`, its angle in degrees from the start→end line.
    package var highlight: LottieProperty?
    package var highlightAngle: LottieProperty?
    /// `g.p`: how many colour stops; `g.k`: stops as (offset, r, g, b)… then (offset, alpha)….
    package var colorCount = 0
    package var stops: LottieProperty?
    package var opacity: LottieProperty?
    package var evenOdd = false
    package init() {}
}
