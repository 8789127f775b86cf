import LayerLabCore

/// A colour as a terminal shows it: the terminal's default, 24-bit, or one of 256.
package enum TerminalColor: Hashable, Sendable {
    case `default`
    case rgb(UInt8, UInt8, UInt8)
    case indexed(UInt8)

    /// The nearest colour `mode` can show (`.default` when colour is off).
    package init(_ c: Color, mode: ColorMode) {
        let (r, g, b, _) = Bitmap.bytes(c)
        self.init(r: r, g: g, b: b, mode: mode)
    }

    init(r: UInt8, g: UInt8, b: UInt8, mode: ColorMode) {
        switch mode {
        case .none: self = .default
        case .truecolor: self = .rgb(r, g, b)
        case .ansi256: self = .indexed(TerminalColor.index256(r: r, g: g, b: b))
        }
    }

    /// The xterm cube's channel levels.
    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest xterm-256 index among the 6x6x6 cube (16…231) and the grey ramp (232…255).
    static func index256(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        let levels = cubeLevels
        // The nearest of the levels, the lower one on a tie (midpoints 47.5, 115, 155, 195, 235).
        func nearestLevel(_ v: Int) -> Int {
            v <= 47 ? 0 : v <= 115 ? 1 : v <= 155 ? 2 : v <= 195 ? 3 : v <= 235 ? 4 : 5
        }
        let ri = nearestLevel(Int(r)), gi = nearestLevel(Int(g)), bi = nearestLevel(Int(b))
        func dist(_ a: (Int, Int, Int)) -> Int {
            let dr = a.0 - Int(r), dg = a.1 - Int(g), db = a.2 - Int(b)
            return dr * dr + dg * dg + db * db
        }
        let cubeDist = dist((levels[ri], levels[gi], levels[bi]))
        let avg = (Int(r) + Int(g) + Int(b)) / 3
        let gi2 = max(0, min(23, (avg - 8 + 5) / 10))
        let grey = 8 + 10 * gi2
        if dist((grey, grey, grey)) < cubeDist { return UInt8(232 + gi2) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// Writes the SGR parameters selecting this colour.
    @inline(__always) func writeSGR(foreground: Bool, to out: inout ANSIEncoder.ByteWriter) {
        out.put(foreground ? 51 : 52)
        switch self {
        case .default:
            out.put(57)
        case .rgb(let r, let g, let b):
            out.put(56); out.put(59); out.put(50); out.put(59)
            out.number(r); out.put(59); out.number(g); out.put(59); out.number(b)
        case .indexed(let n):
            out.put(56); out.put(59); out.put(53); out.put(59)
            out.number(n)
        }
    }
}
