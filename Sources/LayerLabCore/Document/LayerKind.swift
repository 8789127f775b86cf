/// The four kinds of layer: CALayer, CAShapeLayer, a text layer and an image layer.
public enum LayerKind: String, Hashable, Sendable, CaseIterable {
    /// CALayer: geometry, background, border, mask, sublayers.
    case layer
    /// CAShapeLayer: a path filled and stroked.
    case shape
    /// CATextLayer / UILabel, drawn with the built-in vector font.
    case text
    /// Layer contents from a PNG or text-art file; a list of frames makes a flipbook.
    case image
}
