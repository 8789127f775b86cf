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
            var out: [UInt8] = []
            var pen = Pen()
            for c in 0..<grid.columns { pen.write(grid[c, r], into: &out) }
            if pen.dirty { out.append(contentsOf: reset.utf8) }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The whole frame, each row ending in a newline: what `show` and `frames` print.
    public static func text(_ grid: CellGrid) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(grid.columns * grid.rows * 8)
        for r in 0..<grid.rows {
            var pen = Pen()
            for c in 0..<grid.columns { pen.write(grid[c, r], into: &out) }
            if pen.dirty { out.append(contentsOf: reset.utf8) }
            out.append(10)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes that turn the screen from `previous` into `next`: only changed cells, with
    /// cursor moves between runs. With no previous grid, or one of another size, every row
    /// is drawn. The frame's top-left cell goes to 1-based (`row`, `column`).
    public static func diff(from previous: CellGrid?, to next: CellGrid, row: Int = 1, column: Int = 1) -> String {
        var out: [UInt8] = []
        var pen = Pen()
        let full = previous.map { $0.columns != next.columns || $0.rows != next.rows } ?? true
        for r in 0..<next.rows {
            var cursor = -1
            for c in 0..<next.columns {
                let cell = next[c, r]
                if !full, let previous, previous[c, r] == cell { continue }
                if cursor != c {
                    out.append(contentsOf: esc.utf8)
                    appendNumber(row + r, to: &out); out.append(59)
                    appendNumber(column + c, to: &out); out.append(72)
                }
                pen.write(cell, into: &out)
                cursor = c + 1
            }
        }
        if pen.dirty { out.append(contentsOf: reset.utf8) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decimal digits of a non-negative number.
    @inline(__always) static func appendNumber(_ n: Int, to out: inout [UInt8]) {
        if n >= 10 { appendNumber(n / 10, to: &out) }
        out.append(UInt8(48 + n % 10))
    }

    /// The colours currently set on the terminal while writing.
    struct Pen {
        var foreground: TerminalColor = .default
        var background: TerminalColor = .default
        var dirty = false

        mutating func write(_ cell: Cell, into out: inout [UInt8]) {
            // NB: a space shows no foreground, so its foreground never forces an escape.
            let fg = cell.foreground != foreground && cell.character != " "
            let bg = cell.background != background
            if fg || bg {
                out.append(27); out.append(91)
                if fg { cell.foreground.appendSGR(foreground: true, to: &out); foreground = cell.foreground }
                if fg && bg { out.append(59) }
                if bg { cell.background.appendSGR(foreground: false, to: &out); background = cell.background }
                out.append(109)
                dirty = true
            }
            let v = cell.character.value
            if v < 0x80 {
                out.append(UInt8(v))
            } else {
                for b in String.UnicodeScalarView([cell.character]).utf8Bytes { out.append(b) }
            }
        }
    }
}

extension String.UnicodeScalarView {
    /// The UTF-8 bytes of these scalars.
    fileprivate var utf8Bytes: [UInt8] { Array(String(self).utf8) }
}
