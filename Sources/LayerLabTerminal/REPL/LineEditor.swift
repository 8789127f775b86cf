import CEditLine
import Glibc

/// A line editor on libedit: Emacs bindings, history with Ctrl-R search, Tab completion and a
/// dim argument hint in the right prompt.
///
/// The REPL supplies the logic as closures (`complete`, `hint`); this type only talks to
/// libedit. Ctrl-C is read as a key (the edit mode clears `isig`) and ends the line with
/// `.interrupted`, so it never kills the process; Ctrl-D on an empty line is `.endOfInput`.
package final class LineEditor {
    /// What `readLine` got.
    package enum Input: Equatable, Sendable {
        case line(String)
        /// Ctrl-C: the line typed so far is dropped.
        case interrupted
        /// Ctrl-D on an empty line, or the input closed.
        case endOfInput
    }

    /// Candidates for the word before the cursor (line, cursor in characters).
    package var complete: ((String, Int) -> Completion)?
    /// The text shown at the right while typing (the argument hint); nil shows nothing.
    package var hint: ((String) -> String?)?
    /// Shows the hint dim on the row below the input (terminals with colour) instead of plain
    /// in the right prompt.
    ///
    /// NB: libedit repaints its right prompt cell by cell and cannot keep an escape sequence
    /// around the cells it changes, so a dim hint there leaks into the typed text. Below the
    /// input the hint is drawn by LayerLab itself, between keys, when libedit has finished
    /// drawing: a key reader (`EL_GETCFN`) draws it before it waits for each key, and clears it
    /// before any key that may move, replace or end the line.
    package var hintsBelow = false {
        didSet {
            guard hintsBelow != oldValue else { return }
            if !hintsBelow { clearHintBelow(); rowBelowIsFree = false }
        }
    }
    /// Whether the row below the input is free for the hint (kept free when the prompt is drawn).
    private var rowBelowIsFree = false
    /// Whether that row shows a hint now.
    private var hintRowShown = false

    private let el: OpaquePointer
    private let hist: OpaquePointer
    private var promptText: UnsafeMutablePointer<CChar>
    private var hintText: UnsafeMutablePointer<CChar>
    private var interrupted = false
    /// Enter was pressed: the hint is cleared before the line is accepted.
    private var accepting = false

    /// The escape that brackets invisible prompt text (colour codes), as `EL_PROMPT_ESC` wants.
    static let invisible: Character = "\u{1}"
    /// Pushed back to accept the line with libedit's `ed-newline` after a final redraw.
    static let acceptKey = "\u{1B}[9999~"

    /// - Parameters:
    ///   - entries: history to start with, oldest first.
    ///   - historySize: the most entries kept in memory.
    package init?(program: String = "layerlab", entries: [String] = [], historySize: Int = 1000) {
        guard let el = el_init(program, fdopen(STDIN_FILENO, "r"), fdopen(STDOUT_FILENO, "w"),
                                                                   fdopen(STDERR_FILENO, "w")), let hist = history_init() else {
            return nil
        }
        self.el = el
        self.hist = hist
        promptText = strdup("")
        hintText = strdup("")

        EditLineCalls.history(hist, H_SETSIZE, int: Int32(historySize))
        EditLineCalls.history(hist, H_SETUNIQUE, int: 1)
        for e in entries { EditLineCalls.history(hist, H_ENTER, string: e) }

        EditLineCalls.set(el, EL_CLIENTDATA, Unmanaged.passUnretained(self).toOpaque())
        // LayerLab reads the keys itself: late terminal replies are taken out, and the hint below
        // is drawn between keys.
        EditLineCalls.set(el, EL_GETCFN, unsafeBitCast(LineEditor.keyReader, to: UnsafeRawPointer.self))
        EditLineCalls.set(el, EL_HIST, layerlab_history_function(), UnsafeRawPointer(hist))
        EditLineCalls.set(el, EL_SIGNAL, int: 1)
        EditLineCalls.parse(el, ["bind", "-e"])
        let prompt: EditLineCalls.PromptFunction = { e in
            LineEditor.instance(e)?.promptText
        }
        let rprompt: EditLineCalls.PromptFunction = { e in
            LineEditor.instance(e)?.currentHint()
        }
        EditLineCalls.set(el, EL_PROMPT_ESC, unsafeBitCast(prompt, to: UnsafeRawPointer.self), char: 1)
        EditLineCalls.set(el, EL_RPROMPT_ESC, unsafeBitCast(rprompt, to: UnsafeRawPointer.self), char: 1)

        EditLineCalls.addFunction(el, "ll-complete", "LayerLab completion", { e, _ in
            LineEditor.instance(e)?.completeAtCursor() ?? UInt8(CC_ERROR)
        })
        EditLineCalls.addFunction(el, "ll-interrupt", "Cancel the line", { e, _ in
            guard let editor = LineEditor.instance(e), let e else { return UInt8(CC_ERROR) }
            editor.interrupted = true
            editor.accepting = true
            // Show `^C` at the end of the dropped line (the line is discarded anyway).
            _ = el_cursor(e, Int32.max / 2)
            _ = el_insertstr(e, "^C")
            el_push(e, LineEditor.acceptKey)
            return UInt8(CC_REFRESH)
        })
        EditLineCalls.addFunction(el, "ll-accept", "Clear the hint, then accept the line", { e, _ in
            guard let editor = LineEditor.instance(e), let e else { return UInt8(CC_ERROR) }
            // Redraw once without the hint (so it does not stay on screen), then accept through
            // libedit's own ed-newline, bound to a key sequence no terminal sends.
            editor.accepting = true
            el_push(e, LineEditor.acceptKey)
            return UInt8(CC_REFRESH)
        })
        EditLineCalls.addFunction(el, "ll-suspend", "Suspend (job control)", { _, _ in
            // The edit mode clears isig, so Ctrl-Z is a key: raise SIGTSTP by hand. libedit's
            // handler (EL_SIGNAL) puts the terminal back before the stop and redraws on SIGCONT.
            kill(getpid(), SIGTSTP)
            return UInt8(CC_REDISPLAY)
        })
        EditLineCalls.addFunction(el, "ll-self-insert-refresh", "Insert and redraw the hint", { e, ch in
            guard let e else { return UInt8(CC_ERROR) }
            var c: [CChar] = [CChar(truncatingIfNeeded: ch), 0]
            _ = el_insertstr(e, &c)
            return UInt8(CC_REFRESH)
        })
        for binding in [
            ["bind", "^I", "ll-complete"],
            ["bind", "^C", "ll-interrupt"],
            ["bind", "^M", "ll-accept"], ["bind", "^J", "ll-accept"],
            ["bind", "\\e[9999~", "ed-newline"],
            ["bind", "^Z", "ll-suspend"],
            ["bind", "^R", "em-inc-search-prev"],
            ["bind", "^S", "em-inc-search-next"],
            ["bind", "^W", "ed-delete-prev-word"],
            ["bind", " ", "ll-self-insert-refresh"],
            ["bind", "=", "ll-self-insert-refresh"],
            ["bind", "\\e[1;5C", "em-next-word"], ["bind", "\\e[1;5D", "ed-prev-word"],
            ["bind", "\\e[3~", "ed-delete-next-char"],
            ["bind", "\\e[H", "ed-move-to-beg"], ["bind", "\\e[F", "ed-move-to-end"],
            ["bind", "\\e[1~", "ed-move-to-beg"], ["bind", "\\e[4~", "ed-move-to-end"],
            ["bind", "\\eOH", "ed-move-to-beg"], ["bind", "\\eOF", "ed-move-to-end"],
            // Ctrl-C reaches the editor as a key, not as SIGINT.
            ["setty", "-d", "-isig"],
        ] {
            EditLineCalls.parse(el, binding)
        }
    }

    deinit {
        el_end(el)
        history_end(hist)
        free(promptText)
        free(hintText)
    }

    private static func instance(_ e: OpaquePointer?) -> LineEditor? {
        guard let p = EditLineCalls.clientData(e) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(p).takeUnretainedValue()
    }

    /// Reads one line after showing `prompt` (which may hold colour escapes).
    package func readLine(prompt: String) -> Input {
        setPrompt(prompt)
        interrupted = false
        accepting = false
        defer { accepting = false }
        var count: Int32 = 0
        // NB: the accept key pushed by ll-accept leaves libedit's macro level set, which makes
        // the next el_gets skip switching to raw mode before drawing the prompt (keys typed
        // right after the prompt would meet the cooked tty). el_reset clears it.
        defer { el_reset(el) }
        if hintsBelow {
            // Keep the row below the prompt free: down a line (scrolling if needed), then back.
            writeAll(STDOUT_FILENO, "\n\u{1B}[A")
            rowBelowIsFree = true
            hintRowShown = false
        }
        let got = el_gets(el, &count)
        rowBelowIsFree = false
        guard let raw = got, count > 0 else {
            if interrupted { return .interrupted }
            return .endOfInput
        }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        if interrupted {
            interrupted = false
            return .interrupted
        }
        return .line(line)
    }

    /// Adds an entry to the in-memory history (consecutive duplicates are dropped).
    package func remember(_ entry: String) {
        guard !entry.isEmpty else { return }
        EditLineCalls.history(hist, H_ENTER, string: entry)
    }

    // MARK: - Prompt and hint

    private func setPrompt(_ text: String) {
        free(promptText)
        promptText = strdup(LineEditor.markInvisible(text))
    }

    /// Brackets every escape sequence with the invisible marker so libedit does not count it.
    static func markInvisible(_ text: String) -> String {
        var out = ""
        var inEscape = false
        for c in text {
            if c == "\u{1B}" {
                // Adjacent escapes share one invisible run: libedit reads an empty run oddly.
                if out.last == invisible { out.removeLast() } else { out.append(invisible) }
                inEscape = true
            }
            out.append(c)
            if inEscape, let a = c.asciiValue, (0x40...0x7E).contains(a), c != "[" {
                out.append(invisible); inEscape = false
            }
        }
        return out
    }

    private func currentLine() -> (text: String, cursor: Int) {
        guard let info = el_line(el)?.pointee, let start = info.buffer else { return ("", 0) }
        let length = info.lastchar - start
        let cursorBytes = info.cursor - start
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self), count: max(0, length))
        let text = String(decoding: bytes, as: UTF8.self)
        let before = String(decoding: bytes.prefix(max(0, cursorBytes)), as: UTF8.self)
        return (text, before.count)
    }

    private func currentHint() -> UnsafeMutablePointer<CChar> {
        free(hintText)
        var text = ""
        let (line, cursor) = currentLine()
        if !hintsBelow, !accepting, cursor == line.count, let h = hint?(line)?.trimmingLeadingSpaces, !h.isEmpty {
            // Fit what the line leaves free; libedit drops a right prompt that does not fit.
            let width = TerminalSize.of(STDOUT_FILENO)?.columns ?? 80
            let room = width - promptWidth - line.count - 3
            if room >= 6 {
                let shown = h.count <= room ? h : String(h.prefix(room - 1)) + "…"
                // NB: plain text: libedit redraws only the cells that changed, so a colour code
                // inside the right prompt can be written without its reset and leak into the
                // line being typed.
                text = shown
            }
        }
        hintText = strdup(text)
        return hintText
    }

    /// The prompt's width in cells: its text without the escape runs bracketed as invisible.
    private var promptWidth: Int {
        var width = 0, hidden = false
        for c in String(cString: promptText) {
            if c == LineEditor.invisible { hidden.toggle() } else if !hidden { width += 1 }
        }
        return width
    }

    // MARK: - Hint below the input

    /// Reads one key for libedit (as its own reader does: a character, multibyte through
    /// `mbrtowc`), drawing the hint below the input first (`hintsBelow`). A terminal's late
    /// answers to the graphics queries never reach libedit (`LateReplies`).
    private static let keyReader: EditLineCalls.GetCharFunction = { e, wc in
        guard let wc else { return -1 }
        let editor = LineEditor.instance(e)
        editor?.showHintBelow()
        var bytes: [CChar] = []
        var one: [UInt8] = [0]
        while true {
            let n = LateReplies.read(STDIN_FILENO, into: &one)
            let byte = one[0]
            if n < 0 {
                guard errno == EINTR else { wc.pointee = 0; return -1 }
                // A resize or a resumed job: the screen may have reflowed or scrolled, so no row
                // below is known to be free any more. Clear the hint where it still is (a line
                // that now fills its row has reflowed onto that row: leave it), then stop
                // hinting until the next prompt.
                if let editor {
                    if !editor.lineFillsRow() { editor.clearHintBelow() }
                    editor.rowBelowIsFree = false
                    editor.hintRowShown = false
                }
                continue
            }
            if n == 0 { wc.pointee = 0; return 0 }
            bytes.append(CChar(bitPattern: byte))
            var state = mbstate_t()
            var w: wchar_t = 0
            let k = bytes.withUnsafeBufferPointer { mbrtowc(&w, $0.baseAddress, $0.count, &state) }
            if k == -2 && bytes.count < 8 { continue }
            if k < 0 { w = wchar_t(UInt8(bitPattern: bytes[0])) }
            wc.pointee = w
            // Keys other than a character typed (Enter, Tab, arrows, Ctrl-…) may move, replace
            // or end the line, and a character may wrap it onto the hint's row: clear it first.
            if let editor, editor.hintsBelow, w < 32 || w == 127 || editor.lineFillsRow() { editor.clearHintBelow() }
            return 1
        }
    }

    /// Draws the hint dim on the row below, when the cursor ends a line that fits on its row.
    private func showHintBelow() {
        guard rowBelowIsFree else { return }
        let (line, cursor) = currentLine()
        var text = ""
        if !accepting, cursor == line.count, !lineFillsRow(), let h = hint?(line)?.trimmingLeadingSpaces, !h.isEmpty {
            let width = TerminalSize.of(STDOUT_FILENO)?.columns ?? 80
            text = h.count < width ? h : String(h.prefix(max(1, width - 2))) + "…"
        }
        guard !text.isEmpty || hintRowShown else { return }
        // Save the cursor (and its attributes), draw on the row below, restore.
        var out = "\u{1B}7\u{1B}[B\r\u{1B}[2K"
        if !text.isEmpty { out += "\u{1B}[2m" + text + "\u{1B}[22m" }
        writeAll(STDOUT_FILENO, out + "\u{1B}8")
        hintRowShown = !text.isEmpty
    }

    private func clearHintBelow() {
        guard hintRowShown else { return }
        writeAll(STDOUT_FILENO, "\u{1B}7\u{1B}[B\r\u{1B}[2K\u{1B}8")
        hintRowShown = false
    }

    /// Whether the prompt and the line, with one more character, fill the terminal's row.
    private func lineFillsRow() -> Bool {
        let width = TerminalSize.of(STDOUT_FILENO)?.columns ?? 80
        return promptWidth + currentLine().text.count + 1 >= width
    }

    // MARK: - Completion

    private func completeAtCursor() -> UInt8 {
        guard let complete else { return UInt8(CC_ERROR) }
        let (line, cursor) = currentLine()
        let result = complete(line, cursor)
        if let replacement = result.replacement {
            el_deletestr(el, Int32(result.word.count))
            _ = el_insertstr(el, replacement)
            return UInt8(CC_REFRESH)
        }
        guard result.candidates.count > 1 else { return UInt8(CC_REFRESH_BEEP) }
        let width = TerminalSize.of(STDOUT_FILENO)?.columns ?? 80
        writeAll(STDOUT_FILENO, "\n" + LineEditor.columns(result.candidates.map { LineEditor.display($0, word: result.word) },
                                                           width: width))
        if hintsBelow {
            // libedit draws the prompt again under the list: keep a row free below it too.
            writeAll(STDOUT_FILENO, "\n\u{1B}[A")
            rowBelowIsFree = true
            hintRowShown = false
        }
        return UInt8(CC_REDISPLAY)
    }

    /// How a candidate is listed: the value alone after `key=`, the key path alone after `layer.`.
    static func display(_ candidate: String, word: String) -> String {
        if let eq = word.firstIndex(of: "=") {
            return String(candidate.dropFirst(word.distance(from: word.startIndex, to: eq) + 1))
        }
        return candidate
    }

    /// Candidates in columns, filled down then across, as shells list them.
    static func columns(_ items: [String], width: Int) -> String {
        let cell = (items.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / max(1, cell))
        let rows = (items.count + perRow - 1) / perRow
        var out = ""
        for r in 0..<rows {
            var line = ""
            for c in 0..<perRow {
                let i = c * rows + r
                guard i < items.count else { break }
                let item = items[i]
                line += item + String(repeating: " ", count: max(0, cell - item.count))
            }
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}

extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
