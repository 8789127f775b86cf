import LayerLabCore

/// Where an image frame lands: the cells it covers and its size in pixels, from the terminal's
/// real cell size, so a 120x40 cell window of 10x20 pixel cells shows a frame of up to
/// 1200x800 pixels at the canvas aspect.
package struct PixelLayout: Hashable, Sendable {
    /// Cells covered (the image's top left is the first cell's top left).
    package var columns: Int
    package var rows: Int
    /// The image's size in pixels.
    package var width: Int
    package var height: Int

    package init(columns: Int, rows: Int, width: Int, height: Int) {
        self.columns = columns; self.rows = rows; self.width = width; self.height = height
    }

    /// The largest image within `columns` x `rows` cells of `cell` pixels (and within
    /// `maxPixels`, a terminal's limit, when given) that shows `canvas` at its aspect.
    /// `rowMultiple` rounds the usable height down to a multiple (6 for sixel, whose bands are
    /// six pixels tall, so the last band never reaches past the cells given).
    package static func fit(canvas: Size, columns: Int, rows: Int, cell: (width: Int, height: Int),
                           maxPixels: (width: Int, height: Int)? = nil, rowMultiple: Int = 1) -> PixelLayout {
        let cw = max(1, min(200, cell.width)), ch = max(1, min(400, cell.height))
        var aw = max(1, min(4096, columns)) * cw, ah = max(1, min(4096, rows)) * ch
        if let m = maxPixels, m.width > 0, m.height > 0 { aw = min(aw, m.width); ah = min(ah, m.height) }
        // Frames stay within what a terminal and a frame buffer take comfortably.
        aw = min(aw, 4096); ah = min(ah, 4096)
        let step = max(1, rowMultiple)
        ah = max(step, ah / step * step)
        let w0 = canvas.width > 0 && canvas.width.isFinite ? canvas.width : 1
        let h0 = canvas.height > 0 && canvas.height.isFinite ? canvas.height : 1
        let s = min(Double(aw) / w0, Double(ah) / h0)
        let w = clampedInt((w0 * s).rounded(), 1, aw), h = clampedInt((h0 * s).rounded(), 1, ah)
        return PixelLayout(columns: (w + cw - 1) / cw, rows: (h + ch - 1) / ch, width: w, height: h)
    }
}
