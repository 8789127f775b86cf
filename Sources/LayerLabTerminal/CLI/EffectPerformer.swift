import LayerLabScript

/// Performs the effects a session asks for (frames, playback, exports).
///
/// Each effect lives in its own file: `+Frames` (show, frames), `+Play`, `+Export` (png, gif)
/// and `+TextExports` (lottie, swift, cast).
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
        case .edit:
            io.err("layerlab: edit opens your editor, so it works only at the interactive prompt")
            return false
        case .quit: return true
        }
    }
}
