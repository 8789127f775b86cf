/// The one rule for numbers that enter from a script, a project or a flag: each time, count,
/// size, index and scale is checked once where it enters, against the bounds here, and refused
/// there with a positioned error. Past that point arithmetic is total anyway (`clampedInt`,
/// finite guards), so a value that slips through degrades a picture, never the process.
package enum Limits {
    /// Scene times a command can name (`seek`, `at=`, `from=`, `to=`): about 31 years either
    /// way, which keeps milliseconds, frame numbers and column arithmetic well inside `Int`.
    package static let longestTime = 1e9
    package static let sceneTimes = ValueRange(lowerBound: -longestTime, upperBound: longestTime)

    /// Playback rates `play speed=` accepts (the keys step within 1/8…8).
    package static let playSpeeds = ValueRange(lowerBound: 0.001, upperBound: 1000)

    /// The most pixels a long job (`frames`, GIF and cast exports) may draw in total, summed
    /// over its frames: about two minutes of drawing on one core. Above it the job is refused
    /// with the estimate, so a typo in `to=` or `fps=` cannot start a day-long job.
    package static let jobPixels = 4_000_000_000.0

    /// Why a job of `frames` frames of `pixelsPerFrame` pixels is refused, or nil when it is
    /// within `jobPixels`. Total for any count (no overflow).
    package static func jobRefusal(frames: Int, pixelsPerFrame: Int) -> String? {
        let total = Double(max(0, frames)) * Double(max(0, pixelsPerFrame))
        guard total > jobPixels else { return nil }
        return "\(frames) frames of \(pixelsPerFrame) pixels each is \(formatNumber((total / 1e9).rounded()))"
            + " billion pixels, over the limit of \(formatNumber(jobPixels / 1e9)) billion (minutes of drawing);"
            + " narrow from=/to=, or lower fps= or size="
    }

    /// The largest side, in pixels, of an exported picture (a frame takes 16 bytes a pixel
    /// while drawn, so 4096 a side is 256 MB). Every message about an export's size quotes it.
    package static let exportSide = 4096

    /// Frames per second `play`, `frames` and the exports accept.
    package static let framesPerSecond = ValueRange(lowerBound: 0, includesLowerBound: false, upperBound: 240)

    /// How many undo steps the history keeps; older ones are dropped first. A step holds only
    /// what its command changed, so this bounds memory by the size of the changes.
    package static let undoSteps = 10_000

    /// How deep layers may nest (a top-level layer is at depth 1), in scripts and projects alike.
    package static let layerDepth = 100

    /// How deep animation groups may nest (an animation in no group counts 1), in scripts and
    /// projects alike.
    package static let groupDepth = 32
}
