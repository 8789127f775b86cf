import LayerLabCore
import Testing
import TestSupport
@testable import LayerLabRaster

/// Colour-mode choice, sizing, cell encodings and the byte-exact ANSI output.
@Suite struct TerminalEncodingTests {
    /// A frame's bytes written straight from the pixels are the bytes of its cell grid, in
    /// every mode and colour mode, over clear and coloured backgrounds, at odd sizes (a
    /// partial last cell, no whole cell at all).
    @Test func framesWrittenFromPixelsAreTheirGridsBytes() {
        var rng = SplitMix64(seed: 21)
        for (w, h) in [(33, 17), (8, 8), (1, 3), (0, 4), (5, 0)] {
            var px = [UInt8](repeating: 0, count: w * h * 4)
            for i in px.indices {
                // Runs of one colour (so escapes are skipped), some translucent pixels.
                px[i] = i % 4 == 3 ? (rng.next() % 4 == 0 ? UInt8(rng.next() % 256) : 255)
                    : (rng.next() % 3 == 0 ? UInt8(rng.next() % 256) : px[max(0, i - 4)])
            }
            let bitmap = Bitmap(width: w, height: h, pixels: px)
            for mode in FrameMode.allCases {
                for color in ColorMode.allCases {
                    for background in [Color.clear, Color(0.2, 0.4, 0.9)] {
                        var fromGrid: [UInt8] = [], fromPixels: [UInt8] = []
                        ANSIEncoder.write(CellEncoder.grid(bitmap, mode: mode, color: color, background: background),
                                          into: &fromGrid)
                        CellEncoder.write(bitmap, mode: mode, color: color, background: background, into: &fromPixels)
                        #expect(fromPixels.elementsEqual(fromGrid), "\(w)x\(h) \(mode) \(color) \(background)")
                    }
                }
            }
        }
    }

    @Test func colorModeFollowsEnvironment() {
        #expect(ColorMode.resolve(.auto, environment: ["COLORTERM": "truecolor"]) == .truecolor)
        #expect(ColorMode.resolve(.auto, environment: ["COLORTERM": "24bit", "TERM": "xterm"]) == .truecolor)
        #expect(ColorMode.resolve(.auto, environment: ["TERM": "xterm-256color"]) == .ansi256)
        #expect(ColorMode.resolve(.auto, environment: ["COLORTERM": "truecolor", "NO_COLOR": ""]) == .none)
        #expect(ColorMode.resolve(.auto, environment: ["TERM": "dumb"]) == .none)
        #expect(ColorMode.resolve(.auto, environment: ["COLORTERM": "truecolor"], isTerminal: false) == .none)
        #expect(ColorMode.resolve(.always, environment: ["NO_COLOR": "1"]) == .ansi256)
        #expect(ColorMode.resolve(.never, environment: ["COLORTERM": "truecolor"]) == .none)
    }

    /// Colour escapes write their components from a table of digits: every byte value, in
    /// 24-bit and 256-colour escapes, must read as its decimal number.
    @Test func colourEscapesSpellEveryComponentInDecimal() {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        defer { scratch.deallocate() }
        func sgr(_ c: TerminalColor, foreground: Bool) -> String {
            var w = ANSIEncoder.ByteWriter(scratch)
            c.writeSGR(foreground: foreground, to: &w)
            return String(decoding: UnsafeBufferPointer(start: scratch, count: w.count), as: UTF8.self)
        }
        for v in 0...255 {
            let b = UInt8(v), g = UInt8(255 - v), r = UInt8(v / 2)
            #expect(sgr(.rgb(r, g, b), foreground: true) == "38;2;\(r);\(g);\(b)")
            #expect(sgr(.indexed(b), foreground: false) == "48;5;\(b)")
        }
    }

    @Test func preferredModeNeedsUTF8AndColour() {
        #expect(FrameMode.preferred(environment: ["LANG": "en_US.UTF-8"], color: .ansi256) == .blocks)
        #expect(FrameMode.preferred(environment: ["LANG": "C"], color: .truecolor) == .ascii)
        #expect(FrameMode.preferred(environment: ["LC_ALL": "C.utf8", "LANG": "C"], color: .truecolor) == .blocks)
        #expect(FrameMode.preferred(environment: ["LANG": "en_US.UTF-8"], color: .none) == .ascii)
    }

    @Test func layoutKeepsAspectOnTallCells() {
        // A square canvas on 80x24: 24 rows are 48 half-cells, so 48 columns.
        let l = FrameLayout.fit(canvas: Size(200, 200), columns: 80, rows: 24, mode: .blocks)
        #expect(l.columns == 48 && l.rows == 24)
        #expect(l.pixelWidth == 48 && l.pixelHeight == 48)
        let wide = FrameLayout.fit(canvas: Size(400, 100), columns: 80, rows: 24, mode: .braille)
        #expect(wide.columns == 80 && wide.rows == 10)
        #expect(wide.pixelWidth == 160 && wide.pixelHeight == 40)
        let tiny = FrameLayout.fit(canvas: Size(0, -5), columns: 0, rows: 0, mode: .ascii)
        #expect(tiny.columns >= 1 && tiny.rows >= 1)
    }

    @Test func ansi256PicksCubeAndGreys() {
        #expect(TerminalColor.index256(r: 255, g: 0, b: 0) == 196)
        #expect(TerminalColor.index256(r: 0, g: 0, b: 0) == 16)
        #expect(TerminalColor.index256(r: 255, g: 255, b: 255) == 231)
        #expect(TerminalColor.index256(r: 128, g: 128, b: 128) == 244)
    }

    @Test func ansi256IsTheNearestByBruteForce() {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
            func d(_ x: (Int, Int, Int)) -> Int { (x.0 - r) * (x.0 - r) + (x.1 - g) * (x.1 - g) + (x.2 - b) * (x.2 - b) }
            func level(_ v: Int) -> Int { (0..<6).min { abs(levels[$0] - v) < abs(levels[$1] - v) || (abs(levels[$0] - v) == abs(levels[$1] - v) && $0 < $1) }! }
            let (ri, gi, bi) = (level(r), level(g), level(b))
            let grey = max(0, min(23, ((r + g + b) / 3 - 8 + 5) / 10))
            let gv = 8 + 10 * grey
            return d((gv, gv, gv)) < d((levels[ri], levels[gi], levels[bi])) ? 232 + grey : 16 + 36 * ri + 6 * gi + bi
        }
        for r in stride(from: 0, through: 255, by: 5) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in [0, 47, 48, 115, 116, 155, 156, 195, 196, 235, 236, 255] {
                    #expect(Int(TerminalColor.index256(r: UInt8(r), g: UInt8(g), b: UInt8(b))) == nearest(r, g, b))
                }
            }
        }
    }

    static func grid(_ rows: [[Cell]]) -> CellGrid {
        var g = CellGrid(columns: rows[0].count, rows: rows.count)
        for (r, row) in rows.enumerated() { for (c, cell) in row.enumerated() { g[c, r] = cell } }
        return g
    }

    @Test func fullFrameEmitsColoursOnlyOnChange() {
        let red = TerminalColor.rgb(255, 0, 0), blue = TerminalColor.indexed(21)
        let g = Self.grid([[Cell("▀", foreground: red, background: blue), Cell("▀", foreground: red, background: blue),
                            Cell(" ")]])
        #expect(ANSIEncoder.text(g) == "\u{1B}[38;2;255;0;0;48;5;21m▀▀\u{1B}[49m \u{1B}[0m\n")
        #expect(ANSIEncoder.text(Self.grid([[Cell("a"), Cell("b")]])) == "ab\n")
    }

    @Test func diffRedrawsOnlyChangedCells() {
        let a = Self.grid([[Cell("a"), Cell("b"), Cell("c")], [Cell("d"), Cell("e"), Cell("f")]])
        var b = a
        b[1, 0] = Cell("X"); b[2, 0] = Cell("Y"); b[0, 1] = Cell("Z", foreground: .indexed(9))
        #expect(ANSIEncoder.diff(from: a, to: b) == "\u{1B}[1;2HXY\u{1B}[2;1H\u{1B}[38;5;9mZ\u{1B}[0m")
        #expect(ANSIEncoder.diff(from: b, to: b) == "")
        // Offset origin, and a full redraw when there is no previous frame.
        #expect(ANSIEncoder.diff(from: nil, to: a, row: 3, column: 5) == "\u{1B}[3;5Habc\u{1B}[4;5Hdef")
    }

    @Test func asciiRampFollowsInk() {
        var b = Bitmap(width: 3, height: 1, fill: .white)
        b[1, 0] = Color(0.5, 0.5, 0.5)
        b[2, 0] = .black
        let g = CellEncoder.grid(b, mode: .ascii, color: .none, background: .white)
        #expect(g.plainRows == [" =@"])
    }

    @Test func brailleDotsFollowPixels() {
        var b = Bitmap(width: 2, height: 4, fill: .white)
        b[0, 0] = .black; b[1, 3] = .black
        let g = CellEncoder.grid(b, mode: .braille, color: .none, background: .white)
        #expect(g.plainRows == ["\u{2881}"])
    }
}
