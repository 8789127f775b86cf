import LayerLabCore

/// A colour as a terminal shows it: the terminal's default, 24-bit, or one of 256.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case rgb(UInt8, UInt8, UInt8)
    case indexed(UInt8)

    /// The nearest colour `mode` can show (`.default` when colour is off).
    public init(_ c: Color, mode: ColorMode) {
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

    /// The nearest xterm-256 index among the 6x6x6 cube (16…231) and the grey ramp (232…255).
    static func index256(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        let levels: [Int] = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ v: Int) -> Int {
            var best = 0
            for i in 1..<6 where abs(levels[i] - v) < abs(levels[best] - v) { best = i }
            return best
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

    /// The SGR parameters selecting this colour as foreground or background.
    func sgr(foreground: Bool) -> String {
        switch self {
        case .default: return foreground ? "39" : "49"
        case .rgb(let r, let g, let b): return (foreground ? "38;2;" : "48;2;") + "\(r);\(g);\(b)"
        case .indexed(let n): return (foreground ? "38;5;" : "48;5;") + "\(n)"
        }
    }
}
