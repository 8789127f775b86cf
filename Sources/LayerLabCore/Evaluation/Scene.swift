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
    /// Within 0…1.
    public var opacity = 0.0
    public var hidden = false
    public var zPosition = 0.0
    public var backgroundColor = Color.clear
    public var cornerRadius = 0.0
    public var borderWidth = 0.0
    public var borderColor = Color.clear
    public var masksToBounds = false
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
    public var alignment = TextAlignment.natural
    // Image: the file shown now (flipbook frame already chosen), or "" for none.
    public var contents = ""
    public var contentsGravity = ContentsGravity.resize

    public var sublayers: [PresentedLayer] = []
    /// The layer masking this one, drawn in this layer's coordinates; only its coverage counts.
    public var mask: [PresentedLayer] = []

    /// A layer with every property at its default.
    public init(name: String, kind: LayerKind) {
        self = PresentedLayer.defaults
        self.name = name
        self.kind = kind
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
