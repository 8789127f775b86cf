#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import LayerLabCore
import LayerLabScript

extension EffectPerformer {
    /// Performs `play`: real-time playback at a terminal (`Player`), else the same range printed
    /// frame after frame as `frames` prints it.
    func play(_ request: PlayRequest, _ io: StandardIO) -> Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return frames(request.asFrames, io) }
        let player = Player(request, images: loadImages(request.document, io),
                            environment: ProcessEnvironment.current())
        guard player.range.to > player.range.from else {
            io.err("Nothing to play: the range is empty (\(formatNumber(player.range.from))s to \(formatNumber(player.range.to))s). Add an animation, or give `to=` or `canvas duration=`.")
            return false
        }
        let (ending, lastTime) = player.play()
        guard ending != .notATerminal else { return frames(request.asFrames, io) }
        // The alternate screen is gone; its last frame stays on the normal screen, centred as
        // playback drew it, with where playback stopped (to the hundredth: finer than a frame
        // says nothing).
        _ = show(ShowRequest(document: request.document, time: lastTime, size: request.size,
                             mode: request.mode, color: request.color), io, centred: true)
        let seconds = { (t: Double) in formatNumber((t * 100).rounded() / 100) }
        io.out("played \(seconds(player.range.from))s to \(seconds(lastTime))s of \(seconds(player.range.to))s"
               + (ending == .finished ? "" : " (stopped)"))
        return true
    }
}
