import LayerLabCore

/// The bounds of one Lottie export. The exporter samples every layer at every frame and keeps
/// the samples until the file is written, so its memory is the product of frames, layers
/// (replicator copies become layers) and text glyphs: each factor and the product are capped
/// here, and an export past a cap is refused with the estimate, never cut short or left to
/// exhaust memory.
package enum LottieLimits {
    /// Frames in one file (10 minutes at 60 fps).
    package static let frames = 36_000
    /// Layers one frame may hold once replicator copies are layers of their own.
    package static let layersPerFrame = 5_000
    /// Layer samples (layers × frames) held at once: about 350 MB (a sample, with its share
    /// of the frame's tables, is about 2.3 KB).
    package static let layerSamples = 150_000
    /// Glyphs one text layer may show in a frame: each is its own strokes in the file.
    package static let textGlyphsShown = 20_000
    /// Glyphs shown over the whole export (each distinct text of each frame counts its own).
    package static let textGlyphs = 400_000
    /// The largest JSON written, in bytes.
    package static let fileBytes = 200_000_000

    /// The largest file `bake` writes (JSON with its images embedded, or the JSON and the image
    /// files beside it), in bytes: 32 MB. Players parse the whole file into memory before the
    /// first frame, and a phone takes seconds over a file this size; past it a video is the
    /// better format. Baked images count as they are made, so a runaway bake stops early.
    package static let bakedFileBytes = 32_000_000

    /// Why a baked file of `bytes` is refused, or nil.
    static func bakeRefusal(bytes: Int) -> String? {
        guard bytes > bakedFileBytes else { return nil }
        return "the baked file would be over \(count(Double(bytes))) bytes, over the limit of"
            + " \(count(Double(bakedFileBytes))) for a baked Lottie file (players load it whole);"
            + " shorten the scene, lower fps= or export without bake"
    }

    /// Why `frames` frames at `fps` are refused, or nil.
    static func framesRefusal(_ frames: Double, fps: Double) -> String? {
        guard frames > Double(Self.frames) || !frames.isFinite else { return nil }
        return "\(count(frames)) frames at \(formatNumber(fps)) fps is over the limit of \(count(Double(Self.frames)))"
            + " frames for a Lottie file; shorten the canvas duration or lower fps="
    }

    /// A count for a message: whole, with thousands separated.
    static func count(_ v: Double) -> String {
        guard v.isFinite, v < 1e15 else { return "over a million billion" }
        var digits = String(clampedInt(v.rounded(), 0, Int.max))
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }
}
