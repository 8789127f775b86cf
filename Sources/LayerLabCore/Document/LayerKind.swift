/// The kinds of layer, each one of Core Animation's layer classes.
package enum LayerKind: String, Hashable, Sendable, CaseIterable {
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
    /// CAEmitterLayer: emits particles from its `cell` children (seeded, so every frame is the
    /// same on every run); may also hold ordinary sublayers, drawn above the particles.
    case emitter
    /// CAEmitterCell: not a layer but the recipe for one kind of particle. Lives only inside an
    /// emitter, or inside another cell whose particles emit it; holds only cells.
    case emitterCell = "cell"

    /// Whether a layer of this kind draws itself (every kind but `cell`).
    package var isLayer: Bool { self != .emitterCell }

    /// One bit for the kind, for sets of kinds kept as masks.
    var bit: UInt32 {
        switch self {
        case .layer: return 1
        case .shape: return 1 << 1
        case .text: return 1 << 2
        case .image: return 1 << 3
        case .replicator: return 1 << 4
        case .gradient: return 1 << 5
        case .transformLayer: return 1 << 6
        case .emitter: return 1 << 7
        case .emitterCell: return 1 << 8
        }
    }

    /// The bits of every kind that is a layer (all but `cell`).
    static let layerBits: UInt32 = allCases.reduce(0) { $1.isLayer ? $0 | $1.bit : $0 }

    /// Why a `child` of this kind cannot go under a parent of kind `parent` (nil: the root),
    /// or nil when it can: cells go only in emitters and cells, and cells hold only cells.
    package static func placementProblem(_ child: LayerKind, under parent: LayerKind?) -> String? {
        if child == .emitterCell {
            guard let parent, parent == .emitter || parent == .emitterCell else {
                return "a cell goes in an emitter or in another cell (cell NAME in EMITTER)"
            }
            return nil
        }
        if parent == .emitterCell { return "a cell holds only cells, not a \(child == .layer ? "plain" : child.rawValue) layer" }
        return nil
    }
}
