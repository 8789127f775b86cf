import LayerLabCore

extension ScanConverter.State {
    /// `clampedInt(v.rounded(.down), 0, n)` without a libm call: truncation is the floor
    /// wherever the clamp does not decide.
    @inline(__always) static func floorIndex(_ v: Double, _ n: Int) -> Int { clampedInt(v, 0, n) }

    /// `clampedInt(v.rounded(.up), 0, n)` without a libm call.
    @inline(__always) static func ceilIndex(_ v: Double, _ n: Int) -> Int {
        let c = clampedInt(v, 0, n)
        return c < n && v > Double(c) ? c + 1 : c
    }

    /// Adds one edge's signed area to the band's cells (rows `top..<bottom`; `top` is
    /// `Double(topRow)`), raising each row's `hi` past the last cell it wrote, and recording
    /// the rest of what it touched in `spans` when given.
    @inline(__always)
    static func accumulate(_ e: Edge, xOrigin: Double, topRow: Int, top: Double, bottom: Double, stride: Int,
                           area: UnsafeMutableBufferPointer<Float>, hi: UnsafeMutableBufferPointer<Int32>,
                           spans: Spans?) {
        let down = e.y0 < e.y1
        let dir: Double = down ? 1 : -1
        let (ax, ay, bx, by) = down ? (e.x0, e.y0, e.x1, e.y1) : (e.x1, e.y1, e.x0, e.y0)
        guard by > top, ay < bottom else { return }
        let dxdy = (bx - ax) / (by - ay)
        let yFirst = larger(ay, top), yLast = min(by, bottom)
        let maxCell = Double(stride - 2)
        var y = yFirst
        var x = min(maxCell, larger(ax + (yFirst - ay) * dxdy - xOrigin, 0))
        // NB: yFirst ≥ top ≥ 0 and x ≥ 0 below, so truncation is floor (no libm call), and
        // both are bounded (by the band and by `maxCell`; a NaN clamps to 0), so they convert
        // unchecked. Row and cell arithmetic wraps (`&+`, `&*`): every index lies inside the
        // band, at most `bandCells` cells, so overflow checks could never fire.
        var row = truncatedInt(yFirst) &- topRow
        while y < yLast {
            let yNext = min(yLast, top + Double(row &+ 1))
            let dy = yNext - y
            // NB: the last row's x comes from the edge's end, so no error builds up.
            var xNext = yNext == by ? bx - xOrigin : x + dxdy * dy
            xNext = min(maxCell, larger(xNext, 0))
            let d = Float(dy * dir)
            let base = row &* stride
            let (l, r) = x < xNext ? (x, xNext) : (xNext, x)
            let li = truncatedInt(l)
            let lf = Double(li)
            // The last cell the edge reaches (r rounded up): li or li + 1 when it stays
            // within one cell, as it nearly always does in small shapes.
            let ri: Int
            if r <= lf + 1 {
                ri = r > lf ? li &+ 1 : li
                // Within one cell: the part right of the edge's mean x.
                let xm = Float((x + xNext) * 0.5 - lf)
                area[base &+ li] += d - d * xm
                area[base &+ li &+ 1] += d * xm
            } else {
                let rt = truncatedInt(r)
                ri = Double(rt) < r ? rt &+ 1 : rt
                let rc = Double(ri)
                // Across cells: a trapezoid spread by the edge's slope (font-rs's formula).
                let s = Float(1 / (r - l))
                let lfrac = Float(l - lf)
                let a0 = 0.5 * s * (1 - lfrac) * (1 - lfrac)
                let rfrac = Float(r - rc + 1)
                let am = 0.5 * s * rfrac * rfrac
                area[base &+ li] += d * a0
                if ri == li &+ 2 {
                    area[base &+ li &+ 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - lfrac)
                    area[base &+ li &+ 1] += d * (a1 - a0)
                    var c = li + 2
                    while c < ri - 1 { area[base + c] += d * s; c += 1 }
                    let a2 = a1 + Float(ri - li - 3) * s
                    area[base + ri - 1] += d * (1 - a2 - am)
                }
                area[base &+ ri] += d * am
            }
            // NB: cells are below `stride`, far inside Int32.
            if Int32(truncatingIfNeeded: ri &+ 1) > hi[row] { hi[row] = Int32(truncatingIfNeeded: ri &+ 1) }
            if let spans {
                let lo = spans.lo, marks = spans.marks, words = spans.words
                if Int32(truncatingIfNeeded: li) < lo[row] { lo[row] = Int32(truncatingIfNeeded: li) }
                // The blocks of cells li...ri + 1 (the within-cell case writes li + 1 ≤ ri + 1):
                // one mask when they share a word, as they nearly always do.
                // NB: cells are never negative, so a shift divides (`/` on a signed Int also
                // fixes up negative values, a few instructions per edge row).
                let bFirst = li &>> blockShift, bLast = min(ri + 1, stride - 1) &>> blockShift
                if bFirst >> 6 == bLast >> 6 {
                    let bits = (UInt64.max << UInt64(bFirst & 63)) & (UInt64.max >> UInt64(63 - (bLast & 63)))
                    marks[row * words + bFirst >> 6] |= bits
                } else {
                    for b in bFirst...bLast { marks[row * words + b >> 6] |= 1 << UInt64(b & 63) }
                }
            }
            x = xNext; y = yNext; row &+= 1
        }
    }
}
