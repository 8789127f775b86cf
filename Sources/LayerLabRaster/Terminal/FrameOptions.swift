/// What a terminal frame looks like: the cells available, the mode and the colours.
package struct FrameOptions: Hashable, Sendable {
    /// Cells available; the frame uses the largest part that keeps the canvas aspect.
    package var columns: Int
    package var rows: Int
    package var mode: FrameMode
    package var color: ColorMode

    package init(columns: Int = 80, rows: Int = 24, mode: FrameMode = .blocks, color: ColorMode = .truecolor) {
        self.columns = columns; self.rows = rows; self.mode = mode; self.color = color
    }
}
