#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabRaster

/// An asciinema v2 recording of the played frames, for asciinema's web player.
///
/// The first event clears the screen, hides the cursor and draws the whole first frame; each
/// later event holds only the cells that changed (LayerLab's playback diff), and the last one
/// shows the cursor again below the frame. There is no wall-clock timestamp, so the same
/// document and options always give the same bytes.
///
///     let data = CastExporter.cast(for: document, options: CastOptions(fps: 30))
///     // asciinema play scene.cast
package enum CastExporter {
    /// The recording as bytes: a JSON header line, then one `[time, "o", data]` line an event.
    /// `isCancelled` is asked before each frame; once it says yes the recording stops short
    /// (the caller throws it away).
    package static func cast(for document: Document, options: CastOptions = CastOptions(),
                            images: ImageStore = ImageStore(), isCancelled: () -> Bool = { false }) -> Data {
        Data(text(for: document, options: options, images: images, isCancelled: isCancelled).utf8)
    }

    /// The recording as text (see `cast(for:options:images:isCancelled:)`).
    package static func text(for document: Document, options: CastOptions = CastOptions(),
                            images: ImageStore = ImageStore(), isCancelled: () -> Bool = { false }) -> String {
        var out = ""
        // NB: the closure never throws; a cancelled recording just stops short.
        try? write(for: document, options: options, images: images, isCancelled: isCancelled) { out += $0 }
        return out
    }

    /// Thrown by `write` when `isCancelled` says so.
    package struct Cancelled: Error {}

    /// Thrown by `write` for a recording of more than `maxFrames` frames, with the estimate.
    package struct TooLong: Error, CustomStringConvertible {
        package let description: String
    }

    /// Frames in one recording at most: about two minutes of drawing (20 minutes at 30 fps).
    package static let maxFrames = 36_000

    /// The frames a recording of `document` with `options` has (as a Double: any range
    /// counts), and why it is refused when that is over `maxFrames`.
    package static func frames(for document: Document, options: CastOptions) -> (count: Double, refusal: String?) {
        let fps = options.fps.isFinite && options.fps > 0 ? min(options.fps, 240) : 30
        let from = options.from.isFinite ? max(0, options.from) : 0
        var to = options.to ?? Evaluator(document: document).sceneDuration
        if !to.isFinite || to < from { to = from }
        let count = ((to - from) * fps + 1e-9).rounded(.down) + 1
        guard count > Double(maxFrames) else { return (count, nil) }
        let shown = count < 1e15 ? formatNumber(count) : "over a million billion"
        return (count, "\(shown) frames (\(formatNumber(to - from)) s at \(formatNumber(fps)) fps) is over the limit of"
            + " \(maxFrames) frames for a cast; narrow from=/to= or lower fps=")
    }

    /// The recording streamed a line at a time to `emit` (header, then one event a frame that
    /// changed anything, then the closing event): each frame is drawn, diffed against the one
    /// before and dropped, so memory stays flat however long the recording. `isCancelled` is
    /// asked before each frame and stops with `Cancelled`; errors from `emit` are rethrown.
    /// The recording's screen as its header states it: the frame fitted into the asked cells
    /// (keeping the canvas's shape), and a row for the cursor below it.
    package static func screenSize(for document: Document, options: CastOptions) -> (columns: Int, rows: Int) {
        let frameOptions = FrameOptions(columns: max(1, options.columns), rows: max(1, options.rows),
                                        mode: options.mode, color: options.color)
        let layout = FrameRenderer.layout(canvas: document.canvas.size, options: frameOptions)
        return (layout.columns, layout.rows + 1)
    }

    package static func write(for document: Document, options: CastOptions = CastOptions(),
                             images: ImageStore = ImageStore(), isCancelled: () -> Bool = { false },
                             emit: (String) throws -> Void) throws {
        let evaluator = Evaluator(document: document)
        let fps = options.fps.isFinite && options.fps > 0 ? min(options.fps, 240) : 30
        let from = options.from.isFinite ? max(0, options.from) : 0
        var to = options.to ?? evaluator.sceneDuration
        if !to.isFinite || to < from { to = from }
        let frameOptions = FrameOptions(columns: max(1, options.columns), rows: max(1, options.rows),
                                        mode: options.mode, color: options.color)
        let layout = FrameRenderer.layout(canvas: document.canvas.size, options: frameOptions)
        // A huge range is refused before anything is written, never cut short.
        if let why = frames(for: document, options: options).refusal { throw TooLong(description: why) }
        let count = clampedInt(((to - from) * fps + 1e-9).rounded(.down), 0, maxFrames - 1) + 1

        try emit("{\"version\": 2, \"width\": \(layout.columns), \"height\": \(layout.rows + 1), \"timestamp\": 0, "
            + "\"duration\": \(formatNumber(Double(count - 1) / fps)), \"title\": \"LayerLab\", "
            + "\"env\": {\"TERM\": \"xterm-256color\", \"SHELL\": \"/bin/sh\"}}\n")
        // One stream: each frame redraws and re-encodes only what changed (the same bytes as
        // diffing whole grids).
        let stream = FrameStream(options: frameOptions, images: images)
        var bytes: [UInt8] = []
        for i in 0..<count {
            if isCancelled() { throw Cancelled() }
            let t = Double(i) / fps
            bytes.removeAll(keepingCapacity: true)
            if i == 0 { bytes.append(contentsOf: "\u{1B}[?25l\u{1B}[2J".utf8) }
            stream.write(evaluator.drawnScene(at: from + t), into: &bytes)
            if !bytes.isEmpty { try emit(event(t, String(decoding: bytes, as: UTF8.self))) }
        }
        try emit(event(Double(count - 1) / fps, "\u{1B}[\(layout.rows + 1);1H\u{1B}[?25h"))
    }

    static func event(_ t: Double, _ data: String) -> String {
        "[\(formatNumber(t)), \"o\", \(jsonString(data))]\n"
    }

    /// A JSON string literal, escaped as project files escape them.
    static func jsonString(_ s: String) -> String { JSONValue.quoted(s) }
}

/// What a cast records: the terminal it is drawn for and the frames.
package struct CastOptions: Hashable, Sendable {
    /// Cells available; the frame uses the largest part that keeps the canvas aspect.
    package var columns: Int
    package var rows: Int
    package var mode: FrameMode
    package var color: ColorMode
    package var fps: Double
    /// Scene time of the first frame.
    package var from: Double
    /// Scene time of the last frame; nil is the scene duration.
    package var to: Double?

    package init(columns: Int = 80, rows: Int = 24, mode: FrameMode = .blocks, color: ColorMode = .truecolor,
                fps: Double = 30, from: Double = 0, to: Double? = nil) {
        self.columns = columns; self.rows = rows; self.mode = mode; self.color = color
        self.fps = fps; self.from = from; self.to = to
    }
}
