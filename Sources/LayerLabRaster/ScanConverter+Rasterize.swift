extension ScanConverter.State {
    /// What a rasterize call hands each row: y, x0, x1, coverage (absolute x), constant runs.
    typealias RowBody = (Int, Int, Int, UnsafeMutableBufferPointer<Float>, UnsafeBufferPointer<Run>) -> Void

    /// One shape's sweep: its edges, the scratch it writes, and its clipped bounds, rows
    /// `rowStart..<rowEnd` and `stride` cells a band row from column `colStart` (the columns
    /// plus a spill column), in bands of `bandRows` rows. Raw pointers only, taken from the
    /// state once a shape, so its methods need no `State` (a non-mutating method of the state,
    /// called from a mutating one, would be handed a copy of all of it).
    struct Sweep {
        let edges: UnsafeBufferPointer<Edge>
        let area: UnsafeMutableBufferPointer<Float>
        let hi: UnsafeMutableBufferPointer<Int32>
        let cover: UnsafeMutableBufferPointer<Float>
        let width: Int
        let rowStart: Int, rowEnd: Int, colStart: Int, stride: Int, bandRows: Int
    }

    /// As `rasterize`, but a row's stretches of constant coverage come as runs (ascending,
    /// within `x0..<x1`) and `coverage` holds values only outside them, so interiors and
    /// holes cost nothing per pixel here.
    /// Shapes whose parts may overlap go to the exact winding; narrow ones are swept whole
    /// (`Sweep.dense`), wide ones only where edges passed (`Sweep.marked`).
    mutating func rasterizeRuns(evenOdd: Bool, _ body: RowBody) {
        guard edgeCount > 0 else { return }
        defer { reset() }
        let rowStart = Self.floorIndex(minY, height), rowEnd = Self.ceilIndex(maxY, height)
        let colStart = Self.floorIndex(minX, width), colEnd = Self.ceilIndex(maxX, width)
        guard rowStart < rowEnd else { return }
        let boxes = UnsafeBufferPointer(start: self.boxes.base, count: boxCount)
        if Self.needsExactWinding(evenOdd: evenOdd, mayOverlap: mayOverlap, boxes: boxes) {
            sampled.load(UnsafeBufferPointer(start: edges, count: edgeCount))
            sampled.rasterizeRuns(evenOdd: evenOdd, body)
            return
        }
        let stride = colEnd - colStart + 2
        let bandRows = max(1, min(rowEnd - rowStart, Self.bandCells / stride))
        area.reserve(stride * bandRows)
        rowHi.reserve(bandRows)
        // Edges visited and cells swept, for `WorkCounter` (tests check that it grows with
        // the edges and pixels, as the method promises).
        var work = 0
        defer { counter?.add(work) }
        if stride > denseStride {
            // The wide sweep's own scratch: each row's first cell and marked blocks, its runs.
            rowLo.reserve(bandRows)
            marks.reserve(Sweep.markWords(stride: stride) * bandRows)
            // A row has at most one run per `minRun` + 1 cells, plus one.
            runs.reserve(stride / (Self.minRun + 1) + 2)
        }
        let sweep = Sweep(edges: UnsafeBufferPointer(start: edges, count: edgeCount), area: area.buffer,
                          hi: rowHi.buffer, cover: cover.buffer, width: width,
                          rowStart: rowStart, rowEnd: rowEnd, colStart: colStart, stride: stride, bandRows: bandRows)
        if stride <= denseStride {
            work = sweep.dense(body)
        } else {
            work = sweep.marked(lo: rowLo.buffer, marks: marks.base, runs: runs.buffer, body)
        }
        _checkCleared(cells: stride * bandRows, markWords: marks.count)
    }
}

extension ScanConverter.State.Sweep {
    typealias State = ScanConverter.State
    typealias Run = ScanConverter.Run

    /// Mark words a band row of `stride` cells needs (one bit per block).
    static func markWords(stride: Int) -> Int { (stride + 64 * State.block - 1) / (64 * State.block) }

    /// A narrow shape: every cell of every row is swept, so edges keep no spans. Returns
    /// the work done. NB: its own band loop: one loop for both sweeps, deciding per row and
    /// per edge row, cost 2 % more instructions on the 1,000-layer frame.
    @inline(__always)
    func dense(_ body: State.RowBody) -> Int {
        let xOrigin = Double(colStart)
        let none = UnsafeBufferPointer<Run>(start: nil, count: 0)
        var work = 0
        var bandTop = rowStart
        while bandTop < rowEnd {
            let bandBottom = min(rowEnd, bandTop + bandRows)
            for r in 0..<(bandBottom - bandTop) { hi[r] = 0 }
            let top = Double(bandTop), bottom = Double(bandBottom)
            work += edges.count
            for e in edges {
                State.accumulate(e, xOrigin: xOrigin, topRow: bandTop, top: top, bottom: bottom, stride: stride,
                                 area: area, hi: hi, spans: nil)
            }
            for r in 0..<(bandBottom - bandTop) {
                let h = min(stride, Int(hi[r]))
                work += h
                State.sweepAll(area.baseAddress! + r * stride, count: h, cover: cover.baseAddress! + colStart)
                // Uncovered cells trimmed from both ends.
                var x0 = colStart, x1 = min(width, colStart + h)
                while x0 < x1 && cover[x0] == 0 { x0 += 1 }
                while x1 > x0 && cover[x1 - 1] == 0 { x1 -= 1 }
                if x1 > x0 { body(bandTop + r, x0, x1, cover, none) }
            }
            bandTop = bandBottom
        }
        return work
    }

    /// A wide shape: edges record each row's first cell (`lo`) and the blocks they touched
    /// (`marks`), and the sweep visits only those, handing the stretches between as `runs`.
    /// Returns the work done.
    @inline(__always)
    func marked(lo: UnsafeMutableBufferPointer<Int32>, marks: UnsafeMutablePointer<UInt64>,
                runs: UnsafeMutableBufferPointer<Run>, _ body: State.RowBody) -> Int {
        let xOrigin = Double(colStart)
        let words = Self.markWords(stride: stride)
        let spans = State.Spans(lo: lo, marks: marks, words: words)
        var work = 0
        var bandTop = rowStart
        while bandTop < rowEnd {
            let bandBottom = min(rowEnd, bandTop + bandRows)
            for r in 0..<(bandBottom - bandTop) { lo[r] = Int32(stride); hi[r] = 0 }
            let top = Double(bandTop), bottom = Double(bandBottom)
            work += edges.count
            for e in edges {
                State.accumulate(e, xOrigin: xOrigin, topRow: bandTop, top: top, bottom: bottom, stride: stride,
                                 area: area, hi: hi, spans: spans)
            }
            for r in 0..<(bandBottom - bandTop) {
                let l = Int(lo[r]), h = min(stride, Int(hi[r]))
                guard l < h else { continue }
                work += h - l
                let n = State.sweep(area.baseAddress! + r * stride, from: l, to: h, marks: marks + r * words, words: words,
                                    cover: cover.baseAddress! + colStart, runs: runs, colStart: colStart)
                let x0 = colStart + l
                let (x1, kept) = State.trimRowEnd(x0: x0, x1: colStart + h, width: width, cover: cover,
                                                  runs: runs, count: n)
                if x1 > x0 {
                    let row = UnsafeBufferPointer(start: runs.baseAddress, count: kept)
                    State._checkRuns(row, x0: x0, x1: x1)
                    body(bandTop + r, x0, x1, cover, row)
                }
            }
            bandTop = bandBottom
        }
        return work
    }
}

extension ScanConverter.State {
    /// A swept row's end trimmed of zero runs and uncovered cells, then cut at the surface's
    /// `width`: returns its new end and how many of `runs[0..<count]` it keeps (the last one
    /// shortened to end there).
    @inline(__always)
    static func trimRowEnd(x0: Int, x1 end: Int, width: Int, cover: UnsafeMutableBufferPointer<Float>,
                           runs: UnsafeMutableBufferPointer<Run>, count: Int) -> (Int, Int) {
        var x1 = end, n = count
        while true {
            if n > 0 && Int(runs[n - 1].x1) >= x1 {
                guard runs[n - 1].value == 0 else { break }
                x1 = Int(runs[n - 1].x0); n -= 1
            } else if x1 > x0 && cover[x1 - 1] == 0 {
                x1 -= 1
            } else {
                break
            }
        }
        x1 = min(width, x1)
        while n > 0 && Int(runs[n - 1].x0) >= x1 { n -= 1 }
        if n > 0 && Int(runs[n - 1].x1) > x1 { runs[n - 1].x1 = Int32(x1) }
        return (x1, n)
    }

    /// Runs handed with a row are non-empty, ascending, apart, and within `x0..<x1`. Debug
    /// builds only.
    @inline(__always)
    static func _checkRuns(_ runs: UnsafeBufferPointer<Run>, x0: Int, x1: Int) {
        #if DEBUG
        var at = x0
        for run in runs {
            precondition(Int(run.x0) >= at && run.x0 < run.x1 && Int(run.x1) <= x1,
                         "scan: run \(run.x0)..<\(run.x1) out of order or outside \(x0)..<\(x1)")
            at = Int(run.x1)
        }
        #endif
    }
}
