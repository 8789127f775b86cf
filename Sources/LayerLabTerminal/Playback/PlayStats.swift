import Glibc
import LayerLabRaster

/// How fast `play` really drew, for measuring a terminal (`scripts/bench play` reads it): with
/// `LAYERLAB_PLAY_STATS=FILE`, one line is appended to FILE when playback ends, e.g.
///
///     mode=sixel frames=212 images=212 seconds=7.04 fps=30.1 scale=1 size=576x480
///
/// `frames` counts the frames drawn (the playhead moved and the frame went out), `images` the
/// images among them that were sent (a frame equal to the last sends none), `scale` the
/// resolution pixel frames ended at, `size` their full pixel size (pixel modes only). Nothing is written without the variable.
struct PlayStats {
    let path: String?
    let mode: FrameMode
    let start: Double
    var frames = 0

    init(path: String?, mode: FrameMode, start: Double) {
        self.path = path.flatMap { $0.isEmpty ? nil : $0 }
        self.mode = mode; self.start = start
    }

    /// The line for a playback that ended at `end`.
    func line(end: Double, imagesSent: Int?, scale: Double?, size: (width: Int, height: Int)? = nil) -> String {
        let seconds = max(0, end - start)
        let fps = seconds > 0 ? Double(frames) / seconds : 0
        func fixed(_ v: Double, _ digits: Int) -> String {
            let p = Double([1, 10, 100, 1000][min(3, digits)])
            let r = (v * p).rounded() / p
            return r == r.rounded() ? String(Int(r)) : String(r)
        }
        return "mode=\(mode.rawValue) frames=\(frames) images=\(imagesSent ?? frames) seconds=\(fixed(seconds, 2)) "
            + "fps=\(fixed(fps, 1)) scale=\(fixed(scale ?? 1, 2))" + (size.map { " size=\($0.width)x\($0.height)" } ?? "") + "\n"
    }

    /// Appends the line to the file, when one was named (a failure to write is ignored: the
    /// measurement is not worth an error on the way out of playback).
    func finish(at end: Double, imagesSent: Int?, scale: Double?, size: (width: Int, height: Int)? = nil) {
        guard let path else { return }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        writeAll(fd, line(end: end, imagesSent: imagesSent, scale: scale, size: size))
        close(fd)
    }
}
