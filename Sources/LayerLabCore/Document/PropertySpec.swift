/// The description of one stored layer property: its type, default and which kinds have it.
public struct PropertySpec: Sendable {
    public let name: String
    public let type: ValueType
    public let defaultValue: Value
    /// Kinds that have the property; nil means every kind.
    public let kinds: Set<LayerKind>?
    public let animatable: Bool
    /// One line for `help keypaths`.
    public let summary: String

    public func applies(to kind: LayerKind) -> Bool { kinds?.contains(kind) ?? true }
}

/// The table of every stored property, in display order.
///
/// Defaults are Core Animation's: a shape's fill is opaque black and its stroke nil (clear),
/// a text layer's font size is 36 and its colour white, contentsGravity is `resize`.
public enum PropertyTable {
    public static let all: [PropertySpec] = {
        let lineCaps = ["butt", "round", "square"]
        let lineJoins = ["miter", "round", "bevel"]
        let gravities = ["resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom",
                         "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight"]
        let shape: Set<LayerKind> = [.shape], text: Set<LayerKind> = [.text], image: Set<LayerKind> = [.image]
        let replicator: Set<LayerKind> = [.replicator]
        func p(_ n: String, _ t: ValueType, _ d: Value, in k: Set<LayerKind>? = nil, anim: Bool = true,
               _ s: String) -> PropertySpec {
            PropertySpec(name: n, type: t, defaultValue: d, kinds: k, animatable: anim, summary: s)
        }
        return [
            p("bounds", .rect, .rect(.zero), "the layer's own rectangle; its size is the layer's size"),
            p("position", .point, .point(.zero), "where the anchor point sits in the superlayer"),
            p("anchorPoint", .point, .point(Point(0.5, 0.5)), "unit point of the bounds placed at position"),
            p("transform.rotation.z", .number, .number(0), "rotation in radians, clockwise on screen"),
            p("transform.scale.x", .number, .number(1), "horizontal scale about the anchor point"),
            p("transform.scale.y", .number, .number(1), "vertical scale about the anchor point"),
            p("transform.translation.x", .number, .number(0), "horizontal translation in points"),
            p("transform.translation.y", .number, .number(0), "vertical translation in points"),
            p("opacity", .number, .number(1), "0 transparent … 1 opaque, for the whole subtree"),
            p("hidden", .bool, .bool(false), "a hidden layer and its sublayers are not drawn"),
            p("zPosition", .number, .number(0), "drawing order among siblings; higher draws on top"),
            p("backgroundColor", .color, .color(.clear), "fills the bounds, under the content"),
            p("cornerRadius", .number, .number(0), "rounds the background, border and masksToBounds clip"),
            p("borderWidth", .number, .number(0), "width of the border drawn inside the bounds"),
            p("borderColor", .color, .color(.black), "colour of the border"),
            p("masksToBounds", .bool, .bool(false), anim: false, "clip sublayers to the (rounded) bounds"),
            p("mask", .layerRef, .null, anim: false, "a layer whose coverage masks this one, or none"),
            p("beginTime", .number, .number(0), anim: false, "layer time: when the layer's clock starts"),
            p("speed", .number, .number(1), anim: false, "layer time: rate of the layer's clock (0 pauses)"),
            p("timeOffset", .number, .number(0), anim: false, "layer time: offset added to the layer's clock"),
            p("path", .path, .path(.empty), in: shape, "the shape, in the layer's own coordinates"),
            p("fillColor", .color, .color(.black), in: shape, "fill colour (clear for none)"),
            p("strokeColor", .color, .color(.clear), in: shape, "stroke colour (clear for none)"),
            p("lineWidth", .number, .number(1), in: shape, "stroke width in points"),
            p("strokeStart", .number, .number(0), in: shape, "where the stroke starts, 0…1 of the path's length"),
            p("strokeEnd", .number, .number(1), in: shape, "where the stroke ends, 0…1 of the path's length"),
            p("lineCap", .word(lineCaps), .string("butt"), in: shape, anim: false, "ends of open strokes"),
            p("lineJoin", .word(lineJoins), .string("miter"), in: shape, anim: false, "corners of strokes"),
            p("miterLimit", .number, .number(10), in: shape, "longest miter before a bevel, in line widths"),
            p("fillRule", .word(["nonZero", "evenOdd"]), .string("nonZero"), in: shape, anim: false,
              "which regions of a self-crossing path are inside"),
            p("lineDashPattern", .numberList, .list([]), in: shape, anim: false, "dash and gap lengths; empty for solid"),
            p("lineDashPhase", .number, .number(0), in: shape, "how far into the dash pattern the stroke starts"),
            p("string", .string, .string(""), in: text, anim: false, "the text"),
            p("fontSize", .number, .number(36), in: text, "font size in points"),
            p("foregroundColor", .color, .color(.white), in: text, "text colour"),
            p("alignment", .word(["natural", "left", "center", "right", "justified"]), .string("natural"),
              in: text, anim: false, "horizontal alignment within the bounds"),
            p("contents", .string, .string(""), in: image, anim: false, "a PNG or text-art file"),
            p("contentsGravity", .word(gravities), .string("resize"), in: image, anim: false,
              "how the contents fit the bounds"),
            p("frames", .stringList, .list([]), in: image, anim: false, "flipbook frames (files), like animationImages"),
            p("animationDuration", .number, .number(0), in: image, anim: false,
              "one flipbook cycle; 0 means 1/30 s a frame"),
            p("animationRepeatCount", .number, .number(0), in: image, anim: false, "flipbook cycles; 0 repeats forever"),
            p("frameIndex", .number, .null, in: image, "the flipbook frame shown; unset follows the flipbook clock"),
            p("instanceCount", .number, .number(1), in: replicator, "copies drawn, the sublayers themselves included"),
            p("instanceDelay", .number, .number(0), in: replicator, "seconds each copy's time lags the one before"),
            p("instanceTransform", .transform, .transform([]), in: replicator,
              "steps taking each copy to the next, about the replicator's centre"),
            p("instanceColor", .color, .color(.white), in: replicator, "multiplies the first copy's colours"),
            p("instanceRedOffset", .number, .number(0), in: replicator, "added to the red multiplier at each copy"),
            p("instanceGreenOffset", .number, .number(0), in: replicator, "added to the green multiplier at each copy"),
            p("instanceBlueOffset", .number, .number(0), in: replicator, "added to the blue multiplier at each copy"),
            p("instanceAlphaOffset", .number, .number(0), in: replicator, "added to the alpha multiplier at each copy"),
        ]
    }()

    static let byName: [String: PropertySpec] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The spec of a stored property, or nil.
    public static func spec(_ name: String) -> PropertySpec? { byName[name] }

    /// The properties a kind has, in display order.
    public static func properties(for kind: LayerKind) -> [PropertySpec] { all.filter { $0.applies(to: kind) } }
}
