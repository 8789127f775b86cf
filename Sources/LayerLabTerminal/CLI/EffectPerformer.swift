import LayerLabScript

/// Performs the effects a session asks for (frames, playback, exports).
///
/// NB: frame drawing and exports belong to the raster and export work; until they land, each
/// effect reports that it is not available. Replace `perform` cases as they arrive.
public struct EffectPerformer: Sendable {
    public init() {}

    /// Returns false when the effect failed (reported on standard error).
    public func perform(_ effect: Effect, _ io: StandardIO) -> Bool {
        let what: String
        switch effect {
        case .show: what = "show"
        case .play: what = "play"
        case .frames: what = "frames"
        case .export(let r): what = "export \(r.format.rawValue)"
        case .quit: return true
        }
        io.err("layerlab: \(what) is not available in this build yet")
        return false
    }
}
