#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabExport
import LayerLabRaster
import LayerLabScript

extension EffectPerformer {
    /// Performs `export lottie|swift|cast FILE`; nil for the other formats, so the export
    /// dispatcher can try these first: `if let handled = exportText(request, io) { return handled }`.
    ///
    /// The file is written atomically through `ProjectStore` (a temporary file in the same
    /// folder, flushed, renamed), so a failed export never leaves half a file.
    func exportText(_ request: ExportRequest, _ io: StandardIO) -> Bool? {
        var data = Data()
        /// Writes the file instead of `data`, streamed into the temporary file (casts).
        var stream: ((Int32) throws -> Void)? = nil
        var streamed = 0
        /// Ctrl-C while a streamed export runs.
        var stop: Interruption? = nil
        defer { stop?.end() }
        var summary: String
        var beside: [(path: String, data: Data)] = []
        var notes: [String] = []
        switch request.format {
        case .png, .gif, .sixel:
            return nil
        case .script:
            data = Data((request.script ?? "").utf8)
            summary = "LayerLab script"
        case .swift:
            let platform: SwiftOptions.Platform = request.platform == "macos" ? .macOS : .iOS
            let export = SwiftExporter.export(request.document, options: SwiftOptions(platform: platform, typeName: SwiftExporter.typeName(forFile: request.file)))
            notes = export.notes
            data = Data(export.source.utf8)
            summary = "Swift source, QuartzCore + \(platform == .macOS ? "AppKit" : "UIKit")"
        case .lottie:
            let fps = request.fps ?? request.format.defaultFPS ?? 60
            let options = LottieOptions(fps: fps, images: loadImages(request.document, io),
                                        assets: request.imageFolder.map { .files(folder: $0) } ?? .embedded,
                                        bake: request.bake, encodePNG: { try? PNGCodec.encode($0) })
            let export = LottieExporter.export(request.document, options: options)
            if let why = export.refusal {
                io.err("layerlab: nothing written: \(escapeForTerminal(why))")
                return false
            }
            notes = export.notes
            data = export.data
            beside = export.files
            summary = "Lottie JSON at \(formatNumber(fps)) fps"
                + (export.baked.isEmpty ? "" : ", baked " + export.baked.joined(separator: ", "))
                + (beside.isEmpty ? "" : ", \(beside.count) image\(beside.count == 1 ? "" : "s") in \(request.imageFolder ?? "")")
        case .cast:
            // NB: `size=` is read as COLSxROWS cells here: a cast is a terminal recording.
            let columns = request.size.map { clampedInt($0.width.rounded(), 0, 100_000) } ?? 80
            let rows = request.size.map { clampedInt($0.height.rounded(), 0, 100_000) } ?? 24
            guard (1...1000).contains(columns), (1...500).contains(rows) else {
                io.err("layerlab: a cast of \(columns)x\(rows) cells is out of range (1–1000 x 1–500)")
                return false
            }
            let options = CastOptions(columns: columns, rows: rows, mode: .blocks, color: .truecolor,
                                      fps: request.fps ?? request.format.defaultFPS ?? 30, from: request.from ?? 0, to: request.to)
            let planned = CastExporter.frames(for: request.document, options: options)
            if let why = planned.refusal {
                io.err("layerlab: \(escapeForTerminal(why))")
                return false
            }
            let castFrames = clampedInt(planned.count, 1, CastExporter.maxFrames)
            if let why = Limits.jobRefusal(frames: castFrames, pixelsPerFrame: columns * rows * 2) {
                io.err("layerlab: \(why)")
                return false
            }
            let images = loadImages(request.document, io)
            let interruption = Interruption()
            stop = interruption
            stream = { fd in
                try CastExporter.write(for: request.document, options: options, images: images,
                                       isCancelled: { interruption.requested }) { line in
                    var line = line
                    try line.withUTF8 { try ProjectStore.writeAll(fd, UnsafeRawBufferPointer($0)) }
                    streamed += line.utf8.count
                }
            }
            // The screen the header states, not the cells asked for (the frame keeps the
            // canvas's shape inside them).
            let screen = CastExporter.screenSize(for: request.document, options: options)
            summary = "asciinema cast, \(screen.columns)x\(screen.rows) cells at \(formatNumber(options.fps)) fps"
        }
        let format = request.format.rawValue
        for note in notes {
            io.err("layerlab: \(format): \(request.strict ? "refused: " : "")\(escapeForTerminal(note))")
        }
        if request.strict && !notes.isEmpty {
            io.err("layerlab: nothing written: --strict refuses an export that loses anything")
            return false
        }
        do {
            let folder = ShellCommand.directory(of: request.file)
            for file in beside {
                let path = folder + "/" + file.path
                try? FileManager.default.createDirectory(atPath: ShellCommand.directory(of: path), withIntermediateDirectories: true)
                try ProjectStore.save(file.data, to: path, kind: .png, force: request.replacing, durable: false)
            }
            if let stream {
                try Self.checkNotOwnSource(request)
                try ProjectStore.save(to: request.file, kind: request.format.fileKind, force: request.replacing,
                                      durable: request.format.isSource, contents: stream)
            } else {
                try writeExport(data, request, kind: request.format.fileKind)
            }
        } catch is CastExporter.Cancelled {
            return cancelled(request, io)
        } catch {
            let why = (error as? PersistenceError)?.why ?? "\(error)"
            io.err("layerlab: cannot export \(escapeForTerminal(request.file)): \(escapeForTerminal(why))")
            return false
        }
        io.err("wrote \(escapeForTerminal(request.file)) (\(summary), \(stream == nil ? data.count : streamed) bytes)")
        return true
    }
}
