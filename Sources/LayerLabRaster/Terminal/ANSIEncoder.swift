/// Cell grids as terminal bytes: whole frames for printing, and diffs for playback.
///
/// Output is deterministic: colour escapes are emitted only when a colour changes, and
/// every frame or diff ends with the attributes reset.
public enum ANSIEncoder {
    static let esc = "\u{1B}["
    static let reset = "\u{1B}[0m"

    /// One string a row, without newlines; a row that set colours ends with a reset.
    public static func lines(_ grid: CellGrid) -> [String] {
        (0..<grid.rows).map { r in
            var out = ""
            var pen = Pen()
            for c in 0..<grid.columns { pen.write(grid[c, r], into: &out) }
            if pen.dirty { out += reset }
            return out
        }
    }

    /// The whole frame, each row ending in a newline: what `show` and `frames` print.
    public static func text(_ grid: CellGrid) -> String {
        lines(grid).map { $0 + "\n" }.joined()
    }

    /// The bytes that turn the screen from `previous` into `next`: only changed cells, with
    /// cursor moves between runs. With no previous grid, or one of another size, every row
    /// is drawn. The frame's top-left cell goes to 1-based (`row`, `column`).
    public static func diff(from previous: CellGrid?, to next: CellGrid, row: Int = 1, column: Int = 1) -> String {
        var out = ""
        var pen = Pen()
        let full = previous.map { $0.columns != next.columns || $0.rows != next.rows } ?? true
        for r in 0..<next.rows {
            var cursor = -1
            for c in 0..<next.columns {
                let cell = next[c, r]
                if !full, let previous, previous[c, r] == cell { continue }
                if cursor != c { out += "\(esc)\(row + r);\(column + c)H" }
                pen.write(cell, into: &out)
                cursor = c + 1
            }
        }
        if pen.dirty { out += reset }
        return out
    }

    /// The colours currently set on the terminal while writing.
    struct Pen {
        var foreground: TerminalColor = .default
        var background: TerminalColor = .default
        var dirty = false

        mutating func write(_ cell: Cell, into out: inout String) {
            var params: [String] = []
            // NB: a space shows no foreground, so its foreground never forces an escape.
            if cell.foreground != foreground && cell.character != " " {
                params.append(cell.foreground.sgr(foreground: true))
                foreground = cell.foreground
            }
            if cell.background != background { params.append(cell.background.sgr(foreground: false)) }
            if !params.isEmpty {
                out += ANSIEncoder.esc + params.joined(separator: ";") + "m"
                background = cell.background
                dirty = true
            }
            out.unicodeScalars.append(cell.character)
        }
    }
}
