#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabRaster
import LayerLabScript

extension EffectPerformer {
    /// Frames a second for `frames` and for `play` into a pipe, when not given.
    static let defaultFramesFPS = 10.0

    /// Performs `show`: one frame at the request's time, sized to fit the terminal (80x24
    /// when output is not one), in the mode and colours the terminal supports.
    /// - Parameter centred: in the middle of the terminal's width (after `play`, which draws there).
    func show(_ request: ShowRequest, _ io: StandardIO, centred: Bool = false) -> Bool {
        guard var options = frameOptions(size: request.size, mode: request.mode, color: request.color, io) else {
            return false
        }
        let images = loadImages(request.document, io)
        let (mode, target, note) = PixelTarget.resolve(request.mode, fallback: options.mode.cellMode,
                                                      environment: ProcessEnvironment.current())
        if let note { io.err("layerlab: \(note)") }
        options.mode = mode
        if let target {
            io.out(PixelShow.still(Evaluator(document: request.document).drawnScene(at: request.time), target: target,
                                   columns: options.columns, rows: options.rows, images: images,
                                   atTerminal: isatty(STDOUT_FILENO) == 1))
            return true
        }
        var frame = trimmedFrame(FrameRenderer.render(document: request.document, time: request.time,
                                                      options: options, images: images))
        if centred {
            let width = FrameRenderer.layout(canvas: request.document.canvas.size, options: options).columns
            let margin = String(repeating: " ", count: max(0, (TerminalSize.current(environment: ProcessEnvironment.current()).columns - width) / 2))
            frame = frame.split(separator: "\n", omittingEmptySubsequences: false).map { margin + $0 }.joined(separator: "\n")
        }
        io.out(frame)
        return true
    }

    /// Performs `frames`: the frames from `from` to `to` (the scene's end) at `fps`, one after
    /// another, each under a `# t=…` line, for pipes and files.
    func frames(_ request: FramesRequest, _ io: StandardIO) -> Bool {
        guard let options = frameOptions(size: request.size, mode: request.mode, color: request.color, io) else {
            return false
        }
        let evaluator = Evaluator(document: request.document)
        let to = request.to ?? evaluator.sceneDuration
        let fps = request.fps ?? Self.defaultFramesFPS
        guard Limits.framesPerSecond.contains(fps) else {
            io.err("layerlab: fps \(Limits.framesPerSecond.requirement), found \(formatFoundNumber(fps))")
            return false
        }
        let times = Self.frameTimes(from: request.from, to: to, fps: fps)
        guard times.count <= 100_000 else {
            io.err("layerlab: \(times.count) frames is too many; narrow from=/to= or lower fps=")
            return false
        }
        // A braille cell is 2x4 dots: the most pixels a cell can take.
        if let why = Limits.jobRefusal(frames: times.count, pixelsPerFrame: options.columns * options.rows * 8) {
            io.err("layerlab: \(why)")
            return false
        }
        let images = loadImages(request.document, io)
        if options.mode.isPixels {
            return framesAsImages(times, evaluator, options, images, io)
        }
        for t in times {
            io.out("# t=\(formatNumber(t))")
            let scene = evaluator.drawnScene(at: t)
            io.out(trimmedFrame(FrameRenderer.render(scene: scene, options: options, images: images)))
        }
        return true
    }

    /// Frame times from `from` to `to` inclusive at `fps`, computed from the index (no drift).
    static func frameTimes(from: Double, to: Double, fps: Double) -> [Double] {
        guard to >= from, (to - from) * fps < 1e7 else { return to >= from ? [] : [from] }
        let count = Int(((to - from) * fps + 1e-9).rounded(.down)) + 1
        return (0..<count).map { from + Double($0) / fps }
    }

    /// Terminal frame options from the request and the environment.
    func frameOptions(size: (columns: Int, rows: Int)?, mode: FrameMode?, color: ColorMode.Choice?,
                      _ io: StandardIO) -> FrameOptions? {
        let env = ProcessEnvironment.current()
        let isTTY = isatty(STDOUT_FILENO) == 1
        let colorMode = ColorMode.resolve(color ?? .auto, environment: env, isTerminal: isTTY)
        let frameMode = mode ?? (isTTY ? FrameMode.preferred(environment: env, color: colorMode) : .ascii)
        var columns = 80, rows = 24
        if let size {
            columns = size.columns; rows = size.rows
        } else if isTTY {
            let t = TerminalSize.current(environment: env)
            columns = t.columns; rows = max(4, t.rows - 2)
        }
        guard (1...2000).contains(columns), (1...1000).contains(rows) else {
            io.err("layerlab: a frame of \(columns)x\(rows) cells is out of range (1–2000 x 1–1000)")
            return nil
        }
        return FrameOptions(columns: columns, rows: rows, mode: frameMode, color: colorMode)
    }

    /// Loads the document's images from `baseDirectory`, reporting files that fail (the
    /// frame still draws, without them).
    func loadImages(_ document: Document, _ io: StandardIO) -> ImageStore {
        let (store, errors) = ImageLoader.images(for: document, relativeTo: baseDirectory)
        for (name, e) in errors.sorted(by: { $0.key < $1.key }) {
            io.err("layerlab: image '\(escapeForTerminal(name))' not shown: \(escapeForTerminal("\(e)"))")
        }
        return store
    }

    private func trimmedFrame(_ s: String) -> String {
        s.hasSuffix("\n") ? String(s.dropLast()) : s
    }
}
