extension Session {
    /// The lines of a multi-line command typed so far (while `isContinuing`), so completion
    /// inside a `group … {` body knows the group's layer.
    package var pendingLines: [String] { pending }

    /// What keeps a multi-line command open, for the continuation prompt: `(` or `[` (a value
    /// running over lines), `{ group wobble` (a group's block, with the command that opened
    /// it), or `\` (a line ending in a backslash). Nil when no command is open.
    package var openInput: String? {
        guard !pending.isEmpty else { return nil }
        let open: (bracket: Character, location: SourceLocation)?
        if pendingLex.lineCount == pending.count {
            open = pendingLex.innermostOpen
        } else {
            open = Lexer.innermostOpen(pending.joined(separator: "\n"))
        }
        guard let open else { return "\\" }
        guard open.bracket == "{" else { return String(open.bracket) }
        let line = pending[min(max(open.location.line - 1, 0), pending.count - 1)]
        let words = line.prefix(max(open.location.column - 1, 0)).split(whereSeparator: \.isWhitespace).prefix(2)
        return (["{"] + words.map(String.init)).joined(separator: " ")
    }

    /// Ends a multi-line command at an empty line (the interactive REPL's way out): a command
    /// left inside an open bracket is not run and gets a clear error at the bracket; one
    /// continued with `\` runs. Nil when no command is open.
    package mutating func endInput() -> Outcome? {
        guard !pending.isEmpty else { return nil }
        let text = pending.joined(separator: "\n")
        let first = entryFirstLine
        guard let open = Lexer.innermostOpen(text, firstLine: first) else {
            // A line continued with `\`: the empty line ends it, so the backslash goes.
            if var last = pending.popLast() {
                while last.last?.isWhitespace == true { last.removeLast() }
                if last.last == "\\" { last.removeLast() }
                pending.append(last)
            }
            return finishInput()
        }
        nextLine += pending.count
        pending = []
        let closer = ["(": ")", "[": "]", "{": "}"][open.bracket] ?? ""
        let error = ScriptError.invalid("'\(open.bracket)' is never closed, so the command did not run (an empty line ends it; close it with '\(closer)')",
                                        SourceRange(open.location, SourceLocation(line: open.location.line, column: open.location.column + 1)))
        return .failed([], Diagnostic(error, file: settings.sourceName, text: text, firstLine: first))
    }
}

extension Lexer {
    /// The innermost bracket still open at the end of `text` (nil when none is, or the text
    /// has another error first).
    package static func innermostOpen(_ text: String, firstLine: Int = 1) -> (bracket: Character, location: SourceLocation)? {
        var lexer = Lexer(text, firstLine: firstLine)
        do {
            try lexer.run()
            return nil
        } catch {
            guard case .unclosed = error, let last = lexer.openers.last else { return nil }
            return (last.0, last.1.start)
        }
    }

    /// A multi-line command as one line for the history, so Up recalls it whole: lines joined
    /// by `; ` between commands in a block, by a space inside brackets, after `{`, before `}`
    /// and after a trailing `\`. When the one-line form would read differently (a `#` comment
    /// in the middle), the lines stay joined by newlines.
    package static func historyEntry(_ lines: [String]) -> String {
        guard lines.count > 1 else { return lines.first ?? "" }
        let original = lines.joined(separator: "\n")
        var out = lines[0].trimmingTrailingSpaces
        var before = PendingLex()
        before.feed(lines[0])
        for line in lines.dropFirst() {
            let next = String(line.drop(while: \.isWhitespace))
            let insideValue = before.innermostOpen.map { $0.bracket != "{" } ?? false
            before.feed(line)
            // Edited in place: copying `out` for every line would make this quadratic.
            if out.hasSuffix("\\") {
                out.removeLast()
                while out.last == " " { out.removeLast() }
                out += " " + next
            } else if insideValue || out.hasSuffix("{") || next.hasPrefix("}") || out.isEmpty || next.isEmpty {
                out += " " + next
            } else {
                out += "; " + next
            }
            while out.last == " " { out.removeLast() }
        }
        return sameCommands(out, original) ? out : original
    }

    /// Whether two texts lex to the same commands (newline and `;` separators counting alike).
    static func sameCommands(_ a: String, _ b: String) -> Bool {
        func shape(_ s: String) -> [String]? {
            guard let tokens = try? tokenize(s) else { return nil }
            var out: [String] = []
            for t in tokens {
                // Separators next to a block's braces and repeated ones change nothing.
                if t.kind == .separator {
                    if out.last == ";" || out.last?.hasPrefix("symbol(\"{\")") == true { continue }
                    out.append(";")
                    continue
                }
                let item = "\(t.kind)|\(t.spaceBefore)"
                if item.hasPrefix("symbol(\"}\")"), out.last == ";" { out.removeLast() }
                out.append(item)
            }
            return out
        }
        guard let x = shape(a), let y = shape(b) else { return false }
        return x == y
    }
}
