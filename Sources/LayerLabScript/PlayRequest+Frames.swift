/// `play` where nothing can be played in real time (output is not a terminal): the same range
/// printed frame after frame, as `frames` prints it.
extension PlayRequest {
    package var asFrames: FramesRequest {
        FramesRequest(document: document, from: from, to: to, fps: fps, size: size, mode: mode, color: color)
    }
}
