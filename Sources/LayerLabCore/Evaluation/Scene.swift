/// What a frame shows: the presentation tree at one scene time, with every value resolved.
/// The rasterizer draws a `Scene`; it never sees animations.
public struct Scene: Hashable, Sendable {
    public var time: Double
    public var canvasSize: Size
    public var background: Color
    /// Root layers, back to front (zPosition not yet applied: the rasterizer sorts siblings).
    public var layers: [PresentedLayer]

    public init(time: Double, canvasSize: Size, background: Color, layers: [PresentedLayer]) {
        self.time = time; self.canvasSize = canvasSize; self.background = background; self.layers = layers
    }
}

/// One layer's presentation values, typed for drawing.
///
/// Every field starts at its property's default from `PropertyTable` (the values written
/// below are only placeholders that `init` replaces); the evaluator then copies in the
/// layer's own values through the table.
///
/// A frame copies every layer's stored presentation and the rasterizer reads it back, so the
/// struct is kept small (304 bytes): the one-byte fields sit together at the end (between the
/// others they would cost 32 bytes of padding), and what most layers leave alone is boxed.
public struct PresentedLayer: Hashable, Sendable {
    public var name: String
    public var bounds = Rect.zero
    public var position = Point.zero
    public var anchorPoint = Point.zero
    public var rotation = 0.0
    public var scaleX = 0.0
    public var scaleY = 0.0
    public var translationX = 0.0
    public var translationY = 0.0
    /// Within 0…1.
    public var opacity = 0.0
    public var zPosition = 0.0
    public var backgroundColor = Color.clear
    public var cornerRadius = 0.0
    // Shape
    public var path = Path.empty
    public var fillColor = Color.clear
    public var strokeColor = Color.clear
    public var lineWidth = 0.0
    public var strokeStart = 0.0
    public var strokeEnd = 0.0
    public var lineDashPhase = 0.0
    public var sublayers: [PresentedLayer] = []

    /// The fields most layers leave at their defaults (border, 3D, shadow, miter limit, dashes,
    /// text, image, gradient, replicator, emitter, mask), in one shared copy-on-write box:
    /// copying a layer, as every frame does for every layer, copies one reference for all of
    /// them. (A frame that animates one of them gives the layer a box of its own.)
    @usableFromInline var extras: ExtrasBox

    public var kind: LayerKind
    public var hidden = false
    public var masksToBounds = false
    public var lineCap = LineCap.butt
    public var lineJoin = LineJoin.miter
    public var fillRule = FillRule.nonZero

    struct Extras: Hashable, Sendable {
        var borderWidth = 0.0
        var borderColor = Color.clear
        var miterLimit = 0.0
        var rotationX = 0.0
        var rotationY = 0.0
        var scaleZ = 0.0
        var translationZ = 0.0
        var transformMatrix = Transform3D.identity
        var sublayerTransform = Transform3D.identity
        var isDoubleSided = true
        var shadowColor = Color.clear
        var shadowOpacity = 0.0
        var shadowOffset = Size.zero
        var shadowRadius = 0.0
        var shadowPath = Path.empty
        var lineDashPattern: [Double] = []
        var string = ""
        var fontSize = 0.0
        var foregroundColor = Color.clear
        var font = TextFont("")
        var alignment = TextAlignment.natural
        var isWrapped = false
        var truncationMode = TextTruncation.none
        var contents = ""
        var contentsGravity = ContentsGravity.resize
        var contentsRect = Rect(0, 0, 1, 1)
        var gradientColors = ColorList()
        var gradientLocations: [Double] = []
        var startPoint = Point.zero
        var endPoint = Point.zero
        var gradientType = GradientType.axial
        var replicator: Replication? = nil
        var emission: Emission? = nil
        var mask: [PresentedLayer] = []
        var maskMode = MaskMode.alpha
        var blendMode = BlendMode.normal
        var isolatesBlending = false
    }

    @usableFromInline final class ExtrasBox: Hashable, @unchecked Sendable {
        // Written only through `uniqueExtras()`, so a shared box is never changed.
        var value: Extras
        init(_ value: Extras) { self.value = value }
        @usableFromInline static func == (a: ExtrasBox, b: ExtrasBox) -> Bool { a === b || a.value == b.value }
        @usableFromInline func hash(into h: inout Hasher) { value.hash(into: &h) }
    }

    /// The box, copied first if another layer shares it.
    private mutating func uniqueExtras() -> ExtrasBox {
        if !isKnownUniquelyReferenced(&extras) { extras = ExtrasBox(extras.value) }
        return extras
    }

    /// Whether every boxed field is surely at its default: the layer still shares the default
    /// box, which is never written (a write copies it first). The rasterizer then skips the
    /// mask, shadow, double-sidedness and 3D checks of a plain layer with one comparison.
    /// (Inlinable: a getter called from another module on a layer in memory copies the layer
    /// first, which costs more than the comparison.)
    @inlinable public var boxedFieldsAreDefault: Bool { extras === PresentedLayer.defaults.extras }

    public var borderWidth: Double { get { extras.value.borderWidth } set { uniqueExtras().value.borderWidth = newValue } }
    public var borderColor: Color { get { extras.value.borderColor } set { uniqueExtras().value.borderColor = newValue } }
    public var miterLimit: Double { get { extras.value.miterLimit } set { uniqueExtras().value.miterLimit = newValue } }
    public var rotationX: Double { get { extras.value.rotationX } set { uniqueExtras().value.rotationX = newValue } }
    public var rotationY: Double { get { extras.value.rotationY } set { uniqueExtras().value.rotationY = newValue } }
    public var scaleZ: Double { get { extras.value.scaleZ } set { uniqueExtras().value.scaleZ = newValue } }
    public var translationZ: Double { get { extras.value.translationZ } set { uniqueExtras().value.translationZ = newValue } }
    /// The `transform` property's steps as a matrix (identity when unset).
    public var transformMatrix: Transform3D { get { extras.value.transformMatrix } set { uniqueExtras().value.transformMatrix = newValue } }
    /// The `sublayerTransform` property's steps as a matrix.
    public var sublayerTransform: Transform3D { get { extras.value.sublayerTransform } set { uniqueExtras().value.sublayerTransform = newValue } }
    public var isDoubleSided: Bool { get { extras.value.isDoubleSided } set { uniqueExtras().value.isDoubleSided = newValue } }
    // Shadow
    public var shadowColor: Color { get { extras.value.shadowColor } set { uniqueExtras().value.shadowColor = newValue } }
    public var shadowOpacity: Double { get { extras.value.shadowOpacity } set { uniqueExtras().value.shadowOpacity = newValue } }
    public var shadowOffset: Size { get { extras.value.shadowOffset } set { uniqueExtras().value.shadowOffset = newValue } }
    public var shadowRadius: Double { get { extras.value.shadowRadius } set { uniqueExtras().value.shadowRadius = newValue } }
    public var shadowPath: Path { get { extras.value.shadowPath } set { uniqueExtras().value.shadowPath = newValue } }
    public var lineDashPattern: [Double] { get { extras.value.lineDashPattern } set { uniqueExtras().value.lineDashPattern = newValue } }
    // Text
    public var string: String { get { extras.value.string } set { uniqueExtras().value.string = newValue } }
    public var fontSize: Double { get { extras.value.fontSize } set { uniqueExtras().value.fontSize = newValue } }
    public var foregroundColor: Color { get { extras.value.foregroundColor } set { uniqueExtras().value.foregroundColor = newValue } }
    public var font: TextFont { get { extras.value.font } set { uniqueExtras().value.font = newValue } }
    public var alignment: TextAlignment { get { extras.value.alignment } set { uniqueExtras().value.alignment = newValue } }
    public var isWrapped: Bool { get { extras.value.isWrapped } set { uniqueExtras().value.isWrapped = newValue } }
    public var truncationMode: TextTruncation { get { extras.value.truncationMode } set { uniqueExtras().value.truncationMode = newValue } }
    // Image: the file shown now (flipbook frame already chosen), or "" for none.
    public var contents: String { get { extras.value.contents } set { uniqueExtras().value.contents = newValue } }
    public var contentsGravity: ContentsGravity { get { extras.value.contentsGravity } set { uniqueExtras().value.contentsGravity = newValue } }
    /// The unit rectangle of the contents drawn (CALayer's contentsRect).
    public var contentsRect: Rect { get { extras.value.contentsRect } set { uniqueExtras().value.contentsRect = newValue } }
    // Gradient
    public var gradientColors: ColorList { get { extras.value.gradientColors } set { uniqueExtras().value.gradientColors = newValue } }
    public var gradientLocations: [Double] { get { extras.value.gradientLocations } set { uniqueExtras().value.gradientLocations = newValue } }
    public var startPoint: Point { get { extras.value.startPoint } set { uniqueExtras().value.startPoint = newValue } }
    public var endPoint: Point { get { extras.value.endPoint } set { uniqueExtras().value.endPoint = newValue } }
    public var gradientType: GradientType { get { extras.value.gradientType } set { uniqueExtras().value.gradientType = newValue } }
    // Replicator
    public var replicator: Replication? { get { extras.value.replicator } set { uniqueExtras().value.replicator = newValue } }
    /// An emitter's particles, drawn above its background and below its sublayers.
    public var emission: Emission? { get { extras.value.emission } set { uniqueExtras().value.emission = newValue } }
    /// The layer masking this one, drawn in this layer's coordinates; only its coverage counts.
    public var mask: [PresentedLayer] { get { extras.value.mask } set { uniqueExtras().value.mask = newValue } }
    /// How the mask's pixels are read. (Written only when it changes, so a layer that stores the
    /// default keeps sharing the default box, and costs what a plain layer costs.)
    public var maskMode: MaskMode {
        get { extras.value.maskMode }
        set { if newValue != extras.value.maskMode { uniqueExtras().value.maskMode = newValue } }
    }
    /// How the layer combines with what is beneath it; anything but `normal` draws it offscreen.
    public var blendMode: BlendMode {
        get { extras.value.blendMode }
        set { if newValue != extras.value.blendMode { uniqueExtras().value.blendMode = newValue } }
    }

    /// Whether a sublayer has a blend mode other than `normal`: the layer is then drawn
    /// offscreen, so its sublayers blend with (and Porter–Duff operators clear) only what the
    /// layer itself draws, as After Effects composites a precomposition and CSS an isolated
    /// group. Set by the evaluator, not a stored property.
    public var isolatesBlending: Bool {
        get { extras.value.isolatesBlending }
        set { if newValue != extras.value.isolatesBlending { uniqueExtras().value.isolatesBlending = newValue } }
    }

    /// A layer with every property at its default.
    public init(name: String, kind: LayerKind) {
        self = PresentedLayer.defaults
        self.name = name
        self.kind = kind
        if kind == .replicator { replicator = .single }
        if kind == .emitter { emission = Emission() }
    }

    private init(placeholderNamed name: String) {
        self.name = name
        self.kind = .layer
        self.extras = ExtrasBox(Extras())
    }

    /// Every field at its property's default, built once from the table.
    @usableFromInline static let defaults: PresentedLayer = {
        var p = PresentedLayer(placeholderNamed: "")
        for spec in PropertyTable.all { _ = spec.present?(&p, spec.defaultValue) }
        return p
    }()

    /// The layer's coordinates into its superlayer's space in 3D: about the anchor point, the
    /// scales, the rotations about x, y and z, the translations, then the `transform` steps
    /// (so `transform=perspective(500)` views every rotation in perspective), then position.
    public var transform3DToSuperlayer: Transform3D {
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        var t = Transform3D.translation(-ax, -ay)
        if scaleX != 1 || scaleY != 1 || scaleZ != 1 { t = t.concatenating(.scale(scaleX, scaleY, scaleZ)) }
        if rotationX != 0 { t = t.concatenating(.rotation(rotationX, 1, 0, 0)) }
        if rotationY != 0 { t = t.concatenating(.rotation(rotationY, 0, 1, 0)) }
        if rotation != 0 { t = t.concatenating(.rotation(rotation, 0, 0, 1)) }
        t = t.concatenating(.translation(translationX, translationY, translationZ))
        if !transformMatrix.isIdentity { t = t.concatenating(transformMatrix) }
        return t.concatenating(.translation(position.x, position.y))
    }

    /// Whether the layer's transform stays within its plane (so the 2D transform says it all).
    public var isFlat: Bool {
        rotationX == 0 && rotationY == 0 && scaleZ == 1 && translationZ == 0 && transformMatrix.isIdentity
    }

    /// `sublayerTransform` about the anchor point, in the layer's coordinates.
    public var sublayerTransformAboutAnchor: Transform3D {
        if sublayerTransform.isIdentity { return .identity }
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        return Transform3D.translation(-ax, -ay).concatenating(sublayerTransform).concatenating(.translation(ax, ay))
    }

    /// Maps this layer's own coordinates into its superlayer's, as Core Animation composes
    /// bounds, anchorPoint, transform and position. (Inlinable for the reason given at
    /// `boxedFieldsAreDefault`: it only reads the fields, where the layer is, and hands them
    /// to the product, which is too large to inline everywhere.)
    @inlinable public var transformToSuperlayer: AffineTransform {
        PresentedLayer.transformToSuperlayer(bounds: bounds, anchorPoint: anchorPoint, scale: (scaleX, scaleY),
                                             rotation: rotation, translation: (translationX, translationY),
                                             position: position)
    }

    /// The product behind `transformToSuperlayer`.
    @usableFromInline static func transformToSuperlayer(bounds: Rect, anchorPoint: Point, scale: (Double, Double),
                                                        rotation: Double, translation: (Double, Double),
                                                        position: Point) -> AffineTransform {
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        return AffineTransform.translation(-ax, -ay)
            .concatenating(.scale(scale.0, scale.1))
            .concatenating(.rotation(rotation))
            .concatenating(.translation(translation.0, translation.1))
            .concatenating(.translation(position.x, position.y))
    }
}

extension PresentedLayer: CustomReflectable {
    /// Every field in declaration order, the boxed ones in their place: a layer prints and
    /// dumps as a plain struct of its presentation values, as it did before the box.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "name": name, "kind": kind, "bounds": bounds, "position": position, "anchorPoint": anchorPoint,
            "rotation": rotation, "scaleX": scaleX, "scaleY": scaleY, "translationX": translationX,
            "translationY": translationY, "rotationX": rotationX, "rotationY": rotationY, "scaleZ": scaleZ,
            "translationZ": translationZ, "transformMatrix": transformMatrix, "sublayerTransform": sublayerTransform,
            "isDoubleSided": isDoubleSided, "opacity": opacity, "hidden": hidden, "zPosition": zPosition,
            "backgroundColor": backgroundColor, "cornerRadius": cornerRadius, "borderWidth": borderWidth,
            "borderColor": borderColor, "masksToBounds": masksToBounds, "shadowColor": shadowColor,
            "shadowOpacity": shadowOpacity, "shadowOffset": shadowOffset, "shadowRadius": shadowRadius,
            "shadowPath": shadowPath, "path": path, "fillColor": fillColor, "strokeColor": strokeColor,
            "lineWidth": lineWidth, "strokeStart": strokeStart, "strokeEnd": strokeEnd, "lineCap": lineCap,
            "lineJoin": lineJoin, "miterLimit": miterLimit, "fillRule": fillRule, "lineDashPattern": lineDashPattern,
            "lineDashPhase": lineDashPhase, "string": string, "fontSize": fontSize,
            "foregroundColor": foregroundColor, "font": font, "alignment": alignment, "isWrapped": isWrapped,
            "truncationMode": truncationMode, "contents": contents, "contentsGravity": contentsGravity,
            "contentsRect": contentsRect, "gradientColors": gradientColors, "gradientLocations": gradientLocations,
            "startPoint": startPoint, "endPoint": endPoint, "gradientType": gradientType, "replicator": replicator as Any,
            "emission": emission as Any, "sublayers": sublayers, "mask": mask,
            "maskMode": maskMode, "blendMode": blendMode, "isolatesBlending": isolatesBlending
        ], displayStyle: .struct)
    }
}

/// A replicator's copies: copy 0 is the sublayers themselves, copy k is drawn through
/// `instanceTransform` k times (about the replicator's centre), tinted by `instanceColor` plus k
/// colour offsets, with its sublayers evaluated `k · instanceDelay` earlier.
public struct Replication: Hashable, Sendable {
    /// How many copies are drawn (copy 0 included), at most `Replication.maxCount`.
    public var count: Int
    public var delay: Double
    public var transform: Transform3D
    public var color: Color
    /// Red, green, blue and alpha added to the multiplier at each copy.
    public var offsets: Color
    /// The sublayers of copies 1…count−1, each at its delayed time.
    public var copies: [[PresentedLayer]]

    /// A replicator at its defaults: one copy, untransformed, untinted.
    public static let single = Replication(count: 1, delay: 0, transform: .identity, color: .white, offsets: .clear,
                                           copies: [])

    /// Copies beyond this are not drawn, so a typo cannot stall rendering.
    public static let maxCount = 1000

    public init(count: Int, delay: Double, transform: Transform3D, color: Color, offsets: Color, copies: [[PresentedLayer]]) {
        self.count = count; self.delay = delay; self.transform = transform; self.color = color
        self.offsets = offsets; self.copies = copies
    }

    /// The colour multiplier of copy `k`, each component clamped to 0…1.
    public func tint(_ k: Int) -> Color {
        func c(_ base: Double, _ step: Double) -> Double { max(0, min(1, base + Double(k) * step)) }
        return Color(c(color.r, offsets.r), c(color.g, offsets.g), c(color.b, offsets.b), c(color.a, offsets.a))
    }

    /// The transform of copy `k` in the replicator's own coordinates: `instanceTransform`
    /// applied k times about `center`.
    public func transform(_ k: Int, center: Point) -> Transform3D {
        Transform3D.translation(-center.x, -center.y).concatenating(transform.power(k))
            .concatenating(.translation(center.x, center.y))
    }

    /// The number of copies an `instanceCount` value asks for: whole copies, none below 1.
    public static func count(_ v: Double) -> Int {
        guard v.isFinite, v >= 1 else { return 0 }
        return Int(min(v, Double(maxCount)).rounded(.down))
    }
}
