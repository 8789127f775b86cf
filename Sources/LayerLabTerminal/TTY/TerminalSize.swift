import Glibc

/// The size of the terminal in character cells.
package struct TerminalSize: Hashable, Sendable {
    package var columns: Int
    package var rows: Int

    package init(columns: Int, rows: Int) { self.columns = columns; self.rows = rows }

    /// The window size of `fd` (TIOCGWINSZ); nil when it is not a terminal or reports zero.
    package static func of(_ fd: Int32 = STDOUT_FILENO) -> TerminalSize? {
        var w = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(w.ws_col), rows: Int(w.ws_row))
    }

    /// The terminal's size, else `COLUMNS`/`LINES`, else 80x24.
    package static func current(environment: [String: String] = [:]) -> TerminalSize {
        if let s = of(STDOUT_FILENO) ?? of(STDIN_FILENO) { return s }
        let c = environment["COLUMNS"].flatMap(Int.init) ?? 80
        let r = environment["LINES"].flatMap(Int.init) ?? 24
        return TerminalSize(columns: max(1, c), rows: max(1, r))
    }
}
