import LayerLabScript

/// Performs the effects a session asks for (frames, playback, exports).
///
/// NB: each effect lives in its own file (`EffectPerformer+Show.swift`, `+Frames`, `+Export`,
/// `+Play`) so the work on frames, exports and playback can land independently.
public struct EffectPerformer: Sendable {
    /// The folder relative image files are read from: the loaded script's or project's folder.
    public var baseDirectory: String?

    public init(baseDirectory: String? = nil) { self.baseDirectory = baseDirectory }

    /// Returns false when the effect failed (reported on standard error).
    public func perform(_ effect: Effect, _ io: StandardIO) -> Bool {
        switch effect {
        case .show(let r): return show(r, io)
        case .play(let r): return play(r, io)
        case .frames(let r): return frames(r, io)
        case .export(let r): return export(r, io)
        case .quit: return true
        }
    }

    /// Reports an effect this build cannot perform yet.
    func unavailable(_ what: String, _ io: StandardIO) -> Bool {
        io.err("layerlab: \(what) is not available in this build yet")
        return false
    }
}
