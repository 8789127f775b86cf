/// One terminal cell of a frame: a character with its colours.
package struct Cell: Hashable, Sendable {
    package var character: Unicode.Scalar
    package var foreground: TerminalColor
    package var background: TerminalColor

    package init(_ character: Unicode.Scalar, foreground: TerminalColor = .default,
                background: TerminalColor = .default) {
        self.character = character; self.foreground = foreground; self.background = background
    }

    package static let blank = Cell(" ")
}

/// A frame as terminal cells, row by row: what the encoders print and diff.
package struct CellGrid: Hashable, Sendable {
    package let columns: Int
    package let rows: Int
    package var cells: [Cell]

    package init(columns: Int, rows: Int, fill: Cell = .blank) {
        self.columns = max(0, columns); self.rows = max(0, rows)
        cells = [Cell](repeating: fill, count: self.columns * self.rows)
    }

    package subscript(column: Int, row: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// The characters alone, one string a row: what goldens and tests compare.
    package var plainRows: [String] {
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
