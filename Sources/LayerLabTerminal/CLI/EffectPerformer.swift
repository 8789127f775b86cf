#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import LayerLabCore
import LayerLabScript

/// Performs the effects a session asks for (frames, playback, exports).
///
/// Each effect lives in its own file: `+Frames` (show, frames), `+Play`, `+Export` (png, gif)
/// and `+TextExports` (lottie, swift, cast).
package struct EffectPerformer: Sendable {
    /// The folder relative image files are read from: the loaded script's or project's folder.
    package var baseDirectory: String?

    package init(baseDirectory: String? = nil) { self.baseDirectory = baseDirectory }

    /// Returns false when the effect failed (reported on standard error).
    package func perform(_ effect: Effect, _ io: StandardIO) -> Bool {
        switch effect {
        case .show(let r): return show(r, io)
        case .play(let r): return play(r, io)
        case .frames(let r): return frames(r, io)
        case .export(let r): return export(r, io)
        case .page(let text): return page(text, io)
        case .clearScreen:
            if isatty(STDOUT_FILENO) == 1 { writeAll(STDOUT_FILENO, Escape.moveTo(row: 1, column: 1) + Escape.clearScreen) }
            return true
        case .watch(let r): return watch(r, io) != nil
        case .edit:
            io.err("layerlab: edit opens your editor, so it works only at the interactive prompt")
            return false
        case .quit: return true
        case .warning(let text):
            io.err("layerlab: warning: " + text)
            return true
        }
    }

    /// Performs `watch` at a terminal; returns the watched file's last good document (nil when
    /// none replayed, or not at a terminal, which is reported).
    func watch(_ request: WatchRequest, _ io: StandardIO) -> Document? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            io.err("layerlab: watch needs a terminal (it redraws a live preview until q)")
            return nil
        }
        return Watcher(request: request, environment: ProcessEnvironment.current()).run()
    }
}
