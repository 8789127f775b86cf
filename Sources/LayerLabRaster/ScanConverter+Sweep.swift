import LayerLabCore

extension ScanConverter.State {
    /// A stretch of a row where no edge passes, so every pixel has the same coverage: a
    /// shape's interior (coverage 1) or a hole (0), which solid paints fill or skip whole.
    struct Run {
        var x0: Int32, x1: Int32
        var value: Float
    }

    /// Writes a run's value into `cover` over its pixels.
    @inline(__always) static func fill(_ run: Run, _ cover: UnsafeMutableBufferPointer<Float>) {
        (cover.baseAddress! + Int(run.x0)).update(repeating: run.value, count: Int(run.x1 - run.x0))
    }

    /// Cells per mark bit: an edge marks the blocks it writes to, and only those are swept.
    static let block = 8
    /// log2 of `block`.
    static let blockShift = 3

    /// One row's running sum over its first `count` cells (up to the last an edge touched):
    /// writes `cover[c]` (relative to the box) for each and zeroes the cells. The same values
    /// `sweep` gives: the cells it skips hold zeros, which leave the sum as it is.
    @inline(__always)
    static func sweepAll(_ area: UnsafeMutablePointer<Float>, count: Int, cover: UnsafeMutablePointer<Float>) {
        var acc: Float = 0
        for c in 0..<count {
            acc += area[c]
            area[c] = 0
            cover[c] = min(1, abs(acc))
        }
    }

    /// Where a wide shape's edges record what they touched, per band row: the first cell
    /// (`lo`) and the marked blocks (`words` words a row).
    struct Spans {
        let lo: UnsafeMutableBufferPointer<Int32>
        let marks: UnsafeMutablePointer<UInt64>
        let words: Int
    }

    /// One row's running sum over cells `l..<h`, visiting only the blocks marked in `marks`
    /// (and clearing them), from each one's first to its last cell with area: writes
    /// `cover[c]` (relative to the box) there and zeroes the cells. Each stretch between, where
    /// the coverage stays what it was, goes to `runs` in absolute x (or, when short, to
    /// `cover`). Returns the run count.
    ///
    /// An edge also marks the block of the cell after its last (`h`), so the words run through
    /// the one holding that mark (of the row's `words`): when `h` starts a word, that word is
    /// beyond the cells swept and would otherwise keep its bit for the next shape.
    @inline(__always)
    static func sweep(_ area: UnsafeMutablePointer<Float>, from l: Int, to h: Int,
                              marks: UnsafeMutablePointer<UInt64>, words: Int, cover: UnsafeMutablePointer<Float>,
                              runs: UnsafeMutableBufferPointer<Run>, colStart: Int) -> Int {
        var acc: Float = 0, v: Float = 0
        var n = 0
        var next = l
        @inline(__always) func constant(to s: Int) {
            guard s > next else { return }
            if s - next >= minRun && n < runs.count {
                runs[n] = Run(x0: Int32(colStart + next), x1: Int32(colStart + s), value: v)
                n += 1
            } else {
                (cover + next).update(repeating: v, count: s - next)
            }
        }
        let bitsPerWord = 64 * block
        for w in (l / bitsPerWord)...min(words - 1, h / bitsPerWord) {
            var bits = marks[w]
            marks[w] = 0
            while bits != 0 {
                let b = w * 64 + bits.trailingZeroBitCount
                bits &= bits - 1
                // NB: cells are compared as bits (a -0.0 just takes the per-cell path).
                var s = max(l, b * block), e = min(h, b * block + block)
                while s < e && area[s].bitPattern == 0 { s += 1 }
                while e > s && area[e - 1].bitPattern == 0 { e -= 1 }
                guard s < e else { continue }
                constant(to: s)
                for c in s..<e {
                    acc += area[c]
                    area[c] = 0
                    v = min(1, abs(acc))
                    cover[c] = v
                }
                next = e
            }
        }
        constant(to: h)
        return n
    }

    /// Stretches shorter than this go to `cover` instead of `runs`.
    static let minRun = 4
}
