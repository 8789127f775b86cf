#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import LayerLabCore
import LayerLabRaster
import LayerLabScript

/// `watch FILE`: replays a script whenever the file changes and keeps a live preview of it, so
/// the script can be edited in any editor beside the terminal.
///
/// The file's modification time, size and inode are polled four times a second (no inotify:
/// it works the same on every file system, and editors that save by renaming a new file over
/// the old one are seen too). Each change replays the whole file in a fresh session; a replay
/// that fails keeps the last good document on the screen with the error under it. The frame is
/// drawn like `play` draws it (diffed cells, synchronized output), either one frame at a fixed
/// time or the scene playing over and over. `q`, Esc or Ctrl-C leaves.
struct Watcher {
    let request: WatchRequest
    let environment: [String: String]
    var input: Int32 = STDIN_FILENO
    var output: Int32 = STDOUT_FILENO

    /// How often the file is looked at.
    static let pollInterval = 0.25
    /// Error lines shown under the frame, at most.
    static let errorRows = 4

    /// What identifies one version of the file.
    struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
        var inode: UInt
    }

    /// The file's stamp now, or nil when it cannot be read.
    static func stamp(_ path: String) -> Stamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Stamp(seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec), size: Int(st.st_size),
                     inode: UInt(st.st_ino))
    }

    /// Replays `file` in a fresh session: its document, or the error as plain text. Commands in
    /// it that draw, play or export are not performed.
    static func replay(_ file: String) -> Result<Document, WatchError> {
        var session = Session.forCommandLine(sourceName: file, announceNames: false)
        if let d = session.open(file).diagnostic { return .failure(WatchError(text: d.description)) }
        return .success(session.document)
    }

    struct WatchError: Error, Equatable { var text: String }

    /// Watches until `q`, Esc or Ctrl-C; returns the last document that replayed without an
    /// error (nil if none did), or nil at once when not at a terminal.
    func run() -> Document? {
        LiveScreen.session(input: input, output: output) { trap in loop(trap: trap) } ?? nil
    }

    private func loop(trap: SignalTrap) -> Document? {
        let clock = MonotonicClock()
        let choice = request.color ?? .auto
        let color = ColorMode.resolve(choice, environment: environment, isTerminal: true)
        let preferred = request.mode ?? FrameMode.preferred(environment: environment, color: color)
        let (frameMode, target, _) = PixelTarget.resolve(request.mode, fallback: preferred.cellMode,
                                                         environment: environment, input: input, output: output,
                                                         alreadyRaw: true)
        var pixels: PixelScreen?
        var size = TerminalSize.of(output) ?? TerminalSize.current(environment: environment)
        let folder = ShellCommand.directory(of: request.file)

        var good: Document?
        var evaluator: Evaluator?
        var images = ImageStore()
        var problem: String?
        var stamp: Stamp?
        var checked = -Double.infinity
        var replays = 0
        var loadedAt = ""
        var state = PlaybackState(from: 0, to: 0, loop: true, now: clock.now)
        var playing = request.play

        var last: CellGrid?
        var stream: FrameStream?
        var lastTime = -Double.infinity
        var lastStatus = ""
        var lastProblem: String?
        var needsClear = false

        while true {
            let now = clock.now
            // Look at the file: replay it when its stamp changed (or it came back).
            if now - checked >= Watcher.pollInterval {
                checked = now
                let current = Watcher.stamp(request.file)
                if current == nil {
                    problem = "\(escapeForTerminal(request.file)): cannot read it (waiting for it to appear)"
                    stamp = nil
                } else if current != stamp {
                    stamp = current
                    replays += 1
                    loadedAt = Watcher.clockTime()
                    switch Watcher.replay(request.file) {
                    case .success(let document):
                        good = document
                        let ev = Evaluator(document: document)
                        evaluator = ev
                        images = ImageLoader.images(for: document, relativeTo: folder).0
                        stream = nil
                        if let target {
                            pixels = PixelScreen(target: target, images: images)
                            let times = PixelShow.sampleTimes(EffectPerformer.frameTimes(from: 0, to: ev.sceneDuration, fps: 30))
                            pixels!.preparePalette((playing ? times : [request.time]).map { ev.drawnScene(at: $0) }, window: size,
                                                   rows: max(1, size.rows - 1), asked: request.size)
                        }
                        problem = nil
                        state = PlaybackState(from: 0, to: ev.sceneDuration, loop: true, now: now)
                        if !playing { state.togglePause(now: now) }
                        last = nil
                    case .failure(let e):
                        problem = e.text
                    }
                }
            }

            let t = playing ? state.time(at: now) : request.time
            let errorLines = Watcher.errorLines(problem, width: size.columns)
            if problem != lastProblem { last = nil; needsClear = true; lastProblem = problem }
            let frameRows = max(1, size.rows - 1 - errorLines.count)
            let status = Watcher.status(file: request.file, replays: replays, at: loadedAt, time: t, playing: playing,
                                        failed: problem != nil, hasGood: good != nil, width: size.columns)
            if t != lastTime || last == nil || status != lastStatus {
                var bytes = Array(Escape.beginSynchronized.utf8)
                if needsClear {
                    bytes += (pixels?.takeAway() ?? []) + (Escape.reset + Escape.clearScreen).utf8
                    needsClear = false
                }
                if let evaluator, pixels != nil, t != lastTime || last == nil {
                    pixels!.frame(evaluator.drawnScene(at: t), window: size, rows: frameRows, asked: request.size, into: &bytes)
                    last = CellGrid(columns: 0, rows: 0)
                } else if let evaluator, t != lastTime || last == nil {
                    last = LiveScreen.frame(evaluator.drawnScene(at: t), window: size, rows: frameRows, asked: request.size,
                                            mode: frameMode, color: color, images: images, after: last,
                                            stream: &stream, into: &bytes)
                }
                var text = ""
                for (i, line) in errorLines.enumerated() {
                    text += Escape.moveTo(row: frameRows + 1 + i, column: 1) + Escape.clearLine
                    text += color != .none ? "\u{1B}[31m" + line + Escape.reset : line
                }
                text += Escape.moveTo(row: size.rows, column: 1) + Escape.clearLine
                text += color != .none ? Escape.dim + status + Escape.reset : status
                text += Escape.endSynchronized
                bytes += text.utf8
                writeAll(output, bytes)
                lastTime = t
                lastStatus = status
            }

            // Sleep until the next frame (playing) or the next look at the file, a key or a signal.
            let untilCheck = checked + Watcher.pollInterval - clock.now
            let untilFrame = playing ? 1 / state.fps : Watcher.pollInterval
            let timeout = Int32(max(1, (min(untilCheck, untilFrame) * 1000).rounded(.up)))
            for event in LiveScreen.wait(input, trap, milliseconds: timeout) {
                switch event {
                case .interrupted, .closed: return good
                case .resized:
                    size = TerminalSize.of(output) ?? size
                    last = nil
                    needsClear = true
                case .keys(let keys):
                    for key in keys {
                        switch key {
                        case .character("q"), .character("Q"), .escape, .interrupt, .endOfInput: return good
                        case .character(" "), .character("p"):
                            playing.toggle()
                            state.togglePause(now: clock.now)
                        case .character("r"), .character("R"):
                            stamp = nil // replay now
                            checked = -Double.infinity
                        default: break
                        }
                    }
                }
            }
        }
    }

    /// The error under the frame: its first lines, cut to the width.
    static func errorLines(_ problem: String?, width: Int) -> [String] {
        guard let problem else { return [] }
        return problem.split(separator: "\n", omittingEmptySubsequences: false).prefix(errorRows).map {
            String($0.prefix(max(1, width)))
        }
    }

    /// `watching scene.lab · #3 12:04:05 · t=0.3s · space play  r replay  q leave`: the
    /// replay count and time show that a save was picked up.
    static func status(file: String, replays: Int, at: String, time: Double, playing: Bool, failed: Bool,
                       hasGood: Bool, width: Int) -> String {
        let name = escapeForTerminal(file.split(separator: "/").last.map(String.init) ?? file)
        var parts = ["watching \(name)"]
        if replays > 0 { parts.append("#\(replays) \(at)") }
        if failed { parts.append(hasGood ? "error, last good shown" : "error") }
        parts.append("t=\(formatNumber((time * 1000).rounded() / 1000))s")
        parts.append((playing ? "space stop" : "space play") + "  r replay  q leave")
        let line = parts.joined(separator: " · ")
        return line.count <= width ? line : String(line.prefix(max(0, width)))
    }

    /// The wall-clock time as HH:MM:SS, so a user sees that a save was picked up.
    static func clockTime() -> String {
        var now = time_t()
        time(&now)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
