import Glibc
import LayerLabCore
import LayerLabRaster

/// What `play` and `watch` share: the alternate screen in raw mode with SIGINT and SIGWINCH
/// trapped (and the terminal always put back), waiting for keys or signals, and a frame drawn
/// centred as a diff against the last one.
enum LiveScreen {
    /// Runs `body` in raw mode on the alternate screen with the cursor hidden; nil (nothing
    /// run) when `input` is not a terminal. Every way out restores the terminal; a fatal
    /// signal restores it from the handler (see `SignalTrap`).
    static func session<T>(input: Int32, output: Int32, _ body: (SignalTrap) -> T) -> T? {
        guard let mode = TerminalMode.current(input), isatty(output) == 1 else { return nil }
        let leave = Escape.endSynchronized + Escape.reset + Escape.showCursor + Escape.alternateScreenOff
        guard let trap = SignalTrap(signals: [SIGINT, SIGWINCH], terminal: mode, outputFD: output,
                                    restoreText: leave) else { return nil }
        mode.enterRaw()
        writeAll(output, Escape.alternateScreenOn + Escape.hideCursor + Escape.clearScreen)
        defer {
            writeAll(output, leave)
            mode.restore()
            trap.uninstall()
        }
        return body(trap)
    }

    /// What woke the loop.
    enum Input: Equatable {
        case keys([Key])
        /// SIGINT from outside the terminal (Ctrl-C in raw mode arrives as a key).
        case interrupted
        case resized
        /// The input was closed.
        case closed
    }

    /// Waits up to `milliseconds` for keys or trapped signals; empty on timeout.
    static func wait(_ input: Int32, _ trap: SignalTrap, milliseconds: Int32) -> [Input] {
        var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: trap.readFD, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 2, max(1, milliseconds)) > 0 else { return [] }
        var out: [Input] = []
        for s in trap.drain() {
            if s == SIGINT { out.append(.interrupted) }
            if s == SIGWINCH { out.append(.resized) }
        }
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = read(input, &buffer, buffer.count)
            if n == 0 { out.append(.closed) } else if n > 0 {
                // A terminal's late answer to the graphics queries is no key (see `LateReplies`).
                var bytes = LateReplies.filter(Array(buffer[0..<n]))
                if LateReplies.holding {
                    var p = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                    if poll(&p, 1, LateReplies.settle) == 0 { bytes += LateReplies.release() }
                }
                if !bytes.isEmpty { out.append(.keys(KeyDecoder.decode(bytes))) }
            }
        }
        return out
    }

    /// Appends to `out` the frame of `scene` in the top `rows` rows of a `window`, centred, as
    /// the cells that differ from `last` (all of them when nil), and returns the cells now on
    /// the screen. `asked` is a `size=`: the window still bounds it. `stream` keeps the frame
    /// before between calls (see `FrameStream`): a new one is made when the options change;
    /// set it to nil when the images change.
    static func frame(_ scene: Scene, window: TerminalSize, rows: Int, asked: (columns: Int, rows: Int)?,
                      mode: FrameMode, color: ColorMode, images: ImageStore, after last: CellGrid?,
                      stream: inout FrameStream?, into out: inout [UInt8]) -> CellGrid {
        let columns = min(window.columns, asked?.columns ?? window.columns)
        let options = FrameOptions(columns: columns, rows: min(rows, asked?.rows ?? rows), mode: mode, color: color)
        if stream?.options != options { stream = FrameStream(options: options, images: images) }
        let s = stream!
        if last == nil { s.invalidate() }
        let layout = FrameRenderer.layout(canvas: scene.canvasSize, options: options)
        let column = 1 + max(0, (window.columns - layout.columns) / 2)
        let row = 1 + max(0, (rows - layout.rows) / 2)
        s.write(scene, row: row, column: column, into: &out)
        return s.grid!
    }
}
