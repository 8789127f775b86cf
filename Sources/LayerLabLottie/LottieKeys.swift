/// The format's member names, spelled once here and used both by `LottieReader` (which looks
/// members up by `StaticString`, with no allocation) and by `LottieWriter`, so reading and
/// writing cannot disagree on a key. Grouped by the object that holds them, since the short
/// keys mean different things in different objects (`s` is a scale, a size, a start, a value).
/// Computed, so each use is the literal itself (no lazily initialised global in the reader's
/// lookups).
package enum LottieKey {
    /// The animation (root object).
    package enum File {
        package static var version: StaticString { "v" }
        package static var frameRate: StaticString { "fr" }
        package static var inPoint: StaticString { "ip" }
        package static var outPoint: StaticString { "op" }
        package static var width: StaticString { "w" }
        package static var height: StaticString { "h" }
        package static var name: StaticString { "nm" }
        package static var is3D: StaticString { "ddd" }
        package static var assets: StaticString { "assets" }
        package static var layers: StaticString { "layers" }
        package static var markers: StaticString { "markers" }
        package static var chars: StaticString { "chars" }
        package static var fonts: StaticString { "fonts" }
        /// Members known but not used, read past without a warning: metadata (`meta`,
        /// `metadata`, `props`), the match name, Telegram's sticker flag (`tgs`), `slots`, `comps`.
        package static let unused: [StaticString] = ["meta", "metadata", "props", "mn", "tgs", "slots", "comps"]
    }

    /// `assets[]`: precompositions and images.
    package enum Asset {
        package static var id: StaticString { "id" }
        package static var name: StaticString { "nm" }
        package static var width: StaticString { "w" }
        package static var height: StaticString { "h" }
        package static var frameRate: StaticString { "fr" }
        package static var directory: StaticString { "u" }
        package static var path: StaticString { "p" }
        package static var embedded: StaticString { "e" }
        package static var layers: StaticString { "layers" }
    }

    /// `markers[]`
    package enum Marker {
        package static var comment: StaticString { "cm" }
        package static var time: StaticString { "tm" }
        package static var duration: StaticString { "dr" }
    }

    /// `fonts` and `fonts.list[]`
    package enum Font {
        package static var list: StaticString { "list" }
        package static var name: StaticString { "fName" }
        package static var family: StaticString { "fFamily" }
        package static var style: StaticString { "fStyle" }
        package static var ascent: StaticString { "ascent" }
    }

    /// `chars[]`
    package enum Glyph {
        package static var character: StaticString { "ch" }
        package static var family: StaticString { "fFamily" }
        package static var style: StaticString { "style" }
        package static var size: StaticString { "size" }
        package static var width: StaticString { "w" }
        package static var data: StaticString { "data" }
        package static var shapes: StaticString { "shapes" }
    }

    /// `layers[]`
    package enum Layer {
        package static var type: StaticString { "ty" }
        package static var name: StaticString { "nm" }
        package static var index: StaticString { "ind" }
        package static var parent: StaticString { "parent" }
        package static var inPoint: StaticString { "ip" }
        package static var outPoint: StaticString { "op" }
        package static var startTime: StaticString { "st" }
        package static var stretch: StaticString { "sr" }
        package static var autoOrient: StaticString { "ao" }
        package static var is3D: StaticString { "ddd" }
        package static var hidden: StaticString { "hd" }
        package static var blendMode: StaticString { "bm" }
        package static var matteMode: StaticString { "tt" }
        package static var isMatte: StaticString { "td" }
        package static var matteParent: StaticString { "tp" }
        package static var referenceID: StaticString { "refId" }
        package static var width: StaticString { "w" }
        package static var height: StaticString { "h" }
        package static var transform: StaticString { "ks" }
        package static var timeRemap: StaticString { "tm" }
        package static var solidColor: StaticString { "sc" }
        package static var solidWidth: StaticString { "sw" }
        package static var solidHeight: StaticString { "sh" }
        package static var hasMask: StaticString { "hasMask" }
        package static var masks: StaticString { "masksProperties" }
        package static var effects: StaticString { "ef" }
        package static var shapes: StaticString { "shapes" }
        package static var text: StaticString { "t" }
        /// Members known but not used, read past without a warning: match and class names
        /// (`mn`, `cl`), the HTML id (`ln`), `cp`, `ct`, `bounds`, tags (`tg`),
        /// audio (`au`), `pe`, `xt`, `props`.
        package static let unused: [StaticString] = ["mn", "cl", "ln", "cp", "ct", "bounds", "tg", "au", "pe", "xt", "props"]
        /// `sy`: After Effects' layer styles (stroke, drop shadow, …), named in a warning, not drawn.
        package static var styles: StaticString { "sy" }
    }

    /// `masksProperties[]`
    package enum Mask {
        package static var mode: StaticString { "mode" }
        package static var inverted: StaticString { "inv" }
        package static var name: StaticString { "nm" }
        package static var path: StaticString { "pt" }
        package static var opacity: StaticString { "o" }
        package static var expansion: StaticString { "x" }
        /// `cl`: whether the outline is closed, in files before Bodymovin 4.4.18.
        package static var closed: StaticString { "cl" }
    }

    /// `ef[]` (an effect) and its `ef[]` (its controls).
    package enum Effect {
        package static var type: StaticString { "ty" }
        package static var name: StaticString { "nm" }
        package static var matchName: StaticString { "mn" }
        package static var index: StaticString { "ix" }
        package static var propertyCount: StaticString { "np" }
        package static var enabled: StaticString { "en" }
        package static var controls: StaticString { "ef" }
        /// A control's value.
        package static var value: StaticString { "v" }
    }

    /// `ks` of a layer, `tr` of a group or repeater.
    package enum Transform {
        package static var anchor: StaticString { "a" }
        package static var position: StaticString { "p" }
        package static var positionX: StaticString { "px" }
        package static var positionY: StaticString { "py" }
        package static var scale: StaticString { "s" }
        package static var rotation: StaticString { "r" }
        package static var rotationZ: StaticString { "rz" }
        package static var rotationX: StaticString { "rx" }
        package static var rotationY: StaticString { "ry" }
        package static var opacity: StaticString { "o" }
        package static var skew: StaticString { "sk" }
        package static var skewAxis: StaticString { "sa" }
        package static var startOpacity: StaticString { "so" }
        package static var endOpacity: StaticString { "eo" }
        /// A split position: `p: {s: true, x: …, y: …}`.
        package static var split: StaticString { "s" }
        package static var x: StaticString { "x" }
        package static var y: StaticString { "y" }
    }

    /// An animatable property `{a, k, x}`, its keyframes and their easing handles.
    package enum Property {
        package static var animated: StaticString { "a" }
        package static var value: StaticString { "k" }
        package static var expression: StaticString { "x" }
    }
    package enum Keyframe {
        package static var time: StaticString { "t" }
        package static var start: StaticString { "s" }
        package static var end: StaticString { "e" }
        package static var hold: StaticString { "h" }
        package static var inEase: StaticString { "i" }
        package static var outEase: StaticString { "o" }
        package static var inTangent: StaticString { "ti" }
        package static var outTangent: StaticString { "to" }
        /// An easing handle's time and progress.
        package static var x: StaticString { "x" }
        package static var y: StaticString { "y" }
    }

    /// A Bézier outline.
    package enum Bezier {
        package static var vertices: StaticString { "v" }
        package static var inTangents: StaticString { "i" }
        package static var outTangents: StaticString { "o" }
        package static var closed: StaticString { "c" }
    }

    /// Shape items (`shapes[]`, a group's `it[]`); the members each kind uses.
    package enum Shape {
        package static var type: StaticString { "ty" }
        package static var name: StaticString { "nm" }
        package static var hidden: StaticString { "hd" }
        /// 3 draws the outline reversed.
        package static var direction: StaticString { "d" }
        package static var items: StaticString { "it" }
        package static var position: StaticString { "p" }
        package static var size: StaticString { "s" }
        package static var roundness: StaticString { "r" }
        package static var outline: StaticString { "ks" }
        /// `closed`: whether a path item's outline is closed, in files before Bodymovin 4.4.18.
        package static var closed: StaticString { "closed" }
        package static var starType: StaticString { "sy" }
        package static var points: StaticString { "pt" }
        package static var rotation: StaticString { "r" }
        package static var innerRadius: StaticString { "ir" }
        package static var outerRadius: StaticString { "or" }
        package static var innerRoundness: StaticString { "is" }
        package static var outerRoundness: StaticString { "os" }
        package static var color: StaticString { "c" }
        package static var opacity: StaticString { "o" }
        package static var fillRule: StaticString { "r" }
        package static var width: StaticString { "w" }
        package static var lineCap: StaticString { "lc" }
        package static var lineJoin: StaticString { "lj" }
        package static var miterLimit: StaticString { "ml" }
        package static var animatedMiterLimit: StaticString { "ml2" }
        package static var dashes: StaticString { "d" }
        package static var gradientType: StaticString { "t" }
        package static var start: StaticString { "s" }
        package static var end: StaticString { "e" }
        package static var highlight: StaticString { "h" }
        package static var highlightAngle: StaticString { "a" }
        package static var gradient: StaticString { "g" }
        package static var offset: StaticString { "o" }
        package static var trimMode: StaticString { "m" }
        package static var copies: StaticString { "c" }
        package static var composite: StaticString { "m" }
        package static var transform: StaticString { "tr" }
        package static var radius: StaticString { "r" }
        package static var mergeMode: StaticString { "mm" }
    }
    /// A stroke's `d[]`: dash, gap and offset entries.
    package enum Dash {
        package static var kind: StaticString { "n" }
        package static var name: StaticString { "nm" }
        package static var value: StaticString { "v" }
    }
    /// A gradient's `g`: the colour count and the stops.
    package enum GradientStops {
        package static var count: StaticString { "p" }
        package static var stops: StaticString { "k" }
    }

    /// A text layer's `t`, its documents `d.k[].s`, grouping `m`, path `p` and animators `a[]`.
    package enum Text {
        package static var documents: StaticString { "d" }
        package static var keyframes: StaticString { "k" }
        package static var time: StaticString { "t" }
        package static var document: StaticString { "s" }
        package static var grouping: StaticString { "m" }
        package static var anchorGrouping: StaticString { "g" }
        package static var groupingAlignment: StaticString { "a" }
        package static var path: StaticString { "p" }
        package static var pathMask: StaticString { "m" }
        package static var animators: StaticString { "a" }
    }
    package enum TextDocument {
        package static var string: StaticString { "t" }
        package static var font: StaticString { "f" }
        package static var size: StaticString { "s" }
        package static var justify: StaticString { "j" }
        package static var fillColor: StaticString { "fc" }
        package static var strokeColor: StaticString { "sc" }
        package static var strokeWidth: StaticString { "sw" }
        package static var strokeOverFill: StaticString { "of" }
        package static var lineHeight: StaticString { "lh" }
        package static var tracking: StaticString { "tr" }
        package static var baselineShift: StaticString { "ls" }
        package static var boxSize: StaticString { "sz" }
        package static var boxPosition: StaticString { "ps" }
    }
    package enum TextAnimator {
        package static var name: StaticString { "nm" }
        package static var selector: StaticString { "s" }
        package static var properties: StaticString { "a" }
    }
    /// A range selector `a[].s`.
    package enum TextSelector {
        package static var type: StaticString { "t" }
        package static var start: StaticString { "s" }
        package static var end: StaticString { "e" }
        package static var offset: StaticString { "o" }
        package static var amount: StaticString { "a" }
        package static var easeLow: StaticString { "ne" }
        package static var easeHigh: StaticString { "xe" }
        package static var smoothness: StaticString { "sm" }
        package static var units: StaticString { "r" }
        package static var basedOn: StaticString { "b" }
        package static var shape: StaticString { "sh" }
        package static var randomize: StaticString { "rn" }
    }
    /// A text animator's properties `a[].a`.
    package enum TextStyle {
        package static var position: StaticString { "p" }
        package static var anchor: StaticString { "a" }
        package static var scale: StaticString { "s" }
        package static var rotation: StaticString { "r" }
        package static var rotationZ: StaticString { "rz" }
        package static var opacity: StaticString { "o" }
        package static var fillColor: StaticString { "fc" }
        package static var strokeColor: StaticString { "sc" }
        package static var strokeWidth: StaticString { "sw" }
        package static var tracking: StaticString { "t" }
    }
}

extension StaticString {
    /// The key as a `String` member name (short keys fit a small string: no allocation).
    package var key: String { description }
}

/// The shape item types (`ty` of a shape item).
package enum LottieShapeType: String, Sendable {
    case group = "gr", rectangle = "rc", ellipse = "el", polystar = "sr", path = "sh", fill = "fl", stroke = "st"
    case gradientFill = "gf", gradientStroke = "gs", transform = "tr", trim = "tm", repeater = "rp"
    case roundedCorners = "rd", merge = "mm"
}
