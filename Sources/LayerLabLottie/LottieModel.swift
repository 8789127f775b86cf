/// A typed model of the Lottie (Bodymovin) format, as far as LayerLab reads it. Field names
/// follow the format's short keys in comments; values are in the file's own units (frames,
/// percent, degrees) — conversion to Core Animation units happens in `LottieConverter`.
package struct LottieFile: Sendable {
    /// `v`: the Bodymovin version that wrote the file ("5.7.4"); 4.x files use `e` end values.
    package var version: String = ""
    /// `fr`: frames per second.
    package var frameRate: Double = 30
    /// `ip`, `op`: the first frame and the frame after the last.
    package var inPoint: Double = 0
    package var outPoint: Double = 0
    /// `w`, `h`: the canvas size in points.
    package var width: Double = 0
    package var height: Double = 0
    /// `nm`
    package var name: String = ""
    /// `ddd`: the animation has 3D layers.
    package var is3D = false
    /// `assets`: precompositions (with layers) and images.
    package var assets: [LottieAsset] = []
    /// `layers`, top first (as After Effects lists them).
    package var layers: [LottieLayer] = []
    /// `markers`: named times.
    package var markers: [LottieMarker] = []
    /// `chars`: glyph outlines for text layers.
    package var chars: [LottieGlyph] = []
    /// `fonts.list`
    package var fonts: [LottieFont] = []
    package init() {}
}

/// An entry of `assets`: a precomposition (`layers`) or an image (`p`, `u`, `e`).
package struct LottieAsset: Sendable {
    package var id: String = ""
    package var name: String = ""
    /// Precompositions: their layers (nil for an image).
    package var layers: [LottieLayer]?
    /// `fr` of a precomposition, when it has its own.
    package var frameRate: Double?
    package var width: Double = 0
    package var height: Double = 0
    /// `u`: the folder; `p`: the file name or a data URL.
    package var directory: String = ""
    package var path: String = ""
    /// `e`: 1 when `p` is embedded (a data URL).
    package var embedded: Bool = false
    package init() {}
}

/// `markers[]`: `cm` comment (name), `tm` time and `dr` duration in frames.
package struct LottieMarker: Sendable {
    package var name: String
    package var time: Double
    package var duration: Double
    package init(name: String, time: Double, duration: Double) { self.name = name; self.time = time; self.duration = duration }
}

/// `fonts.list[]`
package struct LottieFont: Sendable {
    package var name: String = ""
    package var family: String = ""
    package var style: String = ""
    /// `ascent`: how far the font rises above the baseline, percent of the size.
    package var ascent: Double = 0
    package init() {}
}

/// `chars[]`: one glyph's outline, drawn at size 100.
package struct LottieGlyph: Sendable {
    package var character: String = ""
    package var family: String = ""
    package var style: String = ""
    package var size: Double = 100
    /// `w`: advance width at `size`.
    package var width: Double = 0
    /// `data.shapes`
    package var shapes: [LottieShape] = []
    package init() {}
}

/// The layer types (`ty`).
package enum LottieLayerType: Hashable, Sendable {
    case precomp, solid, image, null, shape, text, audio, camera, other(Int)
    package init(_ ty: Int) {
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
    /// The `ty` number written for this type.
    package var number: Int {
        switch self {
        case .precomp: return 0
        case .solid: return 1
        case .image: return 2
        case .null: return 3
        case .shape: return 4
        case .text: return 5
        case .audio: return 6
        case .camera: return 13
        case .other(let n): return n
        }
    }
    package var noun: String {
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
package struct LottieLayer: Sendable {
    package var type: LottieLayerType = .null
    /// `nm`
    package var name: String = ""
    /// `ind`: the number `parent` refers to.
    package var index: Int?
    /// `parent`: the `ind` of the layer whose transform this one follows.
    package var parent: Int?
    /// `ip`, `op`: the layer shows from frame `ip` up to (not including) `op`, composition time.
    package var inPoint: Double = 0
    package var outPoint: Double = 0
    /// `st`: when the layer's own time 0 falls, in composition frames.
    package var startTime: Double = 0
    /// `sr`: time stretch (2 plays at half speed).
    package var stretch: Double = 1
    /// `ks`
    package var transform = LottieTransform()
    /// `ao`: turn to follow the position's path.
    package var autoOrient = false
    /// `ddd`: a 3D layer.
    package var is3D = false
    /// `hd`: hidden.
    package var hidden = false
    /// `bm`: blend mode (0 normal).
    package var blendMode = 0
    /// `tt`: track matte mode using the layer above (1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted).
    package var matteMode = 0
    /// `td`: this layer is a matte for the one below.
    package var isMatte = false
    /// `tp`: the `ind` of the matte layer (newer files, instead of the layer above).
    package var matteParent: Int?
    /// `masksProperties`
    package var masks: [LottieMask] = []
    /// `ef`: effects, by type number and name.
    package var effects: [LottieEffect] = []
    /// `refId`: the asset of a precomposition or image layer.
    package var referenceID: String = ""
    /// `w`, `h`: a precomposition layer's size (its clip).
    package var width: Double = 0
    package var height: Double = 0
    /// `tm`: a precomposition's time remapping, in seconds.
    package var timeRemap: LottieProperty?
    /// Solids: `sc` colour (hex), `sw`, `sh` size.
    package var solidColor: String = ""
    package var solidWidth: Double = 0
    package var solidHeight: Double = 0
    /// `shapes` of a shape layer.
    package var shapes: [LottieShape] = []
    /// `t` of a text layer.
    package var text: LottieText?
    package init() {}
}

/// `ks` of a layer or `tr` of a group: anchor, position, scale, rotation, opacity, skew.
package struct LottieTransform: Sendable {
    /// `a`, in the layer's own coordinates.
    package var anchor: LottieProperty?
    /// `p`; or split into `px`/`py` (`s: true`).
    package var position: LottieProperty?
    package var positionX: LottieProperty?
    package var positionY: LottieProperty?
    /// `s`, percent.
    package var scale: LottieProperty?
    /// `r` (or `rz` on 3D layers), degrees clockwise.
    package var rotation: LottieProperty?
    /// `rx`, `ry`, degrees (3D layers).
    package var rotationX: LottieProperty?
    package var rotationY: LottieProperty?
    /// `o`, percent.
    package var opacity: LottieProperty?
    /// `sk` degrees, `sa` skew axis degrees.
    package var skew: LottieProperty?
    package var skewAxis: LottieProperty?
    /// Repeater transforms: `so`, `eo` start and end opacity, percent.
    package var startOpacity: LottieProperty?
    package var endOpacity: LottieProperty?
    package init() {}
}

/// A mask's `mode`: how its outline combines with the masks before it.
package enum LottieMaskMode: String, Sendable {
    case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n"
}

/// `masksProperties[]`
package struct LottieMask: Sendable {
    package var mode = LottieMaskMode.add
    package var inverted = false
    package var name: String = ""
    /// `pt`: the outline; `o` opacity percent; `x` expansion.
    package var path: LottieProperty?
    package var opacity: LottieProperty?
    package var expansion: LottieProperty?
    package init() {}
}

/// `ef[]`: an effect, kept by type and its controls in order.
package struct LottieEffect: Sendable {
    /// `ty`: 25 drop shadow, 21 fill, 20 tint, 5 a custom slider group, …
    package var type: Int = 0
    package var name: String = ""
    /// `mn`: After Effects' match name ("ADBE Tint"), which players key effects by.
    package var matchName: String?
    /// `ix`, `np`: the effect's index and its property count, as After Effects writes them.
    package var index: Int?
    package var propertyCount: Int?
    package var enabled = true
    /// `ef[]`: the controls in order.
    package var controls: [LottieEffectControl] = []
    package init() {}

    /// The controls' values in order (what drawing an effect reads).
    package var values: [LottieProperty] { controls.map(\.value) }
}

/// `ef[].ef[]`: one control of an effect: `ty` 0 slider, 2 colour, …; `v` its value.
package struct LottieEffectControl: Sendable {
    package var type: Int = 0
    package var name: String = ""
    package var matchName: String?
    package var index: Int?
    package var value = LottieProperty()
    package init(type: Int = 0, name: String = "", matchName: String? = nil, index: Int? = nil, value: LottieProperty = LottieProperty()) {
        self.type = type; self.name = name; self.matchName = matchName; self.index = index; self.value = value
    }
}

/// `t` of a text layer: its text documents (`d.k`, each from its keyframe's time until the
/// next, as players hold them), its animators (`a`) and the grouping of characters for their
/// transforms (`m`).
package struct LottieText: Sendable {
    package var documents: [LottieTextKeyframe] = []
    package var animators: [LottieTextAnimator] = []
    /// `m.g`: what the animators' transforms turn about: 1 characters, 2 words, 3 lines, 4 all.
    package var anchorGrouping = 1
    /// `m.a`: the grouping alignment, percent of a character's half width and of the line's ascent.
    package var groupingAlignment: LottieProperty?
    /// `p`: text on a path (not drawn; warned).
    package var followsPath = false
    package init() {}

    /// The first document (what a file without keyframes says).
    package var first: LottieTextDocument { documents.first?.document ?? LottieTextDocument() }
}

/// `d.k[]`: a text document from frame `time`.
package struct LottieTextKeyframe: Sendable {
    package var time: Double
    package var document: LottieTextDocument
    package init(time: Double, document: LottieTextDocument) { self.time = time; self.document = document }
}

/// `d.k[].s`: the text, its font and how it is painted and laid out.
package struct LottieTextDocument: Sendable, Equatable {
    package var string: String = ""
    package var font: String = ""
    package var size: Double = 12
    /// `j`: 0 left, 1 right, 2 centre.
    package var justify = 0
    package var fillColor: [Double] = [0, 0, 0]
    /// `sc`, `sw`: stroke colour and width; `of`: the stroke is painted over the fill.
    package var strokeColor: [Double]?
    package var strokeWidth: Double = 0
    package var strokeOverFill = false
    /// `lh` line height, `tr` tracking (thousandths of the size), `ls` baseline shift.
    package var lineHeight: Double = 0
    package var tracking: Double = 0
    package var baselineShift: Double = 0
    /// `sz`, `ps`: a paragraph (box) text's size and top-left corner; nil for point text.
    package var boxSize: [Double]?
    package var boxPosition: [Double]?
    package init() {}
}

/// `a[]`: a text animator: a range selector (`s`) choosing how much of each character the
/// properties (`a`) apply to.
package struct LottieTextAnimator: Sendable {
    package var name: String = ""
    /// `s.t`: 0 a range selector; anything else (an expression selector) is not drawn.
    package var selectorType = 0
    /// `s.s`, `s.e`, `s.o`: start, end and offset, percent of the units (`r` 1) or indices (`r` 2).
    package var start: LottieProperty?
    package var end: LottieProperty?
    package var offset: LottieProperty?
    package var indexUnits = false
    /// `s.b`: counted in 1 characters, 2 characters without spaces, 3 words, 4 lines.
    package var basedOn = 1
    /// `s.sh`: 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth.
    package var shape = 1
    /// `s.a` amount (percent), `s.ne`/`s.xe` ease low and high, `s.sm` smoothness.
    package var amount: LottieProperty?
    package var easeLow: LottieProperty?
    package var easeHigh: LottieProperty?
    package var smoothness: LottieProperty?
    /// `s.rn`: randomize order (drawn in a fixed shuffled order; warned).
    package var randomize = false
    /// `a.p` position, `a.a` anchor, `a.s` scale (percent), `a.r` rotation (degrees),
    /// `a.o` opacity (percent), `a.fc` fill colour, `a.sc` stroke colour, `a.sw` stroke width,
    /// `a.t` tracking.
    package var position: LottieProperty?
    package var anchor: LottieProperty?
    package var scale: LottieProperty?
    package var rotation: LottieProperty?
    package var opacity: LottieProperty?
    package var fillColor: LottieProperty?
    package var strokeColor: LottieProperty?
    package var strokeWidth: LottieProperty?
    package var tracking: LottieProperty?
    /// Properties read but not drawn (skew, 3D rotation, hue/saturation/brightness…), by key.
    package var undrawn: [String] = []
    package init() {}
}

/// A value at one moment: numbers (a scalar, point, colour, …) or a Bézier shape.
package enum LottieValue: Hashable, Sendable {
    case numbers([Double])
    case shape(LottieBezier)

    package var numbers: [Double]? { if case .numbers(let n) = self { return n }; return nil }
    package var shape: LottieBezier? { if case .shape(let s) = self { return s }; return nil }
}

/// A Bézier outline: vertices `v` with in/out tangents `i`/`o` relative to them; `c` closed.
package struct LottieBezier: Hashable, Sendable {
    package var vertices: [[Double]]
    package var inTangents: [[Double]]
    package var outTangents: [[Double]]
    package var closed: Bool
    package init(vertices: [[Double]], inTangents: [[Double]], outTangents: [[Double]], closed: Bool) {
        self.vertices = vertices; self.inTangents = inTangents; self.outTangents = outTangents; self.closed = closed
    }
}

/// An easing handle (`i` or `o`): x is time, y progress; one entry per dimension or one for all.
package struct LottieEase: Hashable, Sendable {
    package var x: [Double]
    package var y: [Double]
    package init(x: [Double], y: [Double]) { self.x = x; self.y = y }
}

/// One keyframe: at frame `t` the value `s`; towards the next keyframe with easing `o` (out of
/// this one) and `i` (into the next). Bodymovin 4.x writes the next value as `e` here.
package struct LottieKeyframe: Hashable, Sendable {
    package var time: Double
    package var start: LottieValue?
    package var end: LottieValue?
    package var inEase: LottieEase?
    package var outEase: LottieEase?
    /// `h: 1`: hold this value until the next keyframe.
    package var hold: Bool
    /// `to`, `ti`: spatial tangents of a position's path, out of this keyframe and into the next.
    package var outTangent: [Double]?
    package var inTangent: [Double]?
    package init(time: Double, start: LottieValue?, end: LottieValue? = nil, inEase: LottieEase? = nil,
                outEase: LottieEase? = nil, hold: Bool = false, outTangent: [Double]? = nil, inTangent: [Double]? = nil) {
        self.time = time; self.start = start; self.end = end; self.inEase = inEase; self.outEase = outEase
        self.hold = hold; self.outTangent = outTangent; self.inTangent = inTangent
    }
}

/// An animatable property `{a, k}`: a fixed value, or keyframes; with `x`, an expression
/// (never run: the keyframed value is used).
package struct LottieProperty: Hashable, Sendable {
    package var value: LottieValue?
    package var keyframes: [LottieKeyframe]
    package var expression: String?
    package init(value: LottieValue? = nil, keyframes: [LottieKeyframe] = [], expression: String? = nil) {
        self.value = value; self.keyframes = keyframes; self.expression = expression
    }
    package var isAnimated: Bool { keyframes.count > 1 }

    /// Whether the keyframes change the value: After Effects often leaves keyframes that all
    /// hold one value (an effect control keyed and never moved), which animate nothing.
    package var changes: Bool {
        guard isAnimated, let first = keyframes[0].start else { return isAnimated }
        return keyframes.contains { k in
            (k.start.map { $0 != first } ?? false) || (k.end.map { $0 != first } ?? false)
                || (k.outTangent ?? []).contains { $0 != 0 } || (k.inTangent ?? []).contains { $0 != 0 }
        }
    }
}
