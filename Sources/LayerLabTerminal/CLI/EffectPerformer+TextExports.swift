import Foundation
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
        let data: Data
        var summary: String
        let kind: FileKind
        switch request.format {
        case .png, .gif:
            return nil
        case .swift:
            kind = .swift
            data = Data(SwiftExporter.source(for: request.document).utf8)
            summary = "Swift source, QuartzCore"
        case .lottie:
            let fps = request.fps ?? 60
            kind = .lottie
            let export = LottieExporter.export(request.document, fps: fps)
            for note in export.notes { io.err("layerlab: lottie: \(escapeForTerminal(note))") }
            data = export.data
            summary = "Lottie JSON at \(formatNumber(fps)) fps"
        case .cast:
            // NB: `size=` is read as COLSxROWS cells here: a cast is a terminal recording.
            let columns = request.size.map { clampedInt($0.width.rounded(), 0, 100_000) } ?? 80
            let rows = request.size.map { clampedInt($0.height.rounded(), 0, 100_000) } ?? 24
            guard (1...1000).contains(columns), (1...500).contains(rows) else {
                io.err("layerlab: a cast of \(columns)x\(rows) cells is out of range (1–1000 x 1–500)")
                return false
            }
            kind = .cast
            let options = CastOptions(columns: columns, rows: rows, mode: .blocks, color: .truecolor,
                                      fps: request.fps ?? 30, from: request.from ?? 0, to: request.to)
            data = CastExporter.cast(for: request.document, options: options, images: loadImages(request.document, io))
            summary = "asciinema cast, \(columns)x\(rows) cells at \(formatNumber(options.fps)) fps"
        }
        do {
            try writeExport(data, request, kind: kind)
        } catch {
            io.err("layerlab: cannot export \(escapeForTerminal(request.file)): \(escapeForTerminal(error.why))")
            return false
        }
        io.err("wrote \(escapeForTerminal(request.file)) (\(summary), \(data.count) bytes)")
        return true
    }
}
