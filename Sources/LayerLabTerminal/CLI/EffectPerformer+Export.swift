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
    /// The largest picture side an export draws (see `Limits.exportSide`).
    static var maxExportSide: Int { Limits.exportSide }

    /// Performs `export FORMAT FILE`: png (through libpng) and gif (LayerLab's own encoder) here; the text
    /// formats (lottie, swift, cast) in `EffectPerformer+TextExports.swift`.
    func export(_ request: ExportRequest, _ io: StandardIO) -> Bool {
        // Refused before any work is done (a long GIF need not be drawn to learn that).
        do {
            try Self.checkNotOwnSource(request)
            try ProjectStore.checkReplaceable(request.file, kind: request.format.fileKind, force: request.replacing)
        } catch {
            io.err("layerlab: cannot export \(escapeForTerminal(request.file)): \(escapeForTerminal(error.why))")
            return false
        }
        switch request.format {
        case .png: return exportPNG(request, io)
        case .sixel: return exportSixel(request, io)
        case .gif: return exportGIF(request, io)
        case .lottie, .swift, .cast, .script: return exportText(request, io) ?? false
        }
    }

    /// The picture size: the request's WxH (a zero side keeps the aspect), else the canvas.
    func pixelSize(_ request: ExportRequest, _ io: StandardIO) -> (Int, Int)? {
        let canvas = request.document.canvas.size
        func side(_ v: Double) -> Int { clampedInt(v.rounded(), 0, Int(1e9)) }
        var w = request.size.map { side($0.width) }
        var h = request.size.map { side($0.height) }
        if w == 0 { w = nil }
        if h == 0 { h = nil }
        if w == nil && h == nil { w = side(canvas.width); h = side(canvas.height) }
        let size = Rasterizer.fittedSize(canvas: canvas, width: w, height: h)
        guard size.width >= 1, size.height >= 1, size.width <= Self.maxExportSide, size.height <= Self.maxExportSide else {
            let asked = request.size == nil ? "the canvas is" : "the export size is"
            io.err("layerlab: \(asked) \(size.width)x\(size.height) pixels; an export is at most \(Self.maxExportSide) a side (give size=WxH)")
            return nil
        }
        return (size.width, size.height)
    }

    /// `export out.six`: one frame as sixel, 256 registers, dithered, at the canvas size or `size=`.
    private func exportSixel(_ request: ExportRequest, _ io: StandardIO) -> Bool {
        guard let (w, h) = pixelSize(request, io) else { return false }
        let images = loadImages(request.document, io)
        let scene = Evaluator(document: request.document).drawnScene(at: request.at)
        let bitmap = Rasterizer(images: images).render(scene, width: w, height: h)
        var encoder = PixelEncoder(mode: .sixel)
        var bytes: [UInt8] = []
        encoder.write(bitmap, layout: PixelLayout(columns: 1, rows: 1, width: w, height: h),
                      background: scene.background, into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        do {
            try writeExport(Data(bytes), request, kind: .sixel)
        } catch {
            io.err("layerlab: cannot export \(escapeForTerminal(request.file)): \(escapeForTerminal("\(error)"))")
            return false
        }
        io.err("wrote \(escapeForTerminal(request.file)) (\(w)x\(h) sixel, \(encoder.palette?.colors.count ?? 0) colours, t=\(formatNumber(request.at)))")
        return true
    }

    private func exportPNG(_ request: ExportRequest, _ io: StandardIO) -> Bool {
        guard let (w, h) = pixelSize(request, io) else { return false }
        let images = loadImages(request.document, io)
        let bitmap = FrameRenderer.bitmap(document: request.document, time: request.at, width: w, height: h,
                                          images: images)
        do {
            try writeExport(try PNGCodec.encode(bitmap), request, kind: .png)
        } catch {
            io.err("layerlab: cannot export \(escapeForTerminal(request.file)): \(escapeForTerminal("\(error)"))")
            return false
        }
        io.err("wrote \(escapeForTerminal(request.file)) (\(w)x\(h), t=\(formatNumber(request.at)))")
        return true
    }

    private func exportGIF(_ request: ExportRequest, _ io: StandardIO) -> Bool {
        guard let (w, h) = pixelSize(request, io) else { return false }
        let evaluator = Evaluator(document: request.document)
        let fps = request.fps ?? request.format.defaultFPS ?? 20
        guard fps > 0, fps <= 100, fps.isFinite else {
            io.err("layerlab: gif fps must be between 0 and 100, not \(formatNumber(fps))")
            return false
        }
        let from = request.from ?? 0
        let to = request.to ?? evaluator.sceneDuration
        // The end is exclusive for a looping GIF: its last frame would repeat the first.
        var times = Self.frameTimes(from: from, to: to, fps: fps)
        if times.count > 1, let last = times.last, abs(last - to) < 1e-9 { times.removeLast() }
        guard !times.isEmpty, times.count <= 10_000 else {
            io.err("layerlab: \(times.count) frames is out of range (1 to 10000); adjust from=/to=/fps=")
            return false
        }
        if let why = Limits.jobRefusal(frames: times.count, pixelsPerFrame: w * h) {
            io.err("layerlab: \(why)")
            return false
        }
        let images = loadImages(request.document, io)
        // Three buffers: one frame encoding, one waiting, one drawing (see GIFCodec.stream).
        let canvas = FrameCanvas(width: w, height: h, images: images, buffers: 3)
        let progress = ProgressBar(label: "export gif", total: times.count, enabled: isatty(STDERR_FILENO) == 1)
        let stop = Interruption()
        defer { stop.end() }
        do {
            // Streamed: a palette from about 32 frames spread over the export, then each frame
            // drawn, encoded into the temporary file and dropped.
            try Self.checkNotOwnSource(request)
            try ProjectStore.save(to: request.file, kind: .gif, force: request.replacing, durable: false) { fd in
                try GIFCodec.stream(count: times.count, fps: fps, width: w, height: h,
                                    sampleEvery: max(1, times.count / 32),
                                    reserveTransparent: request.document.canvas.background.a < 1, to: fd,
                                    render: { canvas.render(evaluator.drawnScene(at: times[$0])) },
                                    isCancelled: { stop.requested }, progress: { progress.update($0) })
            }
            progress.finish()
        } catch is GIFCodec.Cancelled {
            progress.finish()
            return cancelled(request, io)
        } catch {
            progress.finish()
            io.err("layerlab: cannot export \(escapeForTerminal(request.file)): \(escapeForTerminal("\(error)"))")
            return false
        }
        io.err("wrote \(escapeForTerminal(request.file)) (\(w)x\(h), \(times.count) frames at \(formatNumber(fps)) fps)")
        return true
    }

    /// Reports an export stopped by Ctrl-C; nothing was written (an old file stays whole).
    func cancelled(_ request: ExportRequest, _ io: StandardIO) -> Bool {
        io.err("layerlab: export of \(escapeForTerminal(request.file)) cancelled (Ctrl-C); nothing written")
        return false
    }

    /// Writes an export through the same atomic save as projects (a temporary file, renamed),
    /// so a failed export leaves any old file whole. An existing file of another kind needs
    /// `export!`; the document's own script or project is never replaced.
    func writeExport(_ data: Data, _ request: ExportRequest, kind: FileKind) throws(PersistenceError) {
        try Self.checkNotOwnSource(request)
        try ProjectStore.save(data, to: request.file, kind: kind, force: request.replacing,
                              durable: request.format.isSource)
    }

    /// Refuses an export onto the file the document came from (the same file, whatever the path).
    static func checkNotOwnSource(_ request: ExportRequest) throws(PersistenceError) {
        var target = stat()
        guard stat(request.file, &target) == 0 else { return }
        for own in request.protectedFiles {
            var st = stat()
            if stat(own, &st) == 0, st.st_dev == target.st_dev, st.st_ino == target.st_ino {
                throw PersistenceError(action: "export", path: request.file, reason: .ownSource)
            }
        }
    }
}

/// A one-line progress bar on standard error for exports that take more than a moment.
struct ProgressBar {
    let label: String
    let total: Int
    let enabled: Bool

    func update(_ done: Int) {
        guard enabled, total >= 10 else { return }
        let width = 30
        let filled = total > 0 ? done * width / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        writeAll(STDERR_FILENO, "\r\(label) \(bar) \(done)/\(total)")
    }

    func finish() {
        guard enabled, total >= 10 else { return }
        writeAll(STDERR_FILENO, "\r\u{1B}[2K")
    }
}

extension ExportRequest.Format {
    /// What the export writes, for the replace check.
    var fileKind: FileKind {
        switch self {
        case .png: return .png
        case .gif: return .gif
        case .lottie: return .lottie
        case .swift: return .swift
        case .cast: return .cast
        case .sixel: return .sixel
        case .script: return .project
        }
    }
}
