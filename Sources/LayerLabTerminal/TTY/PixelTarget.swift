#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import LayerLabCore
import LayerLabRaster

/// An image mode made concrete for one terminal: the protocol, the real size of a cell in
/// pixels, the terminal's limits, and whether images must pass through tmux.
struct PixelTarget: Sendable {
    /// `kitty`, `sixel` or `iterm`.
    var mode: FrameMode
    var cell: (width: Int, height: Int)
    var maxPixels: (width: Int, height: Int)?
    var sixelColors = 256
    /// Wrap each image in tmux's passthrough (`ESC P tmux; … ESC \`), for a mode asked for by
    /// name inside tmux (which passes it on when `allow-passthrough` is on).
    var tmux = false

    /// Cells are taken as 10x20 pixels where the terminal says nothing (a pipe, or a terminal
    /// that reports no pixel size): the common size of a monospace cell.
    static let assumedCell = (width: 10, height: 20)

    func layout(canvas: Size, columns: Int, rows: Int) -> PixelLayout {
        PixelLayout.fit(canvas: canvas, columns: columns, rows: rows, cell: cell, maxPixels: maxPixels,
                        rowMultiple: mode == .sixel ? 6 : 1)
    }

    /// The encoder for this target: PNG for iTerm2 images, zlib for kitty's compressed frames.
    func encoder(imageID: Int) -> PixelEncoder {
        var e = PixelEncoder(mode: mode, imageID: imageID, sixelColors: sixelColors, png: { b in
            (try? PNGCodec.encode(b)).map { [UInt8]($0) } ?? []
        })
        e.deflate = ZlibDeflate.compress
        return e
    }

    /// Sixel display mode off (DECSDM reset): the image is drawn at the cursor, not at the
    /// screen's top left (xterm's default without its `sixelScrolling` resource).
    static let sixelAtCursor = Array("\u{1B}[?80l".utf8)

    /// The image's bytes as the terminal must get them (wrapped for tmux: every ESC doubled).
    func wrap(_ bytes: [UInt8]) -> [UInt8] {
        let image = mode == .sixel ? PixelTarget.sixelAtCursor + bytes : bytes
        guard tmux else { return image }
        var out = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(image.count + image.count / 64 + 16)
        for b in image {
            if b == 0x1B { out.append(0x1B) }
            out.append(b)
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    /// The frame mode `asked` (nil: the default) made concrete for the terminal on `input` and
    /// `output`: a character mode (`pixels` nil), or an image mode with its target. `note` says
    /// why `pixels` fell back to characters.
    ///
    /// - a character mode is itself;
    /// - nil asks the terminal only when it is one, outside tmux/screen, whose environment names
    ///   a terminal that may draw images; the best protocol it answers for, else `fallback`;
    /// - `pixels` asks the terminal (not in a pipe, not inside tmux/screen) and takes the best;
    /// - `kitty`, `sixel`, `iterm` are taken as asked, even into a pipe (frames for a terminal
    ///   later) or through tmux; the terminal, when there is one, is asked for its cell size.
    static func resolve(_ asked: FrameMode?, fallback: FrameMode, environment env: [String: String],
                        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
                        alreadyRaw: Bool = false) -> (mode: FrameMode, pixels: PixelTarget?, note: String?) {
        if let asked, !asked.isPixels { return (asked, nil, nil) }
        let terminal = isatty(input) == 1 && isatty(output) == 1
        let multiplexed = GraphicsProbe.isMultiplexed(env)
        func probe(silence: Int = GraphicsProbe.silence) -> GraphicsProbe.Support {
            GraphicsProbe.support(environment: env, input: input, output: output, alreadyRaw: alreadyRaw, silence: silence)
        }
        switch asked {
        case nil:
            guard terminal, !multiplexed, GraphicsProbe.worthAsking(env) else { return (fallback, nil, nil) }
            let support = probe()
            guard let best = support.best else { return (fallback, nil, nil) }
            return (best, target(best, support, output: output, tmux: false), nil)
        case .pixels?:
            guard terminal else { return (fallback, nil, nil) }
            if multiplexed {
                return (fallback, nil, "inside tmux or screen images are off unless named: mode=kitty, sixel or iterm")
            }
            let support = probe()
            guard let best = support.best else {
                return (fallback, nil, "the terminal answered for no image protocol (kitty, sixel, iTerm2); drawing \(fallback.rawValue)")
            }
            return (best, target(best, support, output: output, tmux: false), nil)
        case let named?:
            // A terminal named for its images is expected to answer, so a busy one gets as long
            // to begin as to finish: an answer that came after a one-shot command (`show`)
            // ended would be echoed onto the screen under its picture.
            let support = terminal && !multiplexed ? probe(silence: GraphicsProbe.patience) : GraphicsProbe.Support()
            return (named, target(named, support, output: terminal ? output : -1,
                                  tmux: multiplexed && env["TMUX"] != nil), nil)
        }
    }

    /// The target for `mode` with what the terminal answered and the window's pixel size.
    static func target(_ mode: FrameMode, _ support: GraphicsProbe.Support, output: Int32, tmux: Bool) -> PixelTarget {
        let r = support.replies
        var cell = assumedCell
        if let (size, px) = windowPixels(output), px.width > 0, px.height > 0 {
            cell = (px.width / size.columns, px.height / size.rows)
        } else if let c = r.cellPixels {
            cell = c
        } else if let w = r.windowPixels, let size = TerminalSize.of(output) {
            cell = (w.width / size.columns, w.height / size.rows)
        }
        cell = (max(1, cell.width), max(1, cell.height))
        var t = PixelTarget(mode: mode, cell: cell, tmux: tmux)
        if mode == .sixel {
            t.maxPixels = r.sixelMaxSize
            if let n = r.sixelColors, n >= 2 { t.sixelColors = min(256, n) }
        }
        return t
    }

    /// The window's size in cells and in pixels (TIOCGWINSZ), when it reports pixels.
    static func windowPixels(_ fd: Int32) -> (TerminalSize, (width: Int, height: Int))? {
        guard fd >= 0 else { return nil }
        var w = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0, w.ws_xpixel > 0, w.ws_ypixel > 0 else {
            return nil
        }
        return (TerminalSize(columns: Int(w.ws_col), rows: Int(w.ws_row)), (Int(w.ws_xpixel), Int(w.ws_ypixel)))
    }

    /// A kitty image id for a still frame: from its pixels (FNV-1a), so the same frame gives
    /// the same bytes and frames shown one after another do not replace each other.
    static func stillImageID(_ bitmap: Bitmap) -> Int {
        var h: UInt32 = 2_166_136_261
        bitmap.pixels.withUnsafeBufferPointer { p in
            for b in p { h = (h ^ UInt32(b)) &* 16_777_619 }
        }
        return Int(h & 0x7FFF_FFFF) | 1 << 24
    }

    /// The kitty image id `play` and `watch` draw under: each frame replaces the last.
    static let liveImageID = 0x4C4C
}
