import Glibc
import LayerLabRaster
import Synchronization

/// Asks the terminal which image protocols it speaks and how big its cells are, once a process.
///
/// The queries go out together, primary device attributes last: every terminal answers those,
/// and answers in order, so their reply ends the wait. A terminal that answers nothing costs
/// `silence` (80 ms); one that has begun to answer gets up to `patience` to finish. Replies are
/// read in raw mode with echo off and taken out of the input, so none reaches the screen or the
/// line editor; the terminal's settings are put back on every way out. Replies that come after
/// the wait ended are taken out of the input later (`LateReplies`).
package struct GraphicsProbe: Sendable {
    /// What the terminal can show and how.
    package struct Support: Equatable, Sendable {
        package var replies = GraphicsReplies()
        /// iTerm2 inline images: named by the environment (iTerm2, WezTerm) of a terminal that answered.
        package var iterm = false
        package var kitty: Bool { replies.kitty }
        package var sixel: Bool { replies.sixel }

        package init(replies: GraphicsReplies = GraphicsReplies(), iterm: Bool = false) {
            self.replies = replies; self.iterm = iterm
        }

        /// The best protocol: kitty (full colour, replaced in place), then iTerm2 (full colour),
        /// then sixel (a palette); nil when none.
        package var best: FrameMode? {
            if kitty { return .kitty }
            if iterm { return .iterm }
            if sixel { return .sixel }
            return nil
        }
    }

    /// The queries: kitty's (a 1x1 RGB image that is only checked, `a=q`), XTSMGRAPHICS for the
    /// colour registers and the largest sixel image, cell and text-area pixels, then DA1.
    package static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[?1;1;0S" + "\u{1B}[?2;1;0S"
        + "\u{1B}[16t" + "\u{1B}[14t" + "\u{1B}[c"

    package static let silence = 80
    package static let patience = 600

    /// Sends the queries on `output` and reads the replies from `input` (a terminal). Raw
    /// mode is entered here unless the caller already did (`alreadyRaw`).
    package static func ask(input: Int32, output: Int32, alreadyRaw: Bool = false,
                           silence: Int = GraphicsProbe.silence, patience: Int = GraphicsProbe.patience) -> GraphicsReplies {
        guard isatty(input) == 1, isatty(output) == 1 else { return GraphicsReplies() }
        let mode = alreadyRaw ? nil : TerminalMode.current(input)
        mode?.enterRaw()
        defer { mode?.restore() }
        writeAll(output, query)
        let clock = MonotonicClock()
        let start = clock.now
        var bytes: [UInt8] = []
        var replies = GraphicsReplies()
        while !replies.complete {
            let waited = Int((clock.now - start) * 1000)
            let limit = bytes.isEmpty ? silence : patience
            guard waited < limit else { break }
            var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, Int32(max(1, limit - waited)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, fds[0].revents & Int16(POLLIN) != 0 else {
                if ready > 0 { break } // hung up
                continue
            }
            var buffer = [UInt8](repeating: 0, count: 512)
            let got = read(input, &buffer, buffer.count)
            if got <= 0 { if got < 0 && errno == EINTR { continue }; break }
            bytes += buffer[0..<got]
            replies = GraphicsReplies.parse(bytes)
        }
        // What did not come in time may come later: keep it out of the input then.
        if !replies.complete { LateReplies.expect() }
        return replies
    }

    /// Inside tmux or GNU screen (`TMUX`, `STY`, or a `TERM` of theirs), whose panes do not pass
    /// images on unless configured to.
    package static func isMultiplexed(_ env: [String: String]) -> Bool {
        let term = env["TERM"] ?? ""
        return env["TMUX"] != nil || env["STY"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
    }

    /// Whether the environment names a terminal that may draw images, so the default mode is
    /// worth asking about at start (the answer decides, never the name). Plain `TERM=xterm…`
    /// says nothing; xterm itself sets `XTERM_VERSION`.
    package static func worthAsking(_ env: [String: String]) -> Bool {
        if env["LAYERLAB_PIXELS"] == "0" { return false }
        let term = (env["TERM"] ?? "").lowercased(), program = (env["TERM_PROGRAM"] ?? "").lowercased()
        let names = ["kitty", "ghostty", "wezterm", "foot", "mlterm", "contour", "konsole", "iterm"]
        if names.contains(where: { term.contains($0) || program.contains($0) }) { return true }
        return ["KITTY_WINDOW_ID", "WEZTERM_EXECUTABLE", "KONSOLE_VERSION", "XTERM_VERSION", "GHOSTTY_RESOURCES_DIR",
                "ITERM_SESSION_ID", "MLTERM", "VSCODE_INJECTION"].contains { env[$0] != nil }
            || program == "vscode" || env["LAYERLAB_PIXELS"] == "1"
    }

    /// iTerm2 inline images by name: iTerm2 and WezTerm take them.
    static func namesITerm(_ env: [String: String]) -> Bool {
        let program = env["TERM_PROGRAM"] ?? ""
        return program == "iTerm.app" || program == "WezTerm" || env["ITERM_SESSION_ID"] != nil
    }

    /// The answers of the terminal on standard input/output, asked the first time only;
    /// `silence` is how long a terminal may take to begin answering.
    package static func support(environment env: [String: String], input: Int32 = STDIN_FILENO,
                               output: Int32 = STDOUT_FILENO, alreadyRaw: Bool = false,
                               silence: Int = GraphicsProbe.silence) -> Support {
        cache.withLock { (cached: inout Support?) -> Support in
            if let cached { return cached }
            let replies = ask(input: input, output: output, alreadyRaw: alreadyRaw, silence: silence)
            let s = Support(replies: replies, iterm: replies.complete && namesITerm(env))
            cached = s
            return s
        }
    }

    /// Drops the cached answers (tests).
    static func forget() { cache.withLock { $0 = nil } }

    private static let cache = Mutex<Support?>(nil)
}
