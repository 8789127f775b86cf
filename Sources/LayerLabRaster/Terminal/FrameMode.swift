/// How pixels become characters: the three frame modes of `show`, `play` and `frames`.
public enum FrameMode: String, Hashable, Sendable, CaseIterable {
    /// 7-bit characters by how much a cell differs from the background: works everywhere.
    case ascii
    /// `▀` half blocks: two pixels a cell, top as foreground, bottom as background.
    case blocks
    /// Braille patterns: 2x4 dots a cell.
    case braille

    /// Pixels per cell, across and down.
    public var pixelsPerCell: (x: Int, y: Int) {
        switch self {
        case .ascii: return (1, 1)
        case .blocks: return (1, 2)
        case .braille: return (2, 4)
        }
    }

    /// The default mode: `blocks` where the terminal takes UTF-8 and colour, `ascii`
    /// elsewhere. UTF-8 is read from the first set of `LC_ALL`, `LC_CTYPE`, `LANG`.
    public static func preferred(environment env: [String: String], color: ColorMode) -> FrameMode {
        let locale = [env["LC_ALL"], env["LC_CTYPE"], env["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let l = locale.lowercased()
        let utf8 = l.contains("utf-8") || l.contains("utf8")
        return utf8 && color != .none ? .blocks : .ascii
    }
}
