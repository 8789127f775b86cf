import LayerLabCore

/// Turns a frame's pixels into terminal cells in one of the three modes.
///
/// Pixels are first flattened over the canvas background (black when it is clear), and
/// "ink" is how far a pixel's colour is from that background: the largest channel
/// difference, 0…1.
public enum CellEncoder {
    /// The ascii ramp, lightest to darkest ink.
    public static let asciiRamp: [Unicode.Scalar] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    /// Ink from which a half block or braille dot counts as drawn: low enough that a
    /// half-transparent fill still shows.
    static let inkThreshold: Float = 0.3

    /// The cells for `bitmap`, whose size must be the layout's pixel size for `mode`.
    public static func grid(_ bitmap: Bitmap, mode: FrameMode, color: ColorMode, background: Color) -> CellGrid {
        let (px, py) = mode.pixelsPerCell
        let cols = bitmap.width / px, rows = bitmap.height / py
        var grid = CellGrid(columns: cols, rows: rows)
        guard cols > 0, rows > 0 else { return grid }
        let flat = Flattened(bitmap, background: background)
        switch mode {
        case .ascii: ascii(flat, color: color, into: &grid)
        case .blocks: blocks(flat, color: color, into: &grid)
        case .braille: braille(flat, color: color, into: &grid)
        }
        return grid
    }

    /// Opaque pixels as integer RGB, plus each pixel's ink.
    struct Flattened {
        let width: Int
        var rgb: [Int32]
        var ink: [Float]

        init(_ b: Bitmap, background: Color) {
            width = b.width
            let base = background.a > 0 ? Bitmap.bytes(background) : (0, 0, 0, 255)
            let br = Int32(base.0), bg = Int32(base.1), bb = Int32(base.2)
            let n = b.width * b.height
            rgb = [Int32](repeating: 0, count: n * 3)
            ink = [Float](repeating: 0, count: n)
            b.pixels.withUnsafeBufferPointer { p in
                for i in 0..<n {
                    let a = Int32(p[i * 4 + 3])
                    // Integer "over" with rounding: deterministic everywhere.
                    let r = (Int32(p[i * 4]) * a + br * (255 - a) + 127) / 255
                    let g = (Int32(p[i * 4 + 1]) * a + bg * (255 - a) + 127) / 255
                    let bl = (Int32(p[i * 4 + 2]) * a + bb * (255 - a) + 127) / 255
                    rgb[i * 3] = r; rgb[i * 3 + 1] = g; rgb[i * 3 + 2] = bl
                    let d = max(abs(r - br), abs(g - bg), abs(bl - bb))
                    ink[i] = Float(d) / 255
                }
            }
        }

        func color(_ i: Int, _ mode: ColorMode) -> TerminalColor {
            TerminalColor(r: UInt8(rgb[i * 3]), g: UInt8(rgb[i * 3 + 1]), b: UInt8(rgb[i * 3 + 2]), mode: mode)
        }

        /// The mean colour of some pixels.
        func mean(_ idx: [Int], _ mode: ColorMode) -> TerminalColor {
            guard !idx.isEmpty else { return .default }
            var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
            for i in idx { r += rgb[i * 3]; g += rgb[i * 3 + 1]; b += rgb[i * 3 + 2] }
            let n = Int32(idx.count)
            return TerminalColor(r: UInt8((r + n / 2) / n), g: UInt8((g + n / 2) / n),
                                 b: UInt8((b + n / 2) / n), mode: mode)
        }
    }

    private static func ascii(_ f: Flattened, color: ColorMode, into grid: inout CellGrid) {
        let steps = Float(asciiRamp.count - 1)
        for r in 0..<grid.rows {
            for c in 0..<grid.columns {
                let i = r * f.width + c
                let level = Int((f.ink[i] * steps).rounded())
                let ch = asciiRamp[max(0, min(asciiRamp.count - 1, level))]
                grid[c, r] = Cell(ch, foreground: ch == " " ? .default : f.color(i, color))
            }
        }
    }

    private static func blocks(_ f: Flattened, color: ColorMode, into grid: inout CellGrid) {
        for r in 0..<grid.rows {
            for c in 0..<grid.columns {
                let top = (2 * r) * f.width + c, bottom = top + f.width
                if color == .none {
                    let t = f.ink[top] >= inkThreshold, b = f.ink[bottom] >= inkThreshold
                    let ch: Unicode.Scalar = t ? (b ? "█" : "▀") : (b ? "▄" : " ")
                    grid[c, r] = Cell(ch)
                } else {
                    let fg = f.color(top, color), bg = f.color(bottom, color)
                    // NB: a cell whose halves agree is a space on the background: fewer bytes.
                    grid[c, r] = fg == bg ? Cell(" ", background: bg) : Cell("▀", foreground: fg, background: bg)
                }
            }
        }
    }

    /// Dot bits of a braille cell, by (x, y) within the 2x4 block.
    static let brailleBits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    private static func braille(_ f: Flattened, color: ColorMode, into grid: inout CellGrid) {
        var inked: [Int] = [], plain: [Int] = []
        inked.reserveCapacity(8); plain.reserveCapacity(8)
        for r in 0..<grid.rows {
            for c in 0..<grid.columns {
                var bits: UInt32 = 0
                inked.removeAll(keepingCapacity: true); plain.removeAll(keepingCapacity: true)
                for dy in 0..<4 {
                    for dx in 0..<2 {
                        let i = (4 * r + dy) * f.width + 2 * c + dx
                        if f.ink[i] >= inkThreshold { bits |= brailleBits[dx][dy]; inked.append(i) } else { plain.append(i) }
                    }
                }
                let ch = bits == 0 ? " " : Unicode.Scalar(0x2800 + bits)!
                if color == .none {
                    grid[c, r] = Cell(ch)
                } else {
                    grid[c, r] = Cell(ch, foreground: bits == 0 ? .default : f.mean(inked, color),
                                      background: f.mean(plain.isEmpty ? inked : plain, color))
                }
            }
        }
    }
}
