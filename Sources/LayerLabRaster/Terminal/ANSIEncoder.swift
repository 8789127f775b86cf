/// Cell grids as terminal bytes: whole frames for printing, and diffs for playback.
///
/// Output is deterministic: colour escapes are emitted only when a colour changes, and
/// every frame or diff ends with the attributes reset.
public enum ANSIEncoder {
    /// One string a row, without newlines; a row that set colours ends with a reset.
    public static func lines(_ grid: CellGrid) -> [String] {
        (0..<grid.rows).map { r in
            var out: [UInt8] = []
            var pen = Pen()
            for c in 0..<grid.columns { pen.write(grid[c, r], into: &out) }
            if pen.dirty { appendReset(to: &out) }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The whole frame, each row ending in a newline: what `show` and `frames` print.
    public static func text(_ grid: CellGrid) -> String {
        var out: [UInt8] = []
        write(grid, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the whole frame's bytes to `out` in one pass over the cells (a buffer the
    /// caller keeps stops reallocation between frames).
    public static func write(_ grid: CellGrid, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + grid.columns * grid.rows * 4 + grid.rows * 8)
        grid.cells.withUnsafeBufferPointer { cells in
            for r in 0..<grid.rows {
                var pen = Pen()
                for c in 0..<grid.columns { pen.write(cells[r * grid.columns + c], into: &out) }
                if pen.dirty { appendReset(to: &out) }
                out.append(10)
            }
        }
    }

    /// The bytes that turn the screen from `previous` into `next`: only changed cells, with
    /// cursor moves between runs. With no previous grid, or one of another size, every row
    /// is drawn. The frame's top-left cell goes to 1-based (`row`, `column`).
    public static func diff(from previous: CellGrid?, to next: CellGrid, row: Int = 1, column: Int = 1) -> String {
        var out: [UInt8] = []
        writeDiff(from: previous, to: next, row: row, column: column, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the diff's bytes (see `diff`) to `out` in one pass over the cells.
    public static func writeDiff(from previous: CellGrid?, to next: CellGrid, row: Int = 1, column: Int = 1,
                                 into out: inout [UInt8]) {
        var pen = Pen()
        let full = previous.map { $0.columns != next.columns || $0.rows != next.rows } ?? true
        let old = full ? [] : previous!.cells
        old.withUnsafeBufferPointer { old in
            next.cells.withUnsafeBufferPointer { cells in
                for r in 0..<next.rows {
                    var cursor = -1
                    for c in 0..<next.columns {
                        let i = r * next.columns + c
                        let cell = cells[i]
                        if !full && old[i] == cell { continue }
                        if cursor != c {
                            out.append(27); out.append(91)
                            appendNumber(row + r, to: &out); out.append(59)
                            appendNumber(column + c, to: &out); out.append(72)
                        }
                        pen.write(cell, into: &out)
                        cursor = c + 1
                    }
                }
            }
        }
        if pen.dirty { appendReset(to: &out) }
    }

    @inline(__always) static func appendReset(to out: inout [UInt8]) {
        out.append(27); out.append(91); out.append(48); out.append(109)
    }

    /// Decimal digits of a non-negative number.
    @inline(__always) static func appendNumber(_ n: Int, to out: inout [UInt8]) {
        if n < 10 { out.append(UInt8(48 + n)); return }
        if n < 100 { out.append(UInt8(48 + n / 10)); out.append(UInt8(48 + n % 10)); return }
        if n < 1000 {
            out.append(UInt8(48 + n / 100)); out.append(UInt8(48 + n / 10 % 10)); out.append(UInt8(48 + n % 10))
            return
        }
        appendNumber(n / 10, to: &out)
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
            appendUTF8(cell.character, to: &out)
        }
    }

    /// A scalar's UTF-8 bytes, written directly.
    @inline(__always) static func appendUTF8(_ s: Unicode.Scalar, to out: inout [UInt8]) {
        let v = s.value
        if v < 0x80 {
            out.append(UInt8(v))
        } else if v < 0x800 {
            out.append(UInt8(0xC0 | v >> 6)); out.append(UInt8(0x80 | v & 0x3F))
        } else if v < 0x10000 {
            out.append(UInt8(0xE0 | v >> 12)); out.append(UInt8(0x80 | v >> 6 & 0x3F)); out.append(UInt8(0x80 | v & 0x3F))
        } else {
            out.append(UInt8(0xF0 | v >> 18)); out.append(UInt8(0x80 | v >> 12 & 0x3F))
            out.append(UInt8(0x80 | v >> 6 & 0x3F)); out.append(UInt8(0x80 | v & 0x3F))
        }
    }
}
