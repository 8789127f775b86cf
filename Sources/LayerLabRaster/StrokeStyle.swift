import LayerLabCore

/// How a stroke's outline is built: width, caps, joins, miter limit.
struct StrokeStyle {
    var halfWidth: Double
    var cap: LineCap
    var join: LineJoin
    var miterLimit: Double

    init(lineWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double) {
        halfWidth = lineWidth / 2
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }

    /// A shape layer's stroke: its width, cap, join and miter limit.
    init(of layer: borrowing PresentedLayer) {
        self.init(lineWidth: layer.lineWidth, cap: layer.lineCap, join: layer.lineJoin, miterLimit: layer.extras.miterLimit)
    }
}
