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
        let (from, to) = Player.range(of: request, evaluator: Evaluator(document: request.document))
        guard to > from else {
            io.err("Nothing to play: the range is empty (\(from)s to \(to)s). Add an animation, or give `to=` or `canvas duration=`.")
            return false
        }
        let images = loadImages(request.document, io)
        let ending = Player(request, images: images, environment: ProcessInfo.processInfo.environment).run()
        return ending != .notATerminal || frames(request.asFrames, io)
    }
}
