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
package struct Player {
    /// How playback ended.
    package enum Ending: Equatable, Sendable {
        /// It reached the end of the range.
        case finished
        /// `q`, Esc or Ctrl-C.
        case quit
        /// SIGINT from outside the terminal.
        case interrupted
        /// Standard input or output is not a terminal: nothing was played.
        case notATerminal
    }

    package var request: PlayRequest
    package var images: ImageStore
    package var environment: [String: String]
    package var input: Int32 = STDIN_FILENO
    package var output: Int32 = STDOUT_FILENO

    let evaluator: Evaluator
    /// The scene range played: `from` to `to`, or to the scene's duration.
    package let range: (from: Double, to: Double)

    package init(_ request: PlayRequest, images: ImageStore = ImageStore(), environment: [String: String]) {
        self.request = request; self.images = images; self.environment = environment
        evaluator = Evaluator(document: request.document)
        let end = request.to ?? evaluator.sceneDuration
        range = (request.from, max(request.from, end.isFinite ? end : request.from + 4))
    }

    /// Plays until the end, `q`, or an interrupt; returns how it ended. A range of zero length
    /// (a still scene) is `.finished` at once.
    package func run() -> Ending { play().ending }

    /// Plays as `run` does; also returns the scene time of the last frame shown, so the caller
    /// can leave that frame on the normal screen.
    package func play() -> (ending: Ending, lastTime: Double) {
        guard isatty(input) == 1, isatty(output) == 1 else { return (.notATerminal, range.from) }
        guard range.to > range.from else { return (.finished, range.from) }
        var lastTime = range.from
        let ending = LiveScreen.session(input: input, output: output) { trap in loop(trap: trap, lastTime: &lastTime) }
        return (ending ?? .notATerminal, lastTime)
    }

    /// The colours and cell mode asked for (`color=`, `mode=`), else the terminal's best.
    var look: (color: ColorMode, mode: FrameMode) {
        let choice = request.color ?? .auto
        let color = ColorMode.resolve(choice, environment: environment, isTerminal: true)
        let mode = request.mode ?? FrameMode.preferred(environment: environment, color: color)
        return (color, mode)
    }

    private func loop(trap: SignalTrap, lastTime shown: inout Double) -> Ending {
        let (from, to) = range
        let (color, asked) = look
        // An image mode is made concrete here, in raw mode: the terminal's answers are read
        // before any key is.
        let (frameMode, target, _) = PixelTarget.resolve(request.mode, fallback: asked.cellMode,
                                                         environment: environment, input: input, output: output,
                                                         alreadyRaw: true)
        var pixels = target.map { PixelScreen(target: $0, images: images) }
        var status = StatusLine(unicode: frameMode != .ascii, color: color != .none)
        var size = TerminalSize.of(output) ?? TerminalSize.current(environment: environment)
        var last: CellGrid?
        var stream: FrameStream?
        var lastTime = -Double.infinity
        var lastStatus = ""
        var needsClear = false
        var showingKeys = false
        if pixels != nil {
            let times = PixelShow.sampleTimes(EffectPerformer.frameTimes(from: from, to: to, fps: 30))
            pixels!.preparePalette(times.map { evaluator.drawnScene(at: $0) }, window: size, rows: max(1, size.rows - 1),
                                   asked: request.size)
        }
        // The clock starts once the terminal has answered and the palette is made.
        let clock = MonotonicClock()
        var state = PlaybackState(from: from, to: to, fps: request.fps ?? 30, speed: request.speed,
                                  loop: request.loop, now: clock.now)
        var stats = PlayStats(path: environment["LAYERLAB_PLAY_STATS"], mode: frameMode, start: clock.now)
        defer { stats.finish(at: clock.now, imagesSent: pixels?.imagesSent, scale: pixels?.scale, size: pixels?.fullSize) }

        while true {
            let now = clock.now
            if state.isFinished(at: now) { shown = state.to; return .finished }
            let t = state.time(at: now)

            // Draw: only when the time, the status or the size changed.
            let frameRows = max(1, size.rows - 1)
            let statusText = status.text(state, now: now, width: size.columns)
            if t != lastTime || last == nil || statusText != lastStatus {
                // NB: the frame goes out as the bytes the stream writes (no text in between).
                let began = clock.now
                var bytes = Array(Escape.beginSynchronized.utf8)
                if needsClear {
                    bytes += (pixels?.takeAway() ?? []) + (Escape.reset + Escape.clearScreen).utf8
                    needsClear = false
                }
                let redraw = t != lastTime || last == nil
                var frame: [UInt8] = []
                let grid: CellGrid
                if pixels != nil {
                    // NB: an image is encoded only when the frame changed (the status alone is text).
                    if redraw && !showingKeys {
                        pixels!.frame(evaluator.drawnScene(at: t), window: size, rows: frameRows, asked: request.size, into: &frame)
                    }
                    if showingKeys { frame = pixels!.takeAway() }
                    grid = CellGrid(columns: 0, rows: 0)
                } else {
                    grid = LiveScreen.frame(evaluator.drawnScene(at: t), window: size, rows: frameRows, asked: request.size,
                                            mode: frameMode, color: color, images: images, after: last,
                                            stream: &stream, into: &frame)
                }
                if redraw || showingKeys { bytes += frame }
                if statusText != lastStatus || last == nil {
                    bytes += status.draw(state, now: now, row: size.rows, width: size.columns).utf8
                }
                if showingKeys {
                    bytes += PlayKeys.overlay(columns: size.columns, rows: frameRows, unicode: frameMode != .ascii).utf8
                }
                bytes += Escape.endSynchronized.utf8
                writeAll(output, bytes)
                if redraw && !showingKeys {
                    stats.frames += 1
                    // A pixel frame that cannot keep the pace is drawn smaller next time.
                    if pixels != nil, !state.paused, pixels!.adapt(cost: clock.now - began, period: 1 / state.fps) {
                        status.note = pixels!.resolutionNote
                    }
                }
                last = grid
                lastTime = t
                shown = t
                lastStatus = statusText
            }

            // Wait for the next frame's instant (frames land on a 1/fps grid of the clock, so
            // drawing time does not add up), a key or a signal.
            let period = 1 / state.fps
            let next = ((now / period).rounded(.down) + 1) * period
            let timeout: Int32 = state.paused ? 500 : Int32(clampedInt(((next - clock.now) * 1000).rounded(.up), 1, 500))
            for event in LiveScreen.wait(input, trap, milliseconds: timeout) {
                switch event {
                case .interrupted: return .interrupted
                case .closed: return .quit
                case .resized:
                    size = TerminalSize.of(output) ?? size
                    last = nil
                    needsClear = true
                case .keys(let keys):
                    let when = clock.now
                    for key in keys {
                        if showingKeys {
                            // Any key closes the key list (q and Ctrl-C still leave).
                            showingKeys = false
                            last = nil
                            needsClear = true
                            if ![.character("q"), .character("Q"), .interrupt, .endOfInput].contains(key) { continue }
                        }
                        switch key {
                        case .character("q"), .character("Q"), .escape, .interrupt, .endOfInput: return .quit
                        case .character(" "), .character("p"), .character("k"): state.togglePause(now: when)
                        case .right, .character("."): state.step(1, now: when)
                        case .left, .character(","): state.step(-1, now: when)
                        case .character("+"), .character("="), .up: state.changeSpeed(faster: true, now: when)
                        case .character("-"), .character("_"), .down: state.changeSpeed(faster: false, now: when)
                        case .character("r"), .character("R"): state.restart(now: when)
                        case .character("l"), .character("L"): state.toggleLoop(now: when)
                        case .home: state.jumpToStart(now: when)
                        case .end: state.jumpToEnd(now: when)
                        case .character("?"), .character("h"):
                            showingKeys = true
                            if !state.paused { state.togglePause(now: when) }
                            last = nil
                        default: break
                        }
                    }
                }
            }
        }
    }
}
