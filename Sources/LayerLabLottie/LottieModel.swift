/// A typed model of the Lottie (Bodymovin) format, as far as LayerLab reads it. Field names
/// follow the format's short keys in comments; values are in the file's own units (frames,
/// percent, degrees) — conversion to Core Animation units happens in `LottieConverter`.
public struct LottieFile: Sendable {
    /// `v`: the Bodymovin version that wrote the file ("5.7.4"); 4.x files use `e` end values.
    public var version: String = ""
    /// `fr`: frames per second.
    public var frameRate: Double = 30
    /// `ip`, `op`: the first frame and the frame after the last.
    public var inPoint: Double = 0
    public var outPoint: Double = 0
    /// `w`, `h`: the canvas size in points.
    public var width: Double = 0
    public var height: Double = 0
    /// `nm`
    public var name: String = ""
    /// `assets`: precompositions (with layers) and images.
    public var assets: [LottieAsset] = []
    /// `layers`, top first (as After Effects lists them).
    public var layers: [LottieLayer] = []
    /// `markers`: named times.
    public var markers: [LottieMarker] = []
    /// `chars`: glyph outlines for text layers.
    public var chars: [LottieGlyph] = []
    /// `fonts.list`
    public var fonts: [LottieFont] = []
    public init() {}
}

/// An entry of `assets`: a precomposition (`layers`) or an image (`p`, `u`, `e`).
public struct LottieAsset: Sendable {
    public var id: String = ""
    public var name: String = ""
    /// Precompositions: their layers (nil for an image).
    public var layers: [LottieLayer]?
    /// `fr` of a precomposition, when it has its own.
    public var frameRate: Double?
    public var width: Double = 0
    public var height: Double = 0
    /// `u`: the folder; `p`: the file name or a data URL.
    public var directory: String = ""
    public var path: String = ""
    /// `e`: 1 when `p` is embedded (a data URL).
    public var embedded: Bool = false
    public init() {}
}

/// `markers[]`: `cm` comment (name), `tm` time and `dr` duration in frames.
public struct LottieMarker: Sendable {
    public var name: String
    public var time: Double
    public var duration: Double
    public init(name: String, time: Double, duration: Double) { self.name = name; self.time = time; self.duration = duration }
}

/// `fonts.list[]`
public struct LottieFont: Sendable {
    public var name: String = ""
    public var family: String = ""
    public var style: String = ""
    /// `ascent`: how far the font rises above the baseline, percent of the size.
    public var ascent: Double = 0
    public init() {}
}

/// `chars[]`: one glyph's outline, drawn at size 100.
public struct LottieGlyph: Sendable {
    public var character: String = ""
    public var family: String = ""
    public var style: String = ""
    public var size: Double = 100
    /// `w`: advance width at `size`.
    public var width: Double = 0
    /// `data.shapes`
    public var shapes: [LottieShape] = []
    public init() {}
}

/// The layer types (`ty`).
public enum LottieLayerType: Hashable, Sendable {
    case precomp, solid, image, null, shape, text, audio, camera, other(Int)
    init(_ ty: Int) {
        switch ty {
        case 0: self = .precomp
        case 1: self = .solid
        case 2: self = .image
        case 3: self = .null
        case 4: self = .shape
        case 5: self = .text
        case 6: self = .audio
        case 13: self = .camera
        default: self = .other(ty)
        }
    }
    public var noun: String {
        switch self {
        case .precomp: return "precomposition"
        case .solid: return "solid"
        case .image: return "image"
        case .null: return "null"
        case .shape: return "shape"
        case .text: return "text"
        case .audio: return "audio"
        case .camera: return "camera"
        case .other(let n): return "type \(n)"
        }
    }
}

/// One layer of a composition.
public struct LottieLayer: Sendable {
    public var type: LottieLayerType = .null
    /// `nm`
    public var name: String = ""
    /// `ind`: the number `parent` refers to.
    public var index: Int?
    /// `parent`: the `ind` of the layer whose transform this one follows.
    public var parent: Int?
    /// `ip`, `op`: the layer shows from frame `ip` up to (not including) `op`, composition time.
    public var inPoint: Double = 0
    public var outPoint: Double = 0
    /// `st`: when the layer's own time 0 falls, in composition frames.
    public var startTime: Double = 0
    /// `sr`: time stretch (2 plays at half speed).
    public var stretch: Double = 1
    /// `ks`
    public var transform = LottieTransform()
    /// `ao`: turn to follow the position's path.
    public var autoOrient = false
    /// `ddd`: a 3D layer.
    public var is3D = false
    /// `hd`: hidden.
    public var hidden = false
    /// `bm`: blend mode (0 normal).
    public var blendMode = 0
    /// `tt`: track matte mode using the layer above (1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted).
    public var matteMode = 0
    /// `td`: this layer is a matte for the one below.
    public var isMatte = false
    /// `tp`: the `ind` of the matte layer (newer files, instead of the layer above).
    public var matteParent: Int?
    /// `masksProperties`
    public var masks: [LottieMask] = []
    /// `ef`: effects, by type number and name.
    public var effects: [LottieEffect] = []
    /// `refId`: the asset of a precomposition or image layer.
    public var referenceID: String = ""
    /// `w`, `h`: a precomposition layer's size (its clip).
    public var width: Double = 0
    public var height: Double = 0
    /// `tm`: a precomposition's time remapping, in seconds.
    public var timeRemap: LottieProperty?
    /// Solids: `sc` colour (hex), `sw`, `sh` size.
    public var solidColor: String = ""
    public var solidWidth: Double = 0
    public var solidHeight: Double = 0
    /// `shapes` of a shape layer.
    public var shapes: [LottieShape] = []
    /// `t` of a text layer.
    public var text: LottieText?
    public init() {}
}

/// `ks` of a layer or `tr` of a group: anchor, position, scale, rotation, opacity, skew.
public struct LottieTransform: Sendable {
    /// `a`, in the layer's own coordinates.
    public var anchor: LottieProperty?
    /// `p`; or split into `px`/`py` (`s: true`).
    public var position: LottieProperty?
    public var positionX: LottieProperty?
    public var positionY: LottieProperty?
    /// `s`, percent.
    public var scale: LottieProperty?
    /// `r` (or `rz` on 3D layers), degrees clockwise.
    public var rotation: LottieProperty?
    /// `rx`, `ry`, degrees (3D layers).
    public var rotationX: LottieProperty?
    public var rotationY: LottieProperty?
    /// `o`, percent.
    public var opacity: LottieProperty?
    /// `sk` degrees, `sa` skew axis degrees.
    public var skew: LottieProperty?
    public var skewAxis: LottieProperty?
    /// Repeater transforms: `so`, `eo` start and end opacity, percent.
    public var startOpacity: LottieProperty?
    public var endOpacity: LottieProperty?
    public init() {}
}

/// `masksProperties[]`
public struct LottieMask: Sendable {
    /// `mode`: a add, s subtract, i intersect, l lighten, d darken, f difference, n none.
    public var mode: String = "a"
    public var inverted = false
    public var name: String = ""
    /// `pt`: the outline; `o` opacity percent; `x` expansion.
    public var path: LottieProperty?
    public var opacity: LottieProperty?
    public var expansion: LottieProperty?
    public init() {}
}

/// `ef[]`: an effect, kept by type and its numeric controls by name.
public struct LottieEffect: Sendable {
    /// `ty`: 25 drop shadow, 21 fill, 20 tint, 5 a custom slider group, …
    public var type: Int = 0
    public var name: String = ""
    public var enabled = true
    /// `ef[]` controls in order: their values (`v`).
    public var values: [LottieProperty] = []
    public init() {}
}

/// `t` of a text layer: its text documents (`d.k`, each from its keyframe's time until the
/// next, as players hold them), its animators (`a`) and the grouping of characters for their
/// transforms (`m`).
public struct LottieText: Sendable {
    public var documents: [LottieTextKeyframe] = []
    public var animators: [LottieTextAnimator] = []
    /// `m.g`: what the animators' transforms turn about: 1 characters, 2 words, 3 lines, 4 all.
    public var anchorGrouping = 1
    /// `m.a`: the grouping alignment, percent of a character's half width and of the line's ascent.
    public var groupingAlignment: LottieProperty?
    /// `p`: text on a path (not drawn; warned).
    public var followsPath = false
    public init() {}

    /// The first document (what a file without keyframes says).
    public var first: LottieTextDocument { documents.first?.document ?? LottieTextDocument() }
}

/// `d.k[]`: a text document from frame `time`.
public struct LottieTextKeyframe: Sendable {
    public var time: Double
    public var document: LottieTextDocument
    public init(time: Double, document: LottieTextDocument) { self.time = time; self.document = document }
}

/// `d.k[].s`: the text, its font and how it is painted and laid out.
public struct LottieTextDocument: Sendable, Equatable {
    public var string: String = ""
    public var font: String = ""
    public var size: Double = 12
    /// `j`: 0 left, 1 right, 2 centre.
    public var justify = 0
    public var fillColor: [Double] = [0, 0, 0]
    /// `sc`, `sw`: stroke colour and width; `of`: the stroke is painted over the fill.
    public var strokeColor: [Double]?
    public var strokeWidth: Double = 0
    public var strokeOverFill = false
    /// `lh` line height, `tr` tracking (thousandths of the size), `ls` baseline shift.
    public var lineHeight: Double = 0
    public var tracking: Double = 0
    public var baselineShift: Double = 0
    /// `sz`, `ps`: a paragraph (box) text's size and top-left corner; nil for point text.
    public var boxSize: [Double]?
    public var boxPosition: [Double]?
    public init() {}
}

/// `a[]`: a text animator: a range selector (`s`) choosing how much of each character the
/// properties (`a`) apply to.
public struct LottieTextAnimator: Sendable {
    public var name: String = ""
    /// `s.t`: 0 a range selector; anything else (an expression selector) is not drawn.
    public var selectorType = 0
    /// `s.s`, `s.e`, `s.o`: start, end and offset, percent of the units (`r` 1) or indices (`r` 2).
    public var start: LottieProperty?
    public var end: LottieProperty?
    public var offset: LottieProperty?
    public var indexUnits = false
    /// `s.b`: counted in 1 characters, 2 characters without spaces, 3 words, 4 lines.
    public var basedOn = 1
    /// `s.sh`: 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth.
    public var shape = 1
    /// `s.a` amount (percent), `s.ne`/`s.xe` ease low and high, `s.sm` smoothness.
    public var amount: LottieProperty?
    public var easeLow: LottieProperty?
    public var easeHigh: LottieProperty?
    public var smoothness: LottieProperty?
    /// `s.rn`: randomize order (drawn in a fixed shuffled order; warned).
    public var randomize = false
    /// `a.p` position, `a.a` anchor, `a.s` scale (percent), `a.r` rotation (degrees),
    /// `a.o` opacity (percent), `a.fc` fill colour, `a.sc` stroke colour, `a.sw` stroke width,
    /// `a.t` tracking.
    public var position: LottieProperty?
    public var anchor: LottieProperty?
    public var scale: LottieProperty?
    public var rotation: LottieProperty?
    public var opacity: LottieProperty?
    public var fillColor: LottieProperty?
    public var strokeColor: LottieProperty?
    public var strokeWidth: LottieProperty?
    public var tracking: LottieProperty?
    /// Properties read but not drawn (skew, 3D rotation, hue/saturation/brightness…), by key.
    public var undrawn: [String] = []
    public init() {}
}

/// A value at one moment: numbers (a scalar, point, colour, …) or a Bézier shape.
public enum LottieValue: Hashable, Sendable {
    case numbers([Double])
    case shape(LottieBezier)

    public var numbers: [Double]? { if case .numbers(let n) = self { return n }; return nil }
    public var shape: LottieBezier? { if case .shape(let s) = self { return s }; return nil }
}

/// A Bézier outline: vertices `v` with in/out tangents `i`/`o` relative to them; `c` closed.
public struct LottieBezier: Hashable, Sendable {
    public var vertices: [[Double]]
    public var inTangents: [[Double]]
    public var outTangents: [[Double]]
    public var closed: Bool
    public init(vertices: [[Double]], inTangents: [[Double]], outTangents: [[Double]], closed: Bool) {
        self.vertices = vertices; self.inTangents = inTangents; self.outTangents = outTangents; self.closed = closed
    }
}

/// An easing handle (`i` or `o`): x is time, y progress; one entry per dimension or one for all.
public struct LottieEase: Hashable, Sendable {
    public var x: [Double]
    public var y: [Double]
    public init(x: [Double], y: [Double]) { self.x = x; self.y = y }
}

/// One keyframe: at frame `t` the value `s`; towards the next keyframe with easing `o` (out of
/// this one) and `i` (into the next). Bodymovin 4.x writes the next value as `e` here.
public struct LottieKeyframe: Hashable, Sendable {
    public var time: Double
    public var start: LottieValue?
    public var end: LottieValue?
    public var inEase: LottieEase?
    public var outEase: LottieEase?
    /// `h: 1`: hold this value until the next keyframe.
    public var hold: Bool
    /// `to`, `ti`: spatial tangents of a position's path, out of this keyframe and into the next.
    public var outTangent: [Double]?
    public var inTangent: [Double]?
    public init(time: Double, start: LottieValue?, end: LottieValue? = nil, inEase: LottieEase? = nil,
                outEase: LottieEase? = nil, hold: Bool = false, outTangent: [Double]? = nil, inTangent: [Double]? = nil) {
        self.time = time; self.start = start; self.end = end; self.inEase = inEase; self.outEase = outEase
        self.hold = hold; self.outTangent = outTangent; self.inTangent = inTangent
    }
}

/// An animatable property `{a, k}`: a fixed value, or keyframes; with `x`, an expression
/// (never run: the keyframed value is used).
public struct LottieProperty: Hashable, Sendable {
    public var value: LottieValue?
    public var keyframes: [LottieKeyframe]
    public var expression: String?
    public init(value: LottieValue? = nil, keyframes: [LottieKeyframe] = [], expression: String? = nil) {
        self.value = value; self.keyframes = keyframes; self.expression = expression
    }
    public var isAnimated: Bool { keyframes.count > 1 }
}
