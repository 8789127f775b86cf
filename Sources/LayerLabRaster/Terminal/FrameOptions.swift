/// What a terminal frame looks like: the cells available, the mode and the colours.
public struct FrameOptions: Hashable, Sendable {
    /// Cells available; the frame uses the largest part that keeps the canvas aspect.
    public var columns: Int
    public var rows: Int
    public var mode: FrameMode
    public var color: ColorMode

    public init(columns: Int = 80, rows: Int = 24, mode: FrameMode = .blocks, color: ColorMode = .truecolor) {
        self.columns = columns; self.rows = rows; self.mode = mode; self.color = color
    }
}
