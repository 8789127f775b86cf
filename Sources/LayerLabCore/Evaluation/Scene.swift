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
public struct PresentedLayer: Hashable, Sendable {
    public var name: String
    public var kind: LayerKind
    public var bounds = Rect.zero
    public var position = Point.zero
    public var anchorPoint = Point.zero
    public var rotation = 0.0
    public var scaleX = 0.0
    public var scaleY = 0.0
    public var translationX = 0.0
    public var translationY = 0.0
    public var rotationX = 0.0
    public var rotationY = 0.0
    public var scaleZ = 0.0
    public var translationZ = 0.0
    /// The `transform` property's steps as a matrix (identity when unset).
    public var transformMatrix = Transform3D.identity
    /// The `sublayerTransform` property's steps as a matrix.
    public var sublayerTransform = Transform3D.identity
    public var isDoubleSided = true
    /// Within 0…1.
    public var opacity = 0.0
    public var hidden = false
    public var zPosition = 0.0
    public var backgroundColor = Color.clear
    public var cornerRadius = 0.0
    public var borderWidth = 0.0
    public var borderColor = Color.clear
    public var masksToBounds = false
    // Shadow
    public var shadowColor = Color.clear
    public var shadowOpacity = 0.0
    public var shadowOffset = Size.zero
    public var shadowRadius = 0.0
    public var shadowPath = Path.empty
    // Shape
    public var path = Path.empty
    public var fillColor = Color.clear
    public var strokeColor = Color.clear
    public var lineWidth = 0.0
    public var strokeStart = 0.0
    public var strokeEnd = 0.0
    public var lineCap = LineCap.butt
    public var lineJoin = LineJoin.miter
    public var miterLimit = 0.0
    public var fillRule = FillRule.nonZero
    public var lineDashPattern: [Double] = []
    public var lineDashPhase = 0.0
    // Text
    public var string = ""
    public var fontSize = 0.0
    public var foregroundColor = Color.clear
    public var font = TextFont("")
    public var alignment = TextAlignment.natural
    public var isWrapped = false
    public var truncationMode = TextTruncation.none
    // Image: the file shown now (flipbook frame already chosen), or "" for none.
    public var contents = ""
    public var contentsGravity = ContentsGravity.resize
    /// The unit rectangle of the contents drawn (CALayer's contentsRect).
    public var contentsRect = Rect(0, 0, 1, 1)

    // Gradient
    public var gradientColors = ColorList()
    public var gradientLocations: [Double] = []
    public var startPoint = Point.zero
    public var endPoint = Point.zero
    public var gradientType = GradientType.axial
    // Replicator
    public var replicator: Replication? = nil
    /// An emitter's particles, drawn above its background and below its sublayers.
    public var emission: Emission? = nil

    public var sublayers: [PresentedLayer] = []
    /// The layer masking this one, drawn in this layer's coordinates; only its coverage counts.
    public var mask: [PresentedLayer] = []

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
    }

    /// Every field at its property's default, built once from the table.
    private static let defaults: PresentedLayer = {
        var p = PresentedLayer(placeholderNamed: "")
        for spec in PropertyTable.all { spec.present?(&p, spec.defaultValue) }
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
    /// bounds, anchorPoint, transform and position.
    public var transformToSuperlayer: AffineTransform {
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        return AffineTransform.translation(-ax, -ay)
            .concatenating(.scale(scaleX, scaleY))
            .concatenating(.rotation(rotation))
            .concatenating(.translation(translationX, translationY))
            .concatenating(.translation(position.x, position.y))
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
