/// How a frame reaches the terminal: as characters (`ascii`, `blocks`, `braille`) or as a real
/// image in one of the terminal graphics protocols (`kitty`, `sixel`, `iterm`, or `pixels`, the
/// best one the terminal answers for).
package enum FrameMode: String, Hashable, Sendable, CaseIterable {
    /// 7-bit characters by how much a cell differs from the background: works everywhere.
    case ascii
    /// `▀` half blocks: two pixels a cell, top as foreground, bottom as background.
    case blocks
    /// Braille patterns: 2x4 dots a cell.
    case braille
    /// The kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole).
    case kitty
    /// DEC sixel graphics (xterm as a VT340, foot, WezTerm, mlterm, Konsole, iTerm2, VS Code).
    case sixel
    /// iTerm2's inline images (iTerm2, WezTerm).
    case iterm
    /// The best pixel protocol the terminal answers for; resolved at the terminal, never drawn
    /// as itself.
    case pixels

    /// True for the image modes, whose frames are pictures rather than cells.
    package var isPixels: Bool {
        switch self {
        case .ascii, .blocks, .braille: return false
        case .kitty, .sixel, .iterm, .pixels: return true
        }
    }

    /// The modes that draw characters (every one has its golden frames).
    package static let characterModes: [FrameMode] = [.ascii, .blocks, .braille]

    /// The character mode that stands in for an image mode where only cells can be drawn (a
    /// cast, a cell grid): half blocks. A character mode is itself.
    package var cellMode: FrameMode { isPixels ? .blocks : self }

    /// Pixels per cell, across and down, for the character modes (an image mode uses its
    /// stand-in's: the real figure is the terminal's, see `PixelLayout`).
    package var pixelsPerCell: (x: Int, y: Int) {
        switch cellMode {
        case .ascii: return (1, 1)
        case .braille: return (2, 4)
        default: return (1, 2)
        }
    }

    /// The default mode: `blocks` where the terminal takes UTF-8 and colour, `ascii`
    /// elsewhere. UTF-8 is read from the first set of `LC_ALL`, `LC_CTYPE`, `LANG`.
    package static func preferred(environment env: [String: String], color: ColorMode) -> FrameMode {
        let locale = [env["LC_ALL"], env["LC_CTYPE"], env["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let l = locale.lowercased()
        let utf8 = l.contains("utf-8") || l.contains("utf8")
        return utf8 && color != .none ? .blocks : .ascii
    }
}
