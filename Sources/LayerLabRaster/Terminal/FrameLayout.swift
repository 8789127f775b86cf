import LayerLabCore

/// Where a canvas lands on the terminal: cells used and the pixel grid behind them.
///
/// Cells are taken as twice as tall as wide, so the canvas keeps its aspect ratio.
package struct FrameLayout: Hashable, Sendable {
    package var columns: Int
    package var rows: Int
    package var mode: FrameMode

    /// Pixels rendered for the cells (`ascii` uses one tall pixel a cell).
    package var pixelWidth: Int { columns * mode.pixelsPerCell.x }
    package var pixelHeight: Int { rows * mode.pixelsPerCell.y }

    package init(columns: Int, rows: Int, mode: FrameMode) {
        self.columns = max(1, columns); self.rows = max(1, rows); self.mode = mode
    }

    /// The largest frame within `columns` x `rows` cells showing `canvas` at its aspect.
    package static func fit(canvas: Size, columns: Int, rows: Int, mode: FrameMode) -> FrameLayout {
        let cols = max(1, min(4096, columns)), rws = max(1, min(4096, rows))
        let cw = canvas.width > 0 && canvas.width.isFinite ? canvas.width : 1
        let ch = canvas.height > 0 && canvas.height.isFinite ? canvas.height : 1
        // Units of half a cell height, which are square.
        let s = min(Double(cols) / cw, Double(2 * rws) / ch)
        let c = clampedInt((cw * s).rounded(), 1, cols)
        let r = clampedInt((ch * s / 2).rounded(), 1, rws)
        return FrameLayout(columns: c, rows: r, mode: mode)
    }
}
