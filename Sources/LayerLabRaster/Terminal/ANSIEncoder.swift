/// Cell grids as terminal bytes: whole frames for printing, and diffs for playback.
///
/// Output is deterministic: colour escapes are emitted only when a colour changes, and
/// every frame or diff ends with the attributes reset.
package enum ANSIEncoder {
    /// One string a row, without newlines; a row that set colours ends with a reset.
    package static func lines(_ grid: CellGrid) -> [String] {
        var out: [String] = []
        out.reserveCapacity(grid.rows)
        rows(grid) { _, bytes in out.append(String(decoding: bytes, as: UTF8.self)) }
        return out
    }

    /// The whole frame, each row ending in a newline: what `show` and `frames` print.
    package static func text(_ grid: CellGrid) -> String {
        var out: [UInt8] = []
        write(grid, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the whole frame's bytes to `out` in one pass over the cells (a buffer the
    /// caller keeps stops reallocation between frames).
    package static func write(_ grid: CellGrid, into out: inout [UInt8]) {
        grid.cells.withUnsafeBufferPointer { cells in
            write(GridCells(cells: cells, columns: grid.columns, rows: grid.rows), into: &out)
        }
    }

    /// Appends the frame `cells` gives, as `write` appends a grid's: the one place frames
    /// become whole-frame bytes.
    static func write<Cells: CellSource>(_ cells: Cells, into out: inout [UInt8]) {
        // NB: a 24-bit frame takes about a dozen bytes a cell; growing the buffer on the way
        // would copy it several times.
        out.reserveCapacity(out.count + cells.columns * cells.rows * 16 + cells.rows * 8)
        rows(cells) { _, bytes in out.append(contentsOf: bytes); out.append(10) }
    }

    /// Most bytes one cell can take: a cursor move, both colours in 24-bit, a 4-byte scalar.
    static let maxCellBytes = 80

    /// Each row's bytes (ending with a reset when it set colours, no newline), written through
    /// a raw pointer into one scratch row: no per-byte array checks, no per-cell strings.
    static func rows(_ grid: CellGrid, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        grid.cells.withUnsafeBufferPointer { cells in
            rows(GridCells(cells: cells, columns: grid.columns, rows: grid.rows), body)
        }
    }

    /// The same for any cells: a grid's, or cells worked out from pixels as they are written.
    /// (Generic rather than a closure, so each source's cell is inlined into the loop.)
    static func rows<Cells: CellSource>(_ cells: Cells, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        let bound = cells.columns * maxCellBytes + 8
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { scratch in
            for r in 0..<cells.rows {
                var w = ByteWriter(scratch.baseAddress!)
                var pen = Pen()
                for c in 0..<cells.columns { pen.write(cells.cell(row: r, column: c), into: &w) }
                if pen.dirty { w.reset() }
                body(r, UnsafeBufferPointer(start: scratch.baseAddress, count: w.count))
            }
        }
    }

    /// A grid's cells, read in place.
    struct GridCells: CellSource {
        let cells: UnsafeBufferPointer<Cell>
        let columns: Int, rows: Int
        @inline(__always) func cell(row r: Int, column c: Int) -> Cell { cells[r * columns + c] }
    }

    /// The bytes that turn the screen from `previous` into `next`: only changed cells, with
    /// cursor moves between runs. With no previous grid, or one of another size, every row
    /// is drawn. The frame's top-left cell goes to 1-based (`row`, `column`).
    package static func diff(from previous: CellGrid?, to next: CellGrid, row: Int = 1, column: Int = 1) -> String {
        var out: [UInt8] = []
        writeDiff(from: previous, to: next, row: row, column: column, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the diff's bytes (see `diff`) to `out` in one pass over the cells.
    package static func writeDiff(from previous: CellGrid?, to next: CellGrid, row: Int = 1, column: Int = 1,
                                 into out: inout [UInt8]) {
        var pen = Pen()
        let full = previous.map { $0.columns != next.columns || $0.rows != next.rows } ?? true
        let old = full ? [] : previous!.cells
        let bound = next.columns * maxCellBytes + 8
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { scratch in
            old.withUnsafeBufferPointer { old in
                next.cells.withUnsafeBufferPointer { cells in
                    for r in 0..<next.rows {
                        var w = ByteWriter(scratch.baseAddress!)
                        var cursor = -1
                        for c in 0..<next.columns {
                            let i = r * next.columns + c
                            let cell = cells[i]
                            if !full && old[i] == cell { continue }
                            if cursor != c {
                                w.put(27); w.put(91)
                                w.number(row + r); w.put(59)
                                w.number(column + c); w.put(72)
                            }
                            pen.write(cell, into: &w)
                            cursor = c + 1
                        }
                        if r == next.rows - 1 && pen.dirty { w.reset() }
                        out.append(contentsOf: UnsafeBufferPointer(start: scratch.baseAddress, count: w.count))
                    }
                }
            }
        }
    }

    /// Bytes written through a raw pointer into room the caller made.
    struct ByteWriter {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0
        /// `ByteWriter.decimals`, read once per writer (a global is checked at each read).
        private let decimals = ByteWriter.decimals

        init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

        /// For each byte value, its decimal digits in memory order in the low three bytes and
        /// their count in the high byte: a colour component is one store, not a division per
        /// digit (a 24-bit frame writes three per colour change). Never freed.
        nonisolated(unsafe) static let decimals: UnsafePointer<UInt32> = {
            let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
            // NB: digits worked out, not printed and not gathered in arrays: `String(v)` or
            // an array a value cost more at start-up than the rest of a small frame.
            for v in UInt32(0)..<256 {
                let ones = 48 + v % 10, tens = 48 + v / 10 % 10, hundreds = 48 + v / 100
                table[Int(v)] = v < 10 ? 1 << 24 | ones
                    : v < 100 ? 2 << 24 | tens | ones << 8
                    : 3 << 24 | hundreds | tens << 8 | ones << 16
            }
            return UnsafePointer(table)
        }()

        /// A byte value's decimal digits. NB: stores four bytes and keeps one to three: the
        /// room callers make (`maxCellBytes` a cell) leaves far more than one byte spare.
        @inline(__always) mutating func number(_ v: UInt8) {
            let entry = decimals[Int(v)]
            UnsafeMutableRawPointer(base + count).storeBytes(of: UInt32(littleEndian: entry & 0x00FF_FFFF), as: UInt32.self)
            count += Int(entry >> 24)
        }

        @inline(__always) mutating func put(_ b: UInt8) { base[count] = b; count += 1 }

        /// "ESC [ 0 m": attributes back to the terminal's defaults.
        @inline(__always) mutating func reset() { put(27); put(91); put(48); put(109) }

        /// Decimal digits of a non-negative number (no recursion, so it inlines into the cell loop).
        @inline(__always) mutating func number(_ n: Int) {
            if n < 10 { put(UInt8(48 + n)); return }
            if n < 100 { put(UInt8(48 + n / 10)); put(UInt8(48 + n % 10)); return }
            if n < 1000 { put(UInt8(48 + n / 100)); put(UInt8(48 + n / 10 % 10)); put(UInt8(48 + n % 10)); return }
            var digits = 0, rest = n
            repeat { digits += 1; rest /= 10 } while rest > 0
            rest = n
            count += digits
            var i = count
            repeat { i -= 1; base[i] = UInt8(48 + rest % 10); rest /= 10 } while rest > 0
        }

        /// A scalar's UTF-8 bytes.
        @inline(__always) mutating func utf8(_ s: Unicode.Scalar) {
            let v = s.value
            if v < 0x80 {
                put(UInt8(v))
            } else if v < 0x800 {
                put(UInt8(0xC0 | v >> 6)); put(UInt8(0x80 | v & 0x3F))
            } else if v < 0x10000 {
                put(UInt8(0xE0 | v >> 12)); put(UInt8(0x80 | v >> 6 & 0x3F)); put(UInt8(0x80 | v & 0x3F))
            } else {
                put(UInt8(0xF0 | v >> 18)); put(UInt8(0x80 | v >> 12 & 0x3F))
                put(UInt8(0x80 | v >> 6 & 0x3F)); put(UInt8(0x80 | v & 0x3F))
            }
        }
    }

    /// The colours currently set on the terminal while writing.
    struct Pen {
        var foreground: TerminalColor = .default
        var background: TerminalColor = .default
        var dirty = false

        @inline(__always) mutating func write(_ cell: Cell, into out: inout ByteWriter) {
            // NB: a space shows no foreground, so its foreground never forces an escape.
            let fg = cell.foreground != foreground && cell.character != " "
            let bg = cell.background != background
            if fg || bg {
                out.put(27); out.put(91)
                if fg { cell.foreground.writeSGR(foreground: true, to: &out); foreground = cell.foreground }
                if fg && bg { out.put(59) }
                if bg { cell.background.writeSGR(foreground: false, to: &out); background = cell.background }
                out.put(109)
                dirty = true
            }
            out.utf8(cell.character)
        }
    }
}
