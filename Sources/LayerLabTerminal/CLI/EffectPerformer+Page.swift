#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import LayerLabScript

extension EffectPerformer {
    /// Performs `.page` (help): at a terminal, wrapped to its width with coloured headings
    /// (no colour with `NO_COLOR` or `TERM=dumb`), through `$PAGER` (default `less -R`) when
    /// longer than the screen; elsewhere printed as it is, so pipes and tests read plain text.
    func page(_ text: String, _ io: StandardIO) -> Bool {
        guard isatty(STDOUT_FILENO) == 1 else { io.out(text); return true }
        let env = ProcessEnvironment.current()
        let size = TerminalSize.current(environment: env)
        let color = env["NO_COLOR"] == nil && env["TERM"] != "dumb"
        let lines = ReadingText.wrap(text, width: max(20, size.columns - 1))
        let styled = ReadingText.style(lines, color: color).joined(separator: "\n")
        if lines.count >= size.rows, isatty(STDIN_FILENO) == 1, Pager.show(styled + "\n", environment: env) { return true }
        io.out(styled)
        return true
    }
}

/// Help text laid out for reading at a terminal: wrapped at word boundaries, headings styled.
/// Pure, so the layout is tested without a terminal.
enum ReadingText {
    /// Wraps each line to `width` columns at spaces. A wrapped line goes on under its own
    /// text: under the second column of a `  name  meaning` row, else under its indentation.
    /// Words longer than the width are cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(line)
            guard line.count > width else { out.append(line); continue }
            let indent = line.prefix { $0 == " " }.count
            var hang = indent
            // A second column: two or more spaces after the first word.
            if let gap = line.dropFirst(indent).firstRange(of: "  ") {
                var column = line.distance(from: line.startIndex, to: gap.lowerBound)
                while column < line.count, line[line.index(line.startIndex, offsetBy: column)] == " " { column += 1 }
                if column < width / 2 { hang = column }
            }
            var current = String(repeating: " ", count: indent)
            var atStart = true
            for word in line.dropFirst(indent).split(separator: " ", omittingEmptySubsequences: false) {
                let w = String(word)
                if !atStart && current.count + 1 + w.count > width {
                    out.append(current)
                    current = String(repeating: " ", count: hang)
                    atStart = true
                }
                if atStart {
                    current += w
                    atStart = w.isEmpty ? atStart : false
                } else {
                    current += " " + w
                }
                while current.count > width {
                    out.append(String(current.prefix(width)))
                    current = String(repeating: " ", count: hang) + current.dropFirst(width)
                }
            }
            out.append(current)
        }
        return out
    }

    /// Bold for headings (unindented lines: synopses, `Attributes:`, group names).
    static func style(_ lines: [String], color: Bool) -> [String] {
        guard color else { return lines }
        return lines.map { line in
            guard let first = line.first, first != " " else { return line }
            return "\u{1B}[1m" + line + "\u{1B}[0m"
        }
    }
}

/// Shows text through the user's pager.
enum Pager {
    /// Runs `$PAGER` (default `less -R`) through `/bin/sh` with `text` on its input and waits
    /// for it; false when no pager could run (the caller prints the text itself). `PAGER=cat`
    /// prints directly.
    static func show(_ text: String, environment env: [String: String]) -> Bool {
        let command = env["PAGER"].flatMap { $0.trimmingBlanks.isEmpty ? nil : $0 } ?? "less -R"
        if command == "cat" { return false }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The REPL ignores SIGINT; the pager gets the usual dispositions back.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let words: [String] = ["/bin/sh", "-c", "exec " + command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        // As git does: without a LESS setting, less quits when the text fits (F), keeps colour
        // codes (R) and leaves the text on the screen (X); and Ctrl-C leaves it as q does (K).
        var environment = env
        if environment["LESS"] == nil { environment["LESS"] = "FRXK" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        let rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        close(fds[0])
        guard rc == 0 else { close(fds[1]); return false }
        // The pager may quit before reading everything: a broken pipe is not an error here.
        let previous = signal(SIGPIPE, SIG_IGN)
        writeAll(fds[1], text)
        close(fds[1])
        signal(SIGPIPE, previous)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // 127: the shell found no such pager.
        let exited = status & 0x7F == 0
        return !(exited && (status >> 8) & 0xFF == 127)
    }
}
