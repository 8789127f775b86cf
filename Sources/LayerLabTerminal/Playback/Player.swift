import Glibc
import LayerLabCore
import LayerLabRaster
import LayerLabScript

/// Real-time playback in the terminal: the loop behind `play` and `layerlab play FILE`.
///
/// Each frame follows the render loop of STYLE.md: the scene at the clock's time (Core), the
/// cell grid (Raster), the diff against the last grid (only changed cells), one write wrapped
/// in synchronized-output markers. Between frames the loop sleeps in `poll` on the keyboard and
/// the signal pipe, so keys and resizes are handled at once.
///
/// The terminal always comes back as it was: raw mode and the alternate screen are undone by
/// `defer` on every way out of `run`, Ctrl-C arrives as a key (raw mode) and quits, SIGINT from
/// elsewhere quits too, and SIGTERM/SIGHUP restore the terminal from the signal handler before
/// the process dies (see `SignalTrap`).
public struct Player {
    /// How playback ended.
    public enum Ending: Equatable, Sendable {
        /// It reached the end of the range.
        case finished
        /// `q`, Esc or Ctrl-C.
        case quit
        /// SIGINT from outside the terminal.
        case interrupted
        /// Standard input or output is not a terminal: nothing was played.
        case notATerminal
    }

    public var request: PlayRequest
    public var images: ImageStore
    public var environment: [String: String]
    public var input: Int32 = STDIN_FILENO
    public var output: Int32 = STDOUT_FILENO

    let evaluator: Evaluator
    /// The scene range played: `from` to `to`, or to the scene's duration.
    public let range: (from: Double, to: Double)

    public init(_ request: PlayRequest, images: ImageStore = ImageStore(), environment: [String: String]) {
        self.request = request; self.images = images; self.environment = environment
        evaluator = Evaluator(document: request.document)
        let end = request.to ?? evaluator.sceneDuration
        range = (request.from, max(request.from, end.isFinite ? end : request.from + 4))
    }

    /// Plays until the end, `q`, or an interrupt; returns how it ended. A range of zero length
    /// (a still scene) is `.finished` at once.
    public func run() -> Ending {
        guard let mode = TerminalMode.current(input), isatty(output) == 1 else { return .notATerminal }
        guard range.to > range.from else { return .finished }
        let leave = Escape.endSynchronized + Escape.reset + Escape.showCursor + Escape.alternateScreenOff
        guard let trap = SignalTrap(signals: [SIGINT, SIGWINCH], terminal: mode, outputFD: output,
                                    restoreText: leave) else { return .notATerminal }
        mode.enterRaw()
        writeAll(output, Escape.alternateScreenOn + Escape.hideCursor + Escape.clearScreen)
        defer {
            writeAll(output, leave)
            mode.restore()
            trap.uninstall()
        }
        return loop(trap: trap)
    }

    private func loop(trap: SignalTrap) -> Ending {
        let (from, to) = range
        let clock = MonotonicClock()
        var state = PlaybackState(from: from, to: to, fps: request.fps ?? 30, speed: request.speed,
                                  loop: request.loop, now: clock.now)
        let color = ColorMode.resolve(.auto, environment: environment, isTerminal: true)
        let frameMode = FrameMode.preferred(environment: environment, color: color)
        let status = StatusLine(unicode: frameMode != .ascii, color: color != .none)
        var size = TerminalSize.of(output) ?? TerminalSize.current(environment: environment)
        var last: CellGrid?
        var lastTime = -Double.infinity
        var lastStatus = ""
        var needsClear = false

        while true {
            let now = clock.now
            if state.isFinished(at: now) { return .finished }
            let t = state.time(at: now)

            // Draw: only when the time, the status or the size changed.
            let frameRows = max(1, size.rows - 1)
            let statusText = status.text(state, now: now, width: size.columns)
            if t != lastTime || last == nil || statusText != lastStatus {
                let options = FrameOptions(columns: size.columns, rows: frameRows, mode: frameMode, color: color)
                let grid = FrameRenderer.grid(scene: evaluator.scene(at: t), options: options, images: images)
                let column = 1 + max(0, (size.columns - grid.columns) / 2)
                let row = 1 + max(0, (frameRows - grid.rows) / 2)
                var bytes = Escape.beginSynchronized
                if needsClear { bytes += Escape.reset + Escape.clearScreen; needsClear = false }
                if t != lastTime || last == nil { bytes += ANSIEncoder.diff(from: last, to: grid, row: row, column: column) }
                if statusText != lastStatus || last == nil {
                    bytes += status.draw(state, now: now, row: size.rows, width: size.columns)
                }
                bytes += Escape.endSynchronized
                writeAll(output, bytes)
                last = grid
                lastTime = t
                lastStatus = statusText
            }

            // Wait for the next frame's instant (frames land on a 1/fps grid of the clock, so
            // drawing time does not add up), a key or a signal.
            let period = 1 / state.fps
            let next = ((now / period).rounded(.down) + 1) * period
            let timeout: Int32 = state.paused ? 500 : Int32(clampedInt(((next - clock.now) * 1000).rounded(.up), 1, 500))
            var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: trap.readFD, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeout)
            guard ready > 0 else { continue }

            for s in trap.drain() {
                if s == SIGINT { return .interrupted }
                if s == SIGWINCH {
                    size = TerminalSize.of(output) ?? size
                    last = nil
                    needsClear = true
                }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                var buffer = [UInt8](repeating: 0, count: 64)
                let n = read(input, &buffer, buffer.count)
                if n == 0 { return .quit }
                guard n > 0 else { continue }
                let when = clock.now
                for key in KeyDecoder.decode(Array(buffer[0..<n])) {
                    switch key {
                    case .character("q"), .character("Q"), .escape, .interrupt, .endOfInput: return .quit
                    case .character(" "), .character("p"), .character("k"): state.togglePause(now: when)
                    case .right, .character("."): state.step(1, now: when)
                    case .left, .character(","): state.step(-1, now: when)
                    case .character("+"), .character("="), .up: state.changeSpeed(faster: true, now: when)
                    case .character("-"), .character("_"), .down: state.changeSpeed(faster: false, now: when)
                    case .character("r"), .character("R"): state.restart(now: when)
                    case .character("l"), .character("L"): state.toggleLoop(now: when)
                    default: break
                    }
                }
            }
        }
    }
}
