import CNumeric
import LayerLabCore

extension Surface {
    /// Blends a shape's rows of coverage with a solid `paint`, weighted by `alpha` and the
    /// clip coverage: the one place fills, strokes and text reach pixels. `rows` hands each
    /// row to the writer (`SolidSpans.row`). The pixels are taken once for the whole shape, so
    /// a row costs only its own pixels (no uniqueness or exclusivity check per row).
    func blend(_ paint: Paint, alpha: Float, clip: [Float]?, rows: (inout SolidSpans) -> Void) {
        guard case .solid(let c) = paint else { return }
        let color = SolidSpans.Color(r: Float(c.r), g: Float(c.g), b: Float(c.b), a: Float(c.a) * alpha,
                                     word: Pixel(r: c.r, g: c.g, b: c.b, a: 255).word)
        let w = width
        var drawn = (x0: Int.max, x1: 0, y0: Int.max, y1: 0)
        px.withUnsafeMutableBufferPointer { d in
            let words = UnsafeMutableRawPointer(d.baseAddress!).assumingMemoryBound(to: UInt32.self)
            func draw(_ clip: UnsafePointer<Float>?) {
                var spans = SolidSpans(words: words, width: w, color: color, clip: clip)
                rows(&spans)
                drawn = spans.drawn
            }
            if let clip { clip.withUnsafeBufferPointer { draw($0.baseAddress) } } else { draw(nil) }
        }
        if drawn.x0 < drawn.x1 {
            markDirty(y: drawn.y0, x0: drawn.x0, x1: drawn.x1)
            markDirty(y: drawn.y1 - 1, x0: drawn.x0, x1: drawn.x1)
        }
    }
}

/// Writes rows of coverage into a surface's pixels with one solid colour (see
/// `Surface.blend(_:alpha:clip:rows:)`), and gathers the rectangle it drew into.
///
/// Every pixel is `colour · k + pixel · (1 − k)` per channel in `Float`, rounded half up, with
/// `k` = coverage · alpha · clip; a weight of 1 (up to float error in the area sums) stores
/// the colour's word, and a weight under `faint` changes no byte, so the pixel is skipped.
/// Runs of one coverage skip the per-pixel weights: a full one is a word fill, a faint one
/// is skipped whole, with the same bytes as blending pixel by pixel.
struct SolidSpans {
    /// A straight colour's components (0…255), its weight, and its opaque word.
    struct Color {
        var r: Float, g: Float, b: Float, a: Float
        var word: UInt32
    }

    let words: UnsafeMutablePointer<UInt32>
    let width: Int
    let color: Color
    /// Coverage per pixel of the whole surface, when clipped.
    let clip: UnsafePointer<Float>?
    private(set) var drawn = (x0: Int.max, x1: 0, y0: Int.max, y1: 0)

    init(words: UnsafeMutablePointer<UInt32>, width: Int, color: Color, clip: UnsafePointer<Float>?) {
        self.words = words; self.width = width; self.color = color; self.clip = clip
    }

    /// Below this weight a blend moves no byte: the change is under 255 · k < ½ a level.
    static let faint: Float = 1 / 512

    /// Row `y`, columns `x0..<x1`: `cover[x]` (absolute x) outside `runs`, each run's value
    /// inside it (see `ScanConverter.rasterizeRuns`).
    @inline(__always)
    mutating func row(y: Int, x0: Int, x1: Int, cover: UnsafeMutableBufferPointer<Float>,
                      runs: UnsafeBufferPointer<ScanConverter.Run>) {
        guard x1 > x0 else { return }
        if x0 < drawn.x0 { drawn.x0 = x0 }
        if x1 > drawn.x1 { drawn.x1 = x1 }
        if y < drawn.y0 { drawn.y0 = y }
        if y + 1 > drawn.y1 { drawn.y1 = y + 1 }
        let row = y * width
        let a = color.a
        var x = x0
        for run in runs {
            let r0 = Int(run.x0), r1 = Int(run.x1)
            pixels(row: row, x0: x, x1: r0, cover: cover)
            let k = run.value * a
            if clip != nil {
                constant(k, row: row, x0: r0, x1: r1)
            } else if k >= 0.99999 {
                (words + row + r0).update(repeating: color.word, count: r1 - r0)
            } else if k >= SolidSpans.faint {
                constant(k, row: row, x0: r0, x1: r1)
            }
            x = r1
        }
        pixels(row: row, x0: x, x1: x1, cover: cover)
    }

    /// Pixels `x0..<x1` of the row starting at pixel `row`, weighted by `cover[x]`.
    @inline(__always)
    private func pixels(row: Int, x0: Int, x1: Int, cover: UnsafeMutableBufferPointer<Float>) {
        guard x1 > x0 else { return }
        let a = color.a
        if let clip {
            for x in x0..<x1 { put(cover[x] * a * clip[row + x], row + x) }
        } else {
            for x in x0..<x1 { put(cover[x] * a, row + x) }
        }
    }

    /// Pixels `x0..<x1` at one weight `k` (a run), times the clip.
    @inline(__always)
    private func constant(_ k: Float, row: Int, x0: Int, x1: Int) {
        guard x1 > x0, k > 0 else { return }
        if let clip {
            for x in x0..<x1 { put(k * clip[row + x], row + x) }
        } else {
            for x in x0..<x1 { put(k, row + x) }
        }
    }

    /// One pixel at weight `k`: each channel `c · k + d · (1 − k)` in `Float`, rounded half
    /// up, as `Pixel.byte` rounds it (for 0 < k < 1 the value lies in 0…255 plus float error
    /// far below ½, so truncating after adding ½ is exact). The four channels are blended
    /// together (`layerlab_blend`, the same operations in the same order). NB: over an opaque
    /// pixel the alpha stays 255: 255·k + 255·(1 − k) + ½ is within 3e-5 of 255.5 in `Float`,
    /// which truncates to 255 (and terminal frames are opaque).
    @inline(__always)
    private func put(_ k: Float, _ i: Int) {
        if k < SolidSpans.faint { return }
        if k >= 0.99999 { words[i] = color.word; return }
        words[i] = layerlab_blend(words[i], color.r, color.g, color.b, k)
    }
}
