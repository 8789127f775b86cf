import LayerLabCore

/// Turns a frame's pixels into terminal cells in one of the three modes.
///
/// Pixels are first flattened over the canvas background (black when it is clear), and
/// "ink" is how far a pixel's colour is from that background: the largest channel
/// difference, 0…1.
package enum CellEncoder {
    /// The ascii ramp, lightest to darkest ink.
    package static let asciiRamp: [Unicode.Scalar] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    /// Ink from which a half block or braille dot counts as drawn: low enough that a
    /// half-transparent fill still shows.
    static let inkThreshold: Float = 0.3

    /// The cells for `bitmap`, whose size must be the layout's pixel size for `mode`.
    package static func grid(_ bitmap: Bitmap, mode: FrameMode, color: ColorMode, background: Color) -> CellGrid {
        let (px, py) = mode.pixelsPerCell
        let cols = bitmap.width / px, rows = bitmap.height / py
        var grid = CellGrid(columns: cols, rows: rows)
        guard cols > 0, rows > 0 else { return grid }
        let base = background.a > 0 ? Bitmap.bytes(background) : (0, 0, 0, 255)
        bitmap.pixels.withUnsafeBufferPointer { p in
            grid.cells.withUnsafeMutableBufferPointer { cells in
                let f = Flattener(pixels: p, width: bitmap.width,
                                  background: (Int32(base.0), Int32(base.1), Int32(base.2)))
                switch mode.cellMode {
                case .ascii: fill(cells, from: AsciiCells(f: f, color: color, columns: cols, rows: rows))
                case .braille: fill(cells, from: BrailleCells(f: f, color: color, columns: cols, rows: rows))
                default: fill(cells, from: BlockCells(f: f, color: color, columns: cols, rows: rows))
                }
            }
        }
        return grid
    }

    /// Appends the bytes `ANSIEncoder.write(grid(bitmap, …))` appends, worked out cell by cell
    /// from the pixels and written at once: no grid is built and read back (what `show`,
    /// `frames` and a one-shot frame cost).
    package static func write(_ bitmap: Bitmap, mode: FrameMode, color: ColorMode, background: Color,
                             into out: inout [UInt8]) {
        let (px, py) = mode.pixelsPerCell
        let cols = bitmap.width / px, rows = bitmap.height / py
        let base = background.a > 0 ? Bitmap.bytes(background) : (0, 0, 0, 255)
        bitmap.pixels.withUnsafeBufferPointer { p in
            let f = Flattener(pixels: p, width: bitmap.width, background: (Int32(base.0), Int32(base.1), Int32(base.2)))
            switch mode.cellMode {
            case .ascii: ANSIEncoder.write(AsciiCells(f: f, color: color, columns: cols, rows: rows), into: &out)
            case .braille: ANSIEncoder.write(BrailleCells(f: f, color: color, columns: cols, rows: rows), into: &out)
            default: ANSIEncoder.write(BlockCells(f: f, color: color, columns: cols, rows: rows), into: &out)
            }
        }
    }

    /// Every cell of `source`, in place.
    private static func fill<Cells: CellSource>(_ cells: UnsafeMutableBufferPointer<Cell>, from source: Cells) {
        for r in 0..<source.rows {
            for c in 0..<source.columns { cells[r * source.columns + c] = source.cell(row: r, column: c) }
        }
    }

    /// The cells of each mode, worked out from the pixels when asked for.
    struct AsciiCells: CellSource {
        let f: Flattener, color: ColorMode, columns: Int, rows: Int
        @inline(__always) func cell(row r: Int, column c: Int) -> Cell { asciiCell(f, r * f.width + c, color: color) }
    }

    struct BlockCells: CellSource {
        let f: Flattener, color: ColorMode, columns: Int, rows: Int
        @inline(__always) func cell(row r: Int, column c: Int) -> Cell {
            let top = (2 * r) * f.width + c
            return blocksCell(f, top: top, bottom: top + f.width, color: color)
        }
    }

    struct BrailleCells: CellSource {
        let f: Flattener, color: ColorMode, columns: Int, rows: Int
        @inline(__always) func cell(row r: Int, column c: Int) -> Cell { brailleCell(f, row: r, column: c, color: color) }
    }

    /// Reads pixels flattened over the background as opaque integer RGB, with their ink:
    /// computed as each cell needs them, with no intermediate buffers.
    struct Flattener {
        let pixels: UnsafeBufferPointer<UInt8>
        let width: Int
        let background: (Int32, Int32, Int32)
        /// Pixels are premultiplied (a canvas's surface): each is first made straight exactly
        /// as `Surface.bitmap` does, so both give the same cells.
        var premultiplied = false

        /// Pixel `i` over the background (integer "over" with rounding: deterministic).
        @inline(__always) func rgb(_ i: Int) -> (Int32, Int32, Int32) {
            let j = i * 4
            let a = Int32(pixels[j + 3])
            var r = Int32(pixels[j]), g = Int32(pixels[j + 1]), b = Int32(pixels[j + 2])
            if a == 255 { return (r, g, b) }
            if premultiplied && a > 0 {
                r = min(255, (r * 255 + a / 2) / a)
                g = min(255, (g * 255 + a / 2) / a)
                b = min(255, (b * 255 + a / 2) / a)
            }
            let (br, bg, bb) = background
            return ((r * a + br * (255 - a) + 127) / 255,
                    (g * a + bg * (255 - a) + 127) / 255,
                    (b * a + bb * (255 - a) + 127) / 255)
        }

        /// The largest channel difference from the background, 0…255.
        @inline(__always) func ink(_ c: (Int32, Int32, Int32)) -> Int32 {
            max(abs(c.0 - background.0), abs(c.1 - background.1), abs(c.2 - background.2))
        }
    }

    @inline(__always) static func terminal(_ c: (Int32, Int32, Int32), _ mode: ColorMode) -> TerminalColor {
        TerminalColor(r: UInt8(c.0), g: UInt8(c.1), b: UInt8(c.2), mode: mode)
    }

    /// Ink at or above this (out of 255) draws a half block or braille dot: `inkThreshold`.
    static let inkLevel = Int32((inkThreshold * 255).rounded(.up))

    /// The ascii cell of pixel `i`.
    @inline(__always) static func asciiCell(_ f: Flattener, _ i: Int, color: ColorMode) -> Cell {
        let rgb = f.rgb(i)
        // NB: ink ≥ 0, so adding a half and truncating is rounding (no libm call).
        let level = Int(Float(f.ink(rgb)) / 255 * Float(asciiRamp.count - 1) + 0.5)
        let ch = asciiRamp[max(0, min(asciiRamp.count - 1, level))]
        return Cell(ch, foreground: ch == " " || color == .none ? .default : terminal(rgb, color))
    }

    /// The half-block cell of pixels `top` over `bottom`.
    @inline(__always) static func blocksCell(_ f: Flattener, top: Int, bottom: Int, color: ColorMode) -> Cell {
        let t = f.rgb(top), b = f.rgb(bottom)
        if color == .none {
            let ti = f.ink(t) >= inkLevel, bi = f.ink(b) >= inkLevel
            return Cell(ti ? (bi ? "█" : "▀") : (bi ? "▄" : " "))
        }
        let fg = terminal(t, color), bg = terminal(b, color)
        // NB: a cell whose halves agree is a space on the background: fewer bytes.
        return fg == bg ? Cell(" ", background: bg) : Cell("▀", foreground: fg, background: bg)
    }

    /// Dot bits of a braille cell, by x * 4 + y within the 2x4 block.
    static let brailleBits: [UInt32] = [0x01, 0x02, 0x04, 0x40, 0x08, 0x10, 0x20, 0x80]

    /// The braille cell at (`row`, `column`): its 2x4 pixels as dots.
    @inline(__always) static func brailleCell(_ f: Flattener, row r: Int, column c: Int, color: ColorMode) -> Cell {
        var bits: UInt32 = 0
        // Sums of the inked and the plain pixels, and their counts.
        var ink = (Int32(0), Int32(0), Int32(0), Int32(0)), plain = (Int32(0), Int32(0), Int32(0), Int32(0))
        for dy in 0..<4 {
            for dx in 0..<2 {
                let rgb = f.rgb((4 * r + dy) * f.width + 2 * c + dx)
                if f.ink(rgb) >= inkLevel {
                    bits |= brailleBits[dx * 4 + dy]
                    ink = (ink.0 + rgb.0, ink.1 + rgb.1, ink.2 + rgb.2, ink.3 + 1)
                } else {
                    plain = (plain.0 + rgb.0, plain.1 + rgb.1, plain.2 + rgb.2, plain.3 + 1)
                }
            }
        }
        let ch = bits == 0 ? " " : Unicode.Scalar(0x2800 + bits)!
        if color == .none { return Cell(ch) }
        let back = plain.3 > 0 ? plain : ink
        return Cell(ch, foreground: bits == 0 ? .default : mean(ink, color), background: mean(back, color))
    }

    /// The mean colour of summed pixels (r, g, b, count), rounded.
    @inline(__always) static func mean(_ s: (Int32, Int32, Int32, Int32), _ mode: ColorMode) -> TerminalColor {
        let n = s.3
        guard n > 0 else { return .default }
        return TerminalColor(r: UInt8((s.0 + n / 2) / n), g: UInt8((s.1 + n / 2) / n), b: UInt8((s.2 + n / 2) / n), mode: mode)
    }
}
