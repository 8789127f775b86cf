import LayerLabCore
/// An error ready to show: where it is, what went wrong, and the line it happened on.
///
/// This is the one place errors become text:
///
///     <stdin>:1:10: unknown key path 'strokeEnds'; did you mean 'strokeEnd'?
///      1 | set ring strokeEnds=0.5
///        |          ^^^^^^^^^^
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String
    /// The source line (control characters escaped, tabs as spaces), if known; a long one
    /// only around the error (see `shownCharacters`).
    package var sourceLine: String?
    /// Where the underline starts in `sourceLine` (`column`, unless the line was cut).
    package var sourceColumn: Int
    /// Characters to underline from `sourceColumn`.
    package var length: Int
    /// Source lines longer than this show only this many characters around the error, with
    /// `…` where they were cut: a one-line file of megabytes (a binary loaded by mistake)
    /// would otherwise be echoed whole to the terminal.
    package static let shownCharacters = 160
    package var suggestion: String?

    /// A diagnostic without a source position (bad arguments, unreadable files): prints as
    /// `FILE: message`.
    package init(file: String, message: String) {
        self.file = file; line = 0; column = 0; self.message = message; sourceLine = nil; sourceColumn = 0; length = 0
    }

    /// Builds the diagnostic for `error` in `text` (whose first line is numbered `firstLine`).
    package init(_ error: ScriptError, file: String, text: String, firstLine: Int = 1) {
        var error = error, file = file, text = text, firstLine = firstLine
        while case .inFile(let name, let source, let inner) = error {
            (error, file, text, firstLine) = (inner, name, source, 1)
        }
        let r = error.range
        self.file = file
        line = r.start.line
        column = r.start.column
        message = error.message
        suggestion = error.suggestion
        // Split only as far as the error's line, and copy only the part of it that is shown:
        // a file of megabytes on one line costs a scan, not a String per character.
        let index = r.start.line - firstLine
        let lines = index >= 0 ? text.split(separator: "\n", maxSplits: index + 1, omittingEmptySubsequences: false) : []
        sourceColumn = column
        if index >= 0 && index < lines.count {
            var lineText = lines[index]
            // Tabs become one space each, so counts are the same before and after.
            let endColumn = r.end.line == r.start.line ? r.end.column : lineText.count + 1
            length = max(1, endColumn - r.start.column)
            if lineText.hasSuffix("\r") { lineText.removeLast() }
            let limit = Diagnostic.shownCharacters
            let count = lineText.count
            let raw: String
            if count > limit {
                // A window starting a quarter of the way before the error.
                let from = max(0, min(column - 1 - limit / 4, count - limit))
                let a = lineText.index(lineText.startIndex, offsetBy: from)
                let b = lineText.index(a, offsetBy: limit)
                raw = (from > 0 ? "…" : "") + String(lineText[a..<b]).replacingTabs() + (b < lineText.endIndex ? "…" : "")
                sourceColumn = column - from + (from > 0 ? 1 : 0)
                length = max(1, min(length, limit + 1 - (column - from)))
            } else {
                raw = String(lineText).replacingTabs()
            }
            sourceLine = escapeForTerminal(raw)
        } else {
            sourceLine = nil
            length = 1
        }
    }

    /// `FILE:LINE:COL: message`, then the source line with a caret underline.
    package var description: String { text(color: false) }

    /// The description, with colour when `color` is true (a terminal without `NO_COLOR`): the
    /// place bold, the caret red, the suggested name green. Colour codes are the only
    /// difference from `description`.
    package func text(color: Bool) -> String {
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m" + s + "\u{1B}[0m" : s }
        // NB: the message is escaped here, where every error becomes text, so a control
        // character quoted from input never reaches the terminal (escaping is idempotent);
        // colour is added after.
        var message = escapeForTerminal(self.message)
        if color, let suggestion {
            let quoted = "'\(suggestion)'?"
            if message.hasSuffix(quoted) {
                message = String(message.dropLast(quoted.count)) + "'" + paint(escapeForTerminal(suggestion), "1;32") + "'?"
            }
        }
        if line == 0 { return paint("\(escapeForTerminal(file)):", "1") + " \(message)" }
        var out = paint("\(escapeForTerminal(file)):\(line):\(column):", "1") + " \(message)"
        if let sourceLine {
            let num = String(line)
            let pad = String(repeating: " ", count: num.count)
            out += "\n \(num) | \(sourceLine)"
            out += "\n \(pad) | " + String(repeating: " ", count: max(0, sourceColumn - 1)) + paint(String(repeating: "^", count: length), "1;31")
        }
        return out
    }
}

extension String {
    func replacingTabs() -> String { map { $0 == "\t" ? " " : String($0) }.joined() }
}
