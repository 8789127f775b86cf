/// What a frame shows: the presentation tree at one scene time, with every value resolved.
/// The rasterizer draws a `Scene`; it never sees animations.
package struct Scene: Hashable, Sendable {
    package var time: Double
    package var canvasSize: Size
    package var background: Color
    /// Root layers, back to front (zPosition not yet applied: the rasterizer sorts siblings).
    package var layers: [PresentedLayer]

    package init(time: Double, canvasSize: Size, background: Color, layers: [PresentedLayer]) {
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
/// others they would cost 32 bytes of padding), and what most layers leave alone is boxed in
/// `extras`. A field is declared once, here or in `Extras`: nothing else lists the fields.
@usableFromInline package struct PresentedLayer: Hashable, Sendable {
    package var name: String
    @usableFromInline package var bounds = Rect.zero
    @usableFromInline package var position = Point.zero
    @usableFromInline package var anchorPoint = Point.zero
    @usableFromInline package var rotation = 0.0
    @usableFromInline package var scaleX = 0.0
    @usableFromInline package var scaleY = 0.0
    @usableFromInline package var translationX = 0.0
    @usableFromInline package var translationY = 0.0
    /// Within 0…1.
    package var opacity = 0.0
    package var zPosition = 0.0
    package var backgroundColor = Color.clear
    package var cornerRadius = 0.0
    // Shape
    package var path = Path.empty
    package var fillColor = Color.clear
    package var strokeColor = Color.clear
    package var lineWidth = 0.0
    package var strokeStart = 0.0
    package var strokeEnd = 0.0
    package var lineDashPhase = 0.0
    package var sublayers: [PresentedLayer] = []

    /// The box holding `extras`, shared by every layer whose boxed fields are all at their
    /// defaults until one is written.
    @usableFromInline var box: ExtrasBox

    package var kind: LayerKind
    package var hidden = false
    package var masksToBounds = false
    package var lineCap = LineCap.butt
    package var lineJoin = LineJoin.miter
    package var fillRule = FillRule.nonZero

    /// The fields most layers leave at their defaults (border, 3D, shadow, miter limit, dashes,
    /// text, image, gradient, replicator, emitter, mask), read and written as
    /// `layer.extras.shadowRadius`. They live in one shared copy-on-write box: copying a layer,
    /// as every frame does for every layer, copies one reference for all of them. (A frame
    /// that animates one of them gives the layer a box of its own.)
    @usableFromInline package struct Extras: Hashable, Sendable {
        package var borderWidth = 0.0
        package var borderColor = Color.clear
        package var miterLimit = 0.0
        package var rotationX = 0.0
        package var rotationY = 0.0
        package var scaleZ = 0.0
        package var translationZ = 0.0
        /// The `transform` property's steps as a matrix (identity when unset).
        package var transformMatrix = Transform3D.identity
        /// The `sublayerTransform` property's steps as a matrix.
        package var sublayerTransform = Transform3D.identity
        package var isDoubleSided = true
        // Shadow
        package var shadowColor = Color.clear
        package var shadowOpacity = 0.0
        package var shadowOffset = Size.zero
        package var shadowRadius = 0.0
        package var shadowPath = Path.empty
        package var lineDashPattern: [Double] = []
        // Text
        package var string = ""
        package var fontSize = 0.0
        package var foregroundColor = Color.clear
        package var font = TextFont("")
        package var alignment = TextAlignment.natural
        package var isWrapped = false
        package var truncationMode = TextTruncation.none
        /// Image: the file shown now (flipbook frame already chosen), or "" for none.
        package var contents = ""
        package var contentsGravity = ContentsGravity.resize
        /// The unit rectangle of the contents drawn (CALayer's contentsRect).
        package var contentsRect = Rect(0, 0, 1, 1)
        // Gradient
        package var gradientColors = ColorList()
        package var gradientLocations: [Double] = []
        package var startPoint = Point.zero
        package var endPoint = Point.zero
        package var gradientType = GradientType.axial
        /// Radial only: the focal point's offset from startPoint in fractions of the radii.
        package var focalOffset = Point.zero
        package var replicator: Replication? = nil
        /// An emitter's particles, drawn above its background and below its sublayers.
        package var emission: Emission? = nil
        /// The layer masking this one, drawn in this layer's coordinates; only its coverage counts.
        package var mask: [PresentedLayer] = []
        /// How the mask's pixels are read. (Its table line writes it only when it changes, so a
        /// layer storing the default keeps sharing the default box and costs what a plain layer
        /// costs; `blendMode` likewise.)
        package var maskMode = MaskMode.alpha
        /// How the layer combines with what is beneath it; anything but `normal` draws it offscreen.
        package var blendMode = BlendMode.normal
        /// After Effects' Tint: each pixel's luminance picks a colour between `tintBlack` and
        /// `tintWhite`, mixed in by `tintAmount` (0 draws the layer as it is). Drawn offscreen.
        package var tintBlack = Color.black
        package var tintWhite = Color.white
        package var tintAmount = 0.0
        /// After Effects' Tritone: the colour luminance 0.5 maps to, the tint then running from
        /// `tintBlack` through it to `tintWhite`. Clear (the default): straight from one to the other.
        package var tintMidtone = Color.clear
        /// A Gaussian blur of the layer and its sublayers, in the layer's own points, named as
        /// `shadowRadius` is (standard deviation `blurRadius / 2`). Drawn offscreen.
        package var blurRadius = 0.0
        /// Whether a sublayer has a blend mode other than `normal`: the layer is then drawn
        /// offscreen, so its sublayers blend with (and Porter–Duff operators clear) only what the
        /// layer itself draws, as After Effects composites a precomposition and CSS an isolated
        /// group. Set by the evaluator, not a stored property.
        package var isolatesBlending = false
    }

    /// The boxed fields. Reading yields them where they are; writing first copies the box if
    /// another layer shares it, so a shared box is never changed. (Inlinable, as `_read` and
    /// `_modify`: a getter called from another module would copy all of them to read one.)
    @inlinable package var extras: Extras {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = ExtrasBox(box.value) }
            yield &box.value
        }
    }

    /// A reference to the boxed fields; reflects (and so dumps) as the fields themselves.
    @usableFromInline final class ExtrasBox: Hashable, @unchecked Sendable, CustomReflectable {
        // Written only through `extras`, so a shared box is never changed.
        @usableFromInline var value: Extras
        @usableFromInline init(_ value: Extras) { self.value = value }
        @usableFromInline static func == (a: ExtrasBox, b: ExtrasBox) -> Bool { a === b || a.value == b.value }
        @usableFromInline func hash(into h: inout Hasher) { value.hash(into: &h) }
        @usableFromInline var customMirror: Mirror { Mirror(reflecting: value) }
    }

    /// Whether every boxed field is surely at its default: the layer still shares the default
    /// box, which is never written (a write copies it first). The rasterizer then skips the
    /// mask, shadow, double-sidedness and 3D checks of a plain layer with one comparison.
    /// (Inlinable: a getter called from another module on a layer in memory copies the layer
    /// first, which costs more than the comparison.)
    @inlinable package var boxedFieldsAreDefault: Bool { box === PresentedLayer.defaults.box }

    /// A layer with every property at its default.
    package init(name: String, kind: LayerKind) {
        self = PresentedLayer.defaults
        self.name = name
        self.kind = kind
        if kind == .replicator { extras.replicator = .single }
        if kind == .emitter { extras.emission = Emission() }
    }

    private init(placeholderNamed name: String) {
        self.name = name
        self.kind = .layer
        self.box = ExtrasBox(Extras())
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
    package var transform3DToSuperlayer: Transform3D {
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        var t = Transform3D.translation(-ax, -ay)
        if scaleX != 1 || scaleY != 1 || extras.scaleZ != 1 { t = t.concatenating(.scale(scaleX, scaleY, extras.scaleZ)) }
        if extras.rotationX != 0 { t = t.concatenating(.rotation(extras.rotationX, 1, 0, 0)) }
        if extras.rotationY != 0 { t = t.concatenating(.rotation(extras.rotationY, 0, 1, 0)) }
        if rotation != 0 { t = t.concatenating(.rotation(rotation, 0, 0, 1)) }
        t = t.concatenating(.translation(translationX, translationY, extras.translationZ))
        if !extras.transformMatrix.isIdentity { t = t.concatenating(extras.transformMatrix) }
        return t.concatenating(.translation(position.x, position.y))
    }

    /// Whether the layer's transform stays within its plane (so the 2D transform says it all).
    package var isFlat: Bool {
        extras.rotationX == 0 && extras.rotationY == 0 && extras.scaleZ == 1 && extras.translationZ == 0
            && extras.transformMatrix.isIdentity
    }

    /// `sublayerTransform` about the anchor point, in the layer's coordinates.
    package var sublayerTransformAboutAnchor: Transform3D {
        if extras.sublayerTransform.isIdentity { return .identity }
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        return Transform3D.translation(-ax, -ay).concatenating(extras.sublayerTransform).concatenating(.translation(ax, ay))
    }

    /// Maps this layer's own coordinates into its superlayer's, as Core Animation composes
    /// bounds, anchorPoint, transform and position. (Inlinable for the reason given at
    /// `boxedFieldsAreDefault`: it only reads the fields, where the layer is, and hands them
    /// to the product, which is too large to inline everywhere.)
    @inlinable package var transformToSuperlayer: AffineTransform {
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

/// A replicator's copies: copy 0 is the sublayers themselves, copy k is drawn through
/// `instanceTransform` k times (about the replicator's centre), tinted by `instanceColor` plus k
/// colour offsets, with its sublayers evaluated `k · instanceDelay` earlier.
package struct Replication: Hashable, Sendable {
    /// How many copies are drawn (copy 0 included), at most `Replication.maxCount`.
    package var count: Int
    package var delay: Double
    package var transform: Transform3D
    package var color: Color
    /// Red, green, blue and alpha added to the multiplier at each copy.
    package var offsets: Color
    /// The sublayers of copies 1…count−1, each at its delayed time.
    package var copies: [[PresentedLayer]]

    /// A replicator at its defaults: one copy, untransformed, untinted.
    package static let single = Replication(count: 1, delay: 0, transform: .identity, color: .white, offsets: .clear,
                                           copies: [])

    /// Copies beyond this are not drawn, so a typo cannot stall rendering.
    package static let maxCount = 1000

    package init(count: Int, delay: Double, transform: Transform3D, color: Color, offsets: Color, copies: [[PresentedLayer]]) {
        self.count = count; self.delay = delay; self.transform = transform; self.color = color
        self.offsets = offsets; self.copies = copies
    }

    /// The colour multiplier of copy `k`, each component clamped to 0…1.
    package func tint(_ k: Int) -> Color {
        func c(_ base: Double, _ step: Double) -> Double { max(0, min(1, base + Double(k) * step)) }
        return Color(c(color.r, offsets.r), c(color.g, offsets.g), c(color.b, offsets.b), c(color.a, offsets.a))
    }

    /// The transform of copy `k` in the replicator's own coordinates: `instanceTransform`
    /// applied k times about `center`.
    package func transform(_ k: Int, center: Point) -> Transform3D {
        Transform3D.translation(-center.x, -center.y).concatenating(transform.power(k))
            .concatenating(.translation(center.x, center.y))
    }

    /// The number of copies an `instanceCount` value asks for: whole copies, none below 1.
    package static func count(_ v: Double) -> Int {
        guard v.isFinite, v >= 1 else { return 0 }
        return clampedInt(v, 0, maxCount)
    }
}
