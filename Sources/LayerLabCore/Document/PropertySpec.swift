/// The description of one stored layer property: everything the editor, the project format,
/// completion, help, the test generator and the evaluator need to know about it.
package struct PropertySpec: Sendable {
    package let name: String
    package let type: ValueType
    /// What its numbers measure (seconds for `beginTime`, radians for rotation).
    package let quantity: Quantity
    /// Core Animation's default: what an unset property reads as and is drawn with.
    package let defaultValue: Value
    /// The numbers `set`, scheduled events and project files may store (animations may pass
    /// outside it: Core Animation clamps when drawing, and springs overshoot).
    package let range: ValueRange
    /// Kinds that have the property; nil means every kind of layer (not cells).
    package let kinds: Set<LayerKind>?
    /// Defaults of kinds that differ from `defaultValue`: an emitter's `birthRate` is a
    /// multiplier defaulting to 1, a cell's a rate defaulting to 0, as in Core Animation.
    package var kindDefaults: [LayerKind: Value] = [:]
    package let animatable: Bool
    /// One line for `help keypaths`.
    package let summary: String
    /// How the Swift export sets it: Core Animation's name and the Swift type of its value.
    package let swift: SwiftMapping
    /// Whether Core Animation animates it on its key path (its documentation marks it
    /// "Animatable") and the Swift export spells its value for a keyframe: a timed change is
    /// then written as a hold animation on Core Animation's clock; otherwise the change is set
    /// by a marker animation's delegate. Written here so the exporter keeps no list of names.
    package let caAnimates: Bool
    /// Mappings of kinds that differ from `swift`: a cell's `path` is its particle image.
    var kindSwift: [LayerKind: SwiftMapping] = [:]
    /// Whether the Lottie export draws it.
    package let lottie: LottieMapping
    /// Copies a value into the presentation layer the rasterizer draws and says whether it
    /// could (a value of another type leaves the field as it was); nil for properties the
    /// evaluator consumes itself (the layer clock, the mask, the flipbook).
    let present: (@Sendable (inout PresentedLayer, Value) -> Bool)?
    /// `kinds` as one bit a kind (every kind of layer when nil): the tables grouping the
    /// properties by kind ask `applies` thousands of times at start-up, and a set hashes.
    let kindBits: UInt32

    init(name: String, type: ValueType, quantity: Quantity, defaultValue: Value, range: ValueRange,
         kinds: Set<LayerKind>?, animatable: Bool, swift: SwiftMapping, caAnimates: Bool, lottie: LottieMapping, summary: String,
         present: (@Sendable (inout PresentedLayer, Value) -> Bool)?) {
        self.name = name; self.type = type; self.quantity = quantity; self.defaultValue = defaultValue
        self.range = range; self.kinds = kinds; self.animatable = animatable; self.summary = summary
        self.swift = swift; self.caAnimates = caAnimates; self.lottie = lottie
        self.present = present
        // Every kind but a cell when nil. (Folded without arrays: the table builds 150 of
        // these at every start.)
        kindBits = kinds.map { $0.reduce(0) { $0 | $1.bit } } ?? LayerKind.layerBits
    }

    package func applies(to kind: LayerKind) -> Bool { kindBits & kind.bit != 0 }

    /// The default a layer of `kind` reads when the property is unset.
    package func defaultValue(for kind: LayerKind?) -> Value {
        kind.flatMap { kindDefaults[$0] } ?? defaultValue
    }

    /// How the Swift export sets it on a layer (or cell) of `kind`.
    package func swift(for kind: LayerKind) -> SwiftMapping { kindSwift[kind] ?? swift }

    /// Values worth offering after `name=`: the words of a closed set, or true/false.
    package var completions: [String] {
        switch type {
        case .word(let words): return words
        case .bool: return ["true", "false"]
        default: return []
        }
    }
}

/// The table of every stored property, in display order: one line per property.
///
/// To add a property, add its line here (name, default, the `PresentedLayer` field it is drawn
/// from, range, kinds, animatable, help) and draw the field; see docs/adding-a-property.md.
/// Defaults are Core Animation's: a shape's fill is opaque black and its stroke nil (clear),
/// a text layer's font size is 36 and its colour white, contentsGravity is `resize`.
package enum PropertyTable {
    package static let all: [PropertySpec] = {
        let shape: Set<LayerKind> = [.shape], text: Set<LayerKind> = [.text], image: Set<LayerKind> = [.image]
        let replicator: Set<LayerKind> = [.replicator], gradient: Set<LayerKind> = [.gradient]
        let emitter: Set<LayerKind> = [.emitter], cell: Set<LayerKind> = [.emitterCell]
        let emitterAndCell: Set<LayerKind> = [.emitter, .emitterCell]
        let clocked = Set(LayerKind.allCases)
        return [
            drawn("bounds", Rect.zero, { $0.bounds = $1 }, range: .nonNegative,
              ca: .property(.rect), caAnim: true, lottie: .drawn, "the layer's own rectangle; its size is the layer's size"),
            drawn("position", Point.zero, { $0.position = $1 },
              ca: .property(.point), caAnim: true, lottie: .drawn, "where the anchor point sits in the superlayer"),
            drawn("anchorPoint", Point(0.5, 0.5), { $0.anchorPoint = $1 },
              ca: .property(.point), caAnim: true, lottie: .drawn, "unit point of the bounds placed at position"),
            drawn("transform.rotation.z", 0.0, { $0.rotation = $1 }, quantity: .angle,
              ca: .keyPath, caAnim: true, lottie: .drawn, "rotation in radians, clockwise on screen"),
            drawn("transform.scale.x", 1.0, { $0.scaleX = $1 },
              ca: .keyPath, caAnim: true, lottie: .drawn, "horizontal scale about the anchor point"),
            drawn("transform.scale.y", 1.0, { $0.scaleY = $1 },
              ca: .keyPath, caAnim: true, lottie: .drawn, "vertical scale about the anchor point"),
            drawn("transform.translation.x", 0.0, { $0.translationX = $1 },
              ca: .keyPath, caAnim: true, lottie: .drawn, "horizontal translation in points"),
            drawn("transform.translation.y", 0.0, { $0.translationY = $1 },
              ca: .keyPath, caAnim: true, lottie: .drawn, "vertical translation in points"),
            drawn("transform.rotation.x", 0.0, { $0.extras.rotationX = $1 }, quantity: .angle,
              ca: .keyPath, caAnim: true, lottie: .drawn, "rotation about the horizontal axis (3D)"),
            drawn("transform.rotation.y", 0.0, { $0.extras.rotationY = $1 }, quantity: .angle,
              ca: .keyPath, caAnim: true, lottie: .drawn, "rotation about the vertical axis (3D)"),
            drawn("transform.scale.z", 1.0, { $0.extras.scaleZ = $1 },
              ca: .keyPath, caAnim: true, lottie: .drawn, "depth scale (3D)"),
            drawn("transform.translation.z", 0.0, { $0.extras.translationZ = $1 },
              ca: .keyPath, caAnim: true, lottie: .drawn, "translation towards the viewer in points (3D)"),
            evaluated("transform", .transform, .transform([]),
              ca: .step(.transformSteps), caAnim: false, lottie: .drawn, "steps applied after the components above, e.g. [perspective(500)]"),
            evaluated("sublayerTransform", .transform, .transform([]),
              ca: .property(.transform3D), caAnim: false, lottie: .drawn, "steps applied to the sublayers about the anchor point"),
            drawn("isDoubleSided", true, { $0.extras.isDoubleSided = $1 }, anim: false,
              ca: .property(.bool), caAnim: false, lottie: .drawn, "false hides the layer while its back faces the viewer"),
            drawn("opacity", 1.0, { $0.opacity = $1 }, drawnWithin: 0...1,
              ca: .property(.number), caAnim: true, lottie: .drawn, "0 transparent … 1 opaque, for the whole subtree"),
            drawn("hidden", false, { $0.hidden = $1 },
              ca: .property(.bool, as: "isHidden"), caAnim: true, lottie: .drawn, "a hidden layer and its sublayers are not drawn"),
            drawn("zPosition", 0.0, { $0.zPosition = $1 },
              ca: .property(.number), caAnim: true, lottie: .drawn, "drawing order among siblings; higher draws on top"),
            drawn("backgroundColor", Color.clear, { $0.backgroundColor = $1 },
              ca: .property(.color), caAnim: true, lottie: .drawn, "fills the bounds, under the content"),
            drawn("cornerRadius", 0.0, { $0.cornerRadius = $1 }, range: .nonNegative,
              ca: .property(.number), caAnim: true, lottie: .drawn, "rounds the background, border and masksToBounds clip"),
            drawn("borderWidth", 0.0, { $0.extras.borderWidth = $1 }, range: .nonNegative,
              ca: .property(.number), caAnim: true, lottie: .drawn, "width of the border drawn inside the bounds"),
            drawn("borderColor", Color.black, { $0.extras.borderColor = $1 },
              ca: .property(.color), caAnim: true, lottie: .drawn, "colour of the border"),
            drawn("masksToBounds", false, { $0.masksToBounds = $1 }, anim: false,
              ca: .property(.bool), caAnim: true, lottie: .drawn, "clip sublayers to the (rounded) bounds"),
            drawn("shadowColor", Color.black, { $0.extras.shadowColor = $1 },
              ca: .property(.color), caAnim: true, lottie: .drawn, "colour of the shadow"),
            drawn("shadowOpacity", 0.0, { $0.extras.shadowOpacity = $1 }, range: .unit,
              ca: .property(.number), caAnim: true, lottie: .drawn, "0 no shadow … 1 the shadow colour at full strength"),
            drawn("shadowOffset", Size(0, -3), { $0.extras.shadowOffset = $1 },
              ca: .property(.size), caAnim: true, lottie: .drawn, "how far the shadow is moved, in the superlayer's points"),
            drawn("shadowRadius", 3.0, { $0.extras.shadowRadius = $1 }, range: .nonNegative,
              ca: .property(.number), caAnim: true, lottie: .drawn, "blur radius of the shadow"),
            drawn("shadowPath", Path.empty, { $0.extras.shadowPath = $1 },
              ca: .property(.path), caAnim: true, lottie: .notInLottie,
              "the shadow's shape in the layer's coordinates; empty follows the layer's alpha"),
            evaluated("mask", .layerRef, .null, anim: false,
              ca: .step(.mask), caAnim: false, lottie: .drawn, "a layer whose coverage masks this one, or none"),
            // LayerLab's compositing extensions (Lottie and After Effects say these; Core Animation cannot).
            drawn("maskMode", MaskMode.alpha, { if $0.extras.maskMode != $1 { $0.extras.maskMode = $1 } }, anim: false,
              ca: .step(.alphaMask), caAnim: false, lottie: .drawn,
              "how the mask's pixels are read: alpha is Core Animation's, the others After Effects' track mattes"),
            drawn("blendMode", BlendMode.normal, { if $0.extras.blendMode != $1 { $0.extras.blendMode = $1 } }, anim: false,
              ca: .step(.compositingFilter), caAnim: false, lottie: .drawn, "how the layer combines with what is beneath it (help compositing)"),
            // Written only when changed, as maskMode: a layer storing the defaults keeps the shared box.
            drawn("tintAmount", 0.0, { if $0.extras.tintAmount != $1 { $0.extras.tintAmount = $1 } }, range: .unit,
              ca: .step(.tint), caAnim: false, lottie: .drawn,
              "After Effects' Tint: 0 draws the layer as it is, 1 maps its luminance to tintBlack … tintWhite"),
            drawn("tintBlack", Color.black, { if $0.extras.tintBlack != $1 { $0.extras.tintBlack = $1 } },
              ca: .step(.tint), caAnim: false, lottie: .drawn, "the colour the tint maps black (and dark pixels) to"),
            drawn("tintWhite", Color.white, { if $0.extras.tintWhite != $1 { $0.extras.tintWhite = $1 } },
              ca: .step(.tint), caAnim: false, lottie: .drawn, "the colour the tint maps white (and light pixels) to"),
            drawn("tintMidtone", Color.clear, { if $0.extras.tintMidtone != $1 { $0.extras.tintMidtone = $1 } },
              ca: .step(.tint), caAnim: false, lottie: .drawn,
              "After Effects' Tritone: the colour the tint maps mid grey to; clear runs straight from tintBlack to tintWhite"),
            drawn("blurRadius", 0.0, { if $0.extras.blurRadius != $1 { $0.extras.blurRadius = $1 } }, range: .nonNegative,
              ca: .step(.blur), caAnim: false, lottie: .drawn,
              "After Effects' Gaussian Blur of the layer and its sublayers, in its own points, as shadowRadius blurs"),
            evaluated("beginTime", .number, .number(0), quantity: .time, in: clocked, anim: false,
              ca: .step(.layerBeginTime), caAnim: false, lottie: .drawn,
              "layer time: when the layer's clock starts (a cell's: when it starts emitting)")
                .exporting(.emitterCell, as: .property(.number)),
            evaluated("speed", .number, .number(1), in: clocked, anim: false,
              ca: .property(.number), caAnim: false, lottie: .drawn, "layer time: rate of the layer's (or cell's) clock (0 pauses)"),
            evaluated("timeOffset", .number, .number(0), quantity: .time, in: clocked, anim: false,
              ca: .property(.number), caAnim: false, lottie: .drawn, "layer time: offset added to the layer's (or cell's) clock"),
            evaluated("timeRemap", .number, .null, quantity: .time,
              ca: .step(.timeRemap), caAnim: false, lottie: .drawn,
              "the time the sublayers see, in seconds, instead of this layer's time; unset follows the clock"),
            drawn("path", Path.empty, { $0.path = $1 }, in: shape.union(cell),
              ca: .property(.path), caAnim: true, lottie: .drawn, "the shape, in the layer's own coordinates (a cell's particle, about (0, 0))")
                .defaulting(.emitterCell, to: .path(EmitterCell.dot)).exporting(.emitterCell, as: .step(.particleImage)),
            drawn("fillColor", Color.black, { $0.fillColor = $1 }, in: shape,
              ca: .property(.color), caAnim: true, lottie: .drawn, "fill colour (clear for none)"),
            drawn("strokeColor", Color.clear, { $0.strokeColor = $1 }, in: shape,
              ca: .property(.color), caAnim: true, lottie: .drawn, "stroke colour (clear for none)"),
            drawn("lineWidth", 1.0, { $0.lineWidth = $1 }, range: .nonNegative, in: shape,
              ca: .property(.number), caAnim: true, lottie: .drawn, "stroke width in points"),
            drawn("strokeStart", 0.0, { $0.strokeStart = $1 }, in: shape,
              ca: .property(.number), caAnim: true, lottie: .drawn, "where the stroke starts, 0…1 of the path's length"),
            drawn("strokeEnd", 1.0, { $0.strokeEnd = $1 }, in: shape,
              ca: .property(.number), caAnim: true, lottie: .drawn, "where the stroke ends, 0…1 of the path's length"),
            drawn("lineCap", LineCap.butt, { $0.lineCap = $1 }, in: shape, anim: false,
              ca: .property(.constant), caAnim: false, lottie: .drawn, "ends of open strokes"),
            drawn("lineJoin", LineJoin.miter, { $0.lineJoin = $1 }, in: shape, anim: false,
              ca: .property(.constant), caAnim: false, lottie: .drawn, "corners of strokes"),
            drawn("miterLimit", 10.0, { $0.extras.miterLimit = $1 }, range: .nonNegative, in: shape,
              ca: .property(.number), caAnim: true, lottie: .drawn, "longest miter before a bevel, in line widths"),
            drawn("fillRule", FillRule.nonZero, { $0.fillRule = $1 }, in: shape, anim: false,
              ca: .property(.constant), caAnim: false, lottie: .drawn, "which regions of a self-crossing path are inside"),
            drawn("lineDashPattern", [Double](), { $0.extras.lineDashPattern = $1 }, range: .nonNegative, in: shape,
              ca: .property(.numbers), caAnim: true, lottie: .drawn,
              "dash and gap lengths; empty for solid (LayerLab animates it between patterns of one length; Core Animation does not)"),
            drawn("lineDashPhase", 0.0, { $0.lineDashPhase = $1 }, in: shape,
              ca: .property(.number), caAnim: true, lottie: .drawn, "how far into the dash pattern the stroke starts"),
            drawn("string", "", { $0.extras.string = $1 }, in: text, anim: false,
              ca: .property(.string), caAnim: false, lottie: .drawn, "the text"),
            drawn("fontSize", 36.0, { $0.extras.fontSize = $1 }, range: .nonNegative, in: text,
              ca: .property(.number), caAnim: true, lottie: .drawn, "font size in points"),
            drawn("foregroundColor", Color.white, { $0.extras.foregroundColor = $1 }, in: text,
              ca: .property(.color), caAnim: true, lottie: .drawn, "text colour"),
            drawn("font", TextFont("Helvetica"), { $0.extras.font = $1 }, in: text, anim: false,
              ca: .property(.fontName), caAnim: false, lottie: .drawn, "font name; names with Bold (Helvetica-Bold) draw the bold weight"),
            drawn("alignment", TextAlignment.natural, { $0.extras.alignment = $1 }, in: text, anim: false,
              ca: .property(.constant, as: "alignmentMode"), caAnim: false, lottie: .drawn, "horizontal alignment within the bounds"),
            drawn("isWrapped", false, { $0.extras.isWrapped = $1 }, in: text, anim: false,
              ca: .property(.bool), caAnim: false, lottie: .drawn, "wrap lines at the bounds' width, between words"),
            drawn("truncationMode", TextTruncation.none, { $0.extras.truncationMode = $1 }, in: text, anim: false,
              ca: .property(.constant), caAnim: false, lottie: .drawn, "where a line too long for the bounds is cut and marked with …"),
            drawn("contents", "", { $0.extras.contents = $1 }, in: image.union(cell), anim: false,
              ca: .property(.image), caAnim: true, lottie: .drawn,
              "a PNG or text-art file (a cell's particle: drawn instead of its path, tinted by its colour)")
                .exporting(.emitterCell, as: .step(.particleImage)),
            drawn("contentsGravity", ContentsGravity.resize, { $0.extras.contentsGravity = $1 }, in: image, anim: false,
              ca: .property(.constant), caAnim: false, lottie: .drawn, "how the contents fit the bounds"),
            drawn("contentsRect", Rect(0, 0, 1, 1), { $0.extras.contentsRect = $1 }, range: .nonNegative, in: image,
              ca: .property(.rect), caAnim: true, lottie: .drawn, "the part of the contents shown, in unit coordinates (sprite sheets)"),
            evaluated("frames", .stringList, .list([]), in: image, anim: false,
              ca: .step(.flipbook), caAnim: false, lottie: .drawn, "flipbook frames (files), like animationImages"),
            evaluated("animationDuration", .number, .number(0), quantity: .time, range: .nonNegative, in: image, anim: false,
              ca: .step(.flipbook), caAnim: false, lottie: .drawn, "one flipbook cycle; 0 means 1/30 s a frame"),
            evaluated("animationRepeatCount", .number, .number(0), range: .nonNegative, in: image, anim: false,
              ca: .step(.flipbook), caAnim: false, lottie: .drawn, "flipbook cycles; 0 repeats forever"),
            evaluated("frameIndex", .number, .null, range: .nonNegative, in: image,
              ca: .step(.flipbookFrame), caAnim: true, lottie: .drawn, "the flipbook frame shown; unset follows the flipbook clock"),
            // CAReplicatorLayer: read by the evaluator, which builds the copies (`Replication`).
            evaluated("instanceCount", .number, .number(1), range: .nonNegative, in: replicator,
              ca: .property(.integer(max: Double(Replication.maxCount))), caAnim: false, lottie: .drawn,
              "copies drawn, the sublayers themselves included"),
            evaluated("instanceDelay", .number, .number(0), quantity: .time, in: replicator,
              ca: .property(.number), caAnim: false, lottie: .drawn, "seconds each copy's time lags the one before"),
            evaluated("instanceTransform", .transform, .transform([]), in: replicator,
              ca: .property(.transform3D), caAnim: false, lottie: .drawn, "steps taking each copy to the next, about the replicator's centre"),
            evaluated("instanceColor", .color, .color(.white), in: replicator,
              ca: .property(.color), caAnim: false, lottie: .drawn, "multiplies the first copy's colours"),
            evaluated("instanceRedOffset", .number, .number(0), in: replicator,
              ca: .property(.number), caAnim: false, lottie: .drawn, "added to the red multiplier at each copy"),
            evaluated("instanceGreenOffset", .number, .number(0), in: replicator,
              ca: .property(.number), caAnim: false, lottie: .drawn, "added to the green multiplier at each copy"),
            evaluated("instanceBlueOffset", .number, .number(0), in: replicator,
              ca: .property(.number), caAnim: false, lottie: .drawn, "added to the blue multiplier at each copy"),
            evaluated("instanceAlphaOffset", .number, .number(0), in: replicator,
              ca: .property(.number), caAnim: false, lottie: .drawn, "added to the alpha multiplier at each copy"),
            drawn("colors", ColorList(), { $0.extras.gradientColors = $1 }, in: gradient,
              ca: .property(.colors), caAnim: false, lottie: .drawn, "the gradient's colours, start to end; none draws nothing"),
            drawn("locations", [Double](), { $0.extras.gradientLocations = $1 }, in: gradient,
              ca: .property(.numbers), caAnim: true, lottie: .drawn, "where each colour sits, 0…1 along the gradient; empty spaces them evenly"),
            drawn("startPoint", Point(0.5, 0), { $0.extras.startPoint = $1 }, in: gradient,
              ca: .property(.point), caAnim: true, lottie: .drawn, "unit point of the bounds where the gradient starts"),
            drawn("endPoint", Point(0.5, 1), { $0.extras.endPoint = $1 }, in: gradient,
              ca: .property(.point), caAnim: true, lottie: .drawn, "unit point where it ends (radial: the edge; conic: angle 0)"),
            drawn("type", GradientType.axial, { $0.extras.gradientType = $1 }, in: gradient, anim: false,
              ca: .property(.constant), caAnim: false, lottie: .drawn, "axial, radial or conic"),
            // LayerLab's own: Lottie's radial highlight (SVG's focal point); Core Animation has none.
            drawn("focalOffset", Point.zero, { $0.extras.focalOffset = $1 }, in: gradient,
              ca: .step(.gradientFocus), caAnim: false, lottie: .drawn,
              "radial: where the gradient's first colour sits, moved from startPoint in fractions of the radii (0, 0 centred)"),
            // CAEmitterLayer and CAEmitterCell: read by the evaluator, which computes the particles
            // (`Emission`). Five names are both a layer multiplier (default 1) and a cell value.
            evaluated("emitterPosition", .point, .point(.zero), in: emitter,
              ca: .property(.point), caAnim: false, lottie: .notInLottie, "centre of the emitter shape, in the layer's coordinates"),
            evaluated("emitterZPosition", .number, .number(0), in: emitter,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "depth of the emitter shape's centre"),
            evaluated("emitterSize", .size, .size(Size(0, 0)), range: .nonNegative, in: emitter,
              ca: .property(.size), caAnim: false, lottie: .notInLottie, "size of the emitter shape (a circle's or sphere's radius is the width)"),
            evaluated("emitterDepth", .number, .number(0), range: .nonNegative, in: emitter,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "depth of a cuboid emitter shape"),
            evaluated("emitterShape", .word(EmitterShape.allCases.map(\.rawValue)), .string(EmitterShape.point.rawValue), in: emitter,
              anim: false, ca: .property(.constant), caAnim: false, lottie: .notInLottie,
              "where particles start: point, line, rectangle, cuboid, circle or sphere"),
            evaluated("emitterMode", .word(EmitterMode.allCases.map(\.rawValue)), .string(EmitterMode.volume.rawValue), in: emitter,
              anim: false, ca: .property(.constant), caAnim: false, lottie: .notInLottie,
              "which part of the shape emits: points, outline, surface or volume"),
            evaluated("renderMode", .word(EmitterRenderMode.allCases.map(\.rawValue)), .string(EmitterRenderMode.unordered.rawValue),
              in: emitter, anim: false, ca: .property(.constant), caAnim: false, lottie: .notInLottie,
              "drawing order of the particles, or additive blending"),
            evaluated("seed", .number, .number(0), range: ValueRange(lowerBound: 0, upperBound: 4_294_967_295), in: emitter, anim: false,
              ca: .property(.integer(max: 4_294_967_295)), caAnim: false, lottie: .notInLottie,
              "seeds the particles' random values: the same seed draws the same particles"),
            evaluated("enabled", .bool, .bool(true), in: cell, anim: false,
              ca: .property(.bool, as: "isEnabled"), caAnim: false, lottie: .notInLottie, "false: the cell emits nothing"),
            // At most the rate the emission honours (`EmissionBuilder.maxBirthRate`; the product
            // of an emitter's and a cell's is clamped to it when drawn).
            evaluated("birthRate", .number, .number(1), range: ValueRange(lowerBound: 0, upperBound: 100_000), in: emitterAndCell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie,
              "cell: particles born a second; emitter: multiplies its cells' birth rates")
                .defaulting(.emitterCell, to: .number(0)),
            evaluated("lifetime", .number, .number(1), quantity: .time, range: .nonNegative, in: emitterAndCell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie,
              "cell: seconds a particle lives; emitter: multiplies its cells' lifetimes")
                .defaulting(.emitterCell, to: .number(0)),
            evaluated("lifetimeRange", .number, .number(0), quantity: .time, range: .nonNegative, in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "lifetimes vary by up to this many seconds either way"),
            evaluated("velocity", .number, .number(1), in: emitterAndCell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie,
              "cell: starting speed in points a second; emitter: multiplies its cells' velocities")
                .defaulting(.emitterCell, to: .number(0)),
            evaluated("velocityRange", .number, .number(0), range: .nonNegative, in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "speeds vary by up to this much either way"),
            evaluated("emissionLongitude", .number, .number(0), quantity: .angle, in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "direction of emission in the plane: 0 along +x, clockwise on screen"),
            evaluated("emissionLatitude", .number, .number(0), quantity: .angle, in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "tilt of the direction out of the plane"),
            evaluated("emissionRange", .number, .number(0), quantity: .angle, range: .nonNegative, in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie,
              "directions vary within a cone of this half-angle (pi: every direction)"),
            evaluated("xAcceleration", .number, .number(0), in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "acceleration along x, points a second squared"),
            evaluated("yAcceleration", .number, .number(0), in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "acceleration along y (down on screen)"),
            evaluated("zAcceleration", .number, .number(0), in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "acceleration along z (towards the viewer)"),
            evaluated("scale", .number, .number(1), in: emitterAndCell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "cell: the particle's scale; emitter: multiplies its cells' scales"),
            evaluated("scaleRange", .number, .number(0), range: .nonNegative, in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "scales vary by up to this much either way"),
            evaluated("scaleSpeed", .number, .number(0), in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "change of scale a second"),
            evaluated("spin", .number, .number(1), quantity: .angle, in: emitterAndCell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie,
              "cell: turning speed in radians a second; emitter: multiplies its cells' spins")
                .defaulting(.emitterCell, to: .number(0)),
            evaluated("spinRange", .number, .number(0), quantity: .angle, range: .nonNegative, in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "spins vary by up to this much either way"),
            evaluated("color", .color, .color(.white), in: cell,
              ca: .property(.color), caAnim: false, lottie: .notInLottie, "the particle's colour (fills its path)"),
            evaluated("redRange", .number, .number(0), range: .nonNegative, in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "red varies by up to this much either way"),
            evaluated("greenRange", .number, .number(0), range: .nonNegative, in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "green varies by up to this much either way"),
            evaluated("blueRange", .number, .number(0), range: .nonNegative, in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "blue varies by up to this much either way"),
            evaluated("alphaRange", .number, .number(0), range: .nonNegative, in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "alpha varies by up to this much either way"),
            evaluated("redSpeed", .number, .number(0), in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "change of red a second"),
            evaluated("greenSpeed", .number, .number(0), in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "change of green a second"),
            evaluated("blueSpeed", .number, .number(0), in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "change of blue a second"),
            evaluated("alphaSpeed", .number, .number(0), in: cell,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "change of alpha a second (negative fades out)"),
            evaluated("duration", .number, .number(0), quantity: .time, range: .nonNegative, in: cell, anim: false,
              ca: .property(.number), caAnim: false, lottie: .notInLottie, "seconds the cell emits from its beginTime; 0 forever"),
        ]
    }()

    static let byKind: [LayerKind: [PropertySpec]] = Dictionary(uniqueKeysWithValues: LayerKind.allCases.map { k in
        (k, all.filter { $0.applies(to: k) })
    })

    /// The spec of a stored property, or nil.
    /// (Through `index(of:)`: a second dictionary holding copies of the specs cost more to
    /// build at every start than the rest of the table.)
    package static func spec(_ name: String) -> PropertySpec? { index(of: name).map { all[$0] } }

    /// The properties a kind has, in display order.
    package static func properties(for kind: LayerKind) -> [PropertySpec] { byKind[kind] ?? [] }

    /// A property's value in a property dictionary, or its default (for a layer of `kind`).
    package static func value(_ name: String, in props: [String: Value], kind: LayerKind? = nil) -> Value {
        props[name] ?? spec(name)?.defaultValue(for: kind) ?? .null
    }

    // MARK: - Declaring

    /// A property drawn from a `PresentedLayer` field, which `draw` assigns (a closure, not a key
    /// path: key paths are built at run time, and the table is read at every start).
    private static func drawn<T: PresentableValue>(
        _ name: String, _ defaultValue: T, _ draw: @escaping @Sendable (inout PresentedLayer, T) -> Void,
        quantity: Quantity = .plain, range: ValueRange = .finite, in kinds: Set<LayerKind>? = nil, anim: Bool = true,
        ca swift: SwiftMapping, caAnim: Bool, lottie: LottieMapping, _ summary: String
    ) -> PropertySpec {
        PropertySpec(name: name, type: T.valueType, quantity: quantity, defaultValue: defaultValue.value, range: range, kinds: kinds,
                     animatable: anim, swift: swift, caAnimates: caAnim, lottie: lottie, summary: summary,
                     present: { layer, v in
                         guard let t = T(v) else { return false }
                         draw(&layer, t)
                         return true
                     })
    }

    /// A number drawn clamped to `limits` (opacity: stored and animated freely, drawn within 0…1).
    private static func drawn(
        _ name: String, _ defaultValue: Double, _ draw: @escaping @Sendable (inout PresentedLayer, Double) -> Void,
        drawnWithin limits: ClosedRange<Double>, in kinds: Set<LayerKind>? = nil, ca swift: SwiftMapping, caAnim: Bool, lottie: LottieMapping,
        _ summary: String
    ) -> PropertySpec {
        PropertySpec(name: name, type: .number, quantity: .plain, defaultValue: .number(defaultValue), range: .finite, kinds: kinds,
                     animatable: true, swift: swift, caAnimates: caAnim, lottie: lottie, summary: summary,
                     present: { layer, v in
                         guard let n = v.number else { return false }
                         draw(&layer, min(max(n, limits.lowerBound), limits.upperBound))
                         return true
                     })
    }

    /// A word from a closed set, drawn as its enum case.
    private static func drawn<W: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ defaultValue: W, _ draw: @escaping @Sendable (inout PresentedLayer, W) -> Void,
        in kinds: Set<LayerKind>? = nil, anim: Bool = true, ca swift: SwiftMapping, caAnim: Bool, lottie: LottieMapping, _ summary: String
    ) -> PropertySpec where W.RawValue == String {
        PropertySpec(name: name, type: .word(W.allCases.map(\.rawValue)), quantity: .plain, defaultValue: .string(defaultValue.rawValue),
                     range: .finite, kinds: kinds, animatable: anim, swift: swift, caAnimates: caAnim, lottie: lottie, summary: summary,
                     present: { layer, v in
                         guard let w = v.string.flatMap(W.init(rawValue:)) else { return false }
                         draw(&layer, w)
                         return true
                     })
    }

    /// A property the evaluator reads itself, not drawn from a field.
    private static func evaluated(_ name: String, _ type: ValueType, _ defaultValue: Value, quantity: Quantity = .plain,
                          range: ValueRange = .finite, in kinds: Set<LayerKind>? = nil, anim: Bool = true,
                          ca swift: SwiftMapping, caAnim: Bool, lottie: LottieMapping, _ summary: String) -> PropertySpec {
        PropertySpec(name: name, type: type, quantity: quantity, defaultValue: defaultValue, range: range, kinds: kinds,
                     animatable: anim, swift: swift, caAnimates: caAnim, lottie: lottie, summary: summary, present: nil)
    }
}

extension PropertySpec {
    /// The same line with another default for one kind.
    func defaulting(_ kind: LayerKind, to value: Value) -> PropertySpec {
        var copy = self
        copy.kindDefaults[kind] = value
        return copy
    }

    /// The same line with another Swift mapping for one kind.
    func exporting(_ kind: LayerKind, as mapping: SwiftMapping) -> PropertySpec {
        var copy = self
        copy.kindSwift[kind] = mapping
        return copy
    }
}

/// A Swift type a property value is drawn as, with the `ValueType` it is stored as.
protocol PresentableValue: Sendable {
    static var valueType: ValueType { get }
    var value: Value { get }
    /// nil when the value is of another type (the field then keeps its default).
    init?(_ value: Value)
}

extension Double: PresentableValue {
    static var valueType: ValueType { .number }
    var value: Value { .number(self) }
    init?(_ value: Value) { guard let n = value.number else { return nil }; self = n }
}

extension Bool: PresentableValue {
    static var valueType: ValueType { .bool }
    var value: Value { .bool(self) }
    init?(_ value: Value) { guard let b = value.bool else { return nil }; self = b }
}

extension Size: PresentableValue {
    static var valueType: ValueType { .size }
    var value: Value { .size(self) }
    init?(_ value: Value) { guard let s = value.size else { return nil }; self = s }
}

extension Point: PresentableValue {
    static var valueType: ValueType { .point }
    var value: Value { .point(self) }
    init?(_ value: Value) { guard let p = value.point else { return nil }; self = p }
}

extension Rect: PresentableValue {
    static var valueType: ValueType { .rect }
    var value: Value { .rect(self) }
    init?(_ value: Value) { guard let r = value.rect else { return nil }; self = r }
}

extension Color: PresentableValue {
    static var valueType: ValueType { .color }
    var value: Value { .color(self) }
    /// A nil colour (`.null`) draws as clear.
    init?(_ value: Value) {
        switch value {
        case .color(let c): self = c
        case .null: self = .clear
        default: return nil
        }
    }
}

extension Path: PresentableValue {
    static var valueType: ValueType { .path }
    var value: Value { .path(self) }
    /// Named-path references are resolved before presenting.
    init?(_ value: Value) { guard case .path(let p) = value else { return nil }; self = p }
}

extension TextFont: PresentableValue {
    static var valueType: ValueType { .string }
    var value: Value { .string(name) }
    init?(_ value: Value) { guard let s = value.string else { return nil }; self.init(s) }
}

extension String: PresentableValue {
    static var valueType: ValueType { .string }
    var value: Value { .string(self) }
    init?(_ value: Value) { guard let s = value.string else { return nil }; self = s }
}

/// A list of colours (a gradient's `colors`), as one drawable value.
package struct ColorList: Hashable, Sendable, PresentableValue {
    package var colors: [Color]
    package init(_ colors: [Color] = []) { self.colors = colors }
    static var valueType: ValueType { .colorList }
    var value: Value { .list(colors.map { .color($0) }) }
    init?(_ value: Value) { guard let xs = value.list else { return nil }; colors = xs.compactMap(\.color) }
}

extension Array: PresentableValue where Element == Double {
    static var valueType: ValueType { .numberList }
    var value: Value { .list(map { .number($0) }) }
    init?(_ value: Value) { guard let xs = value.list else { return nil }; self = xs.compactMap(\.number) }
}
