/// One terminal cell of a frame: a character with its colours.
public struct Cell: Hashable, Sendable {
    public var character: Unicode.Scalar
    public var foreground: TerminalColor
    public var background: TerminalColor

    public init(_ character: Unicode.Scalar, foreground: TerminalColor = .default,
                background: TerminalColor = .default) {
        self.character = character; self.foreground = foreground; self.background = background
    }

    public static let blank = Cell(" ")
}

/// A frame as terminal cells, row by row: what the encoders print and diff.
public struct CellGrid: Hashable, Sendable {
    public let columns: Int
    public let rows: Int
    public var cells: [Cell]

    public init(columns: Int, rows: Int, fill: Cell = .blank) {
        self.columns = max(0, columns); self.rows = max(0, rows)
        cells = [Cell](repeating: fill, count: self.columns * self.rows)
    }

    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// The characters alone, one string a row: what goldens and tests compare.
    public var plainRows: [String] {
        (0..<rows).map { r in
            var s = String.UnicodeScalarView()
            for c in 0..<columns { s.append(cells[r * columns + c].character) }
            return String(s)
        }
    }
}

/// Cells a frame's bytes are written from (`ANSIEncoder.write`): a grid's, or worked out from
/// pixels one at a time as they are written.
protocol CellSource {
    var columns: Int { get }
    var rows: Int { get }
    func cell(row: Int, column: Int) -> Cell
}
