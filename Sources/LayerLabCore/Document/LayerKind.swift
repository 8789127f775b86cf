/// The kinds of layer, each one of Core Animation's layer classes.
public enum LayerKind: String, Hashable, Sendable, CaseIterable {
    /// CALayer: geometry, background, border, mask, sublayers.
    case layer
    /// CAShapeLayer: a path filled and stroked.
    case shape
    /// CATextLayer / UILabel, drawn with the built-in vector font.
    case text
    /// Layer contents from a PNG or text-art file; a list of frames makes a flipbook.
    case image
    /// CAReplicatorLayer: draws its sublayers `instanceCount` times, each copy transformed,
    /// delayed and tinted a step further than the one before.
    case replicator
    /// CAGradientLayer: fills its bounds with a gradient of `colors` at `locations`.
    case gradient
    /// CATransformLayer: draws none of its own properties; its sublayers share its 3D space
    /// (sorted by depth) instead of being flattened into its plane.
    case transformLayer
}
