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
public struct PresentedLayer: Hashable, Sendable {
    public var name: String
    public var kind: LayerKind
    public var bounds: Rect = .zero
    public var position: Point = .zero
    public var anchorPoint = Point(0.5, 0.5)
    public var rotation: Double = 0
    public var scaleX: Double = 1
    public var scaleY: Double = 1
    public var translationX: Double = 0
    public var translationY: Double = 0
    public var opacity: Double = 1
    public var hidden = false
    public var zPosition: Double = 0
    public var backgroundColor: Color = .clear
    public var cornerRadius: Double = 0
    public var borderWidth: Double = 0
    public var borderColor: Color = .black
    public var masksToBounds = false
    // Shape
    public var path: Path = .empty
    public var fillColor: Color = .black
    public var strokeColor: Color = .clear
    public var lineWidth: Double = 1
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1
    public var lineCap = "butt"
    public var lineJoin = "miter"
    public var miterLimit: Double = 10
    public var evenOdd = false
    public var lineDashPattern: [Double] = []
    public var lineDashPhase: Double = 0
    // Text
    public var string = ""
    public var fontSize: Double = 36
    public var foregroundColor: Color = .white
    public var alignment = "natural"
    // Image: the file shown now (flipbook frame already chosen), or "" for none.
    public var contents = ""
    public var contentsGravity = "resize"

    public var sublayers: [PresentedLayer] = []
    /// The layer masking this one, drawn in this layer's coordinates; only its coverage counts.
    public var mask: [PresentedLayer] = []

    public init(name: String, kind: LayerKind) { self.name = name; self.kind = kind }

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
