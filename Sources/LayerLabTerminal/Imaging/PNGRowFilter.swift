/// PNG's row filters (None, Sub, Up, Average, Paeth) for 8-bit RGBA rows, each row given the
/// filter whose output has the smallest sum of absolute values read as signed bytes: the
/// heuristic the PNG specification recommends, and the one libpng applies. Residuals near zero
/// are what deflate compresses best.
///
/// All five residuals depend on the unfiltered bytes only, so each row is scored in one pass
/// of straight-line arithmetic the compiler vectorizes, then written once with the winner.
enum PNGRowFilter: UInt8, CaseIterable {
    case none = 0, sub, up, average, paeth

    /// Bytes per pixel: RGBA, 8 bits a sample.
    static let pixelBytes = 4

    /// Each row of `width` RGBA pixels filtered, led by its filter type byte, handed to `body`
    /// in turn in one reused buffer (so an image is never held filtered whole); stops when
    /// `body` returns false, and returns whether every row was taken.
    static func forEachFilteredRow(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                                   _ body: (_ row: UnsafeBufferPointer<UInt8>, _ isLast: Bool) -> Bool) -> Bool {
        let n = width * pixelBytes
        precondition(pixels.count >= n * height, "PNG rows shorter than the image")
        guard n > 0, height > 0, let base = pixels.baseAddress else { return true }
        // The row above the first is zeros; a pixel left of the first is zeros.
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
        zeros.initialize(repeating: 0, count: n)
        let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: n + 1)
        defer { zeros.deallocate(); out.deallocate() }
        for y in 0..<height {
            let row = base + y * n, prior = y == 0 ? UnsafePointer(zeros) : base + (y - 1) * n
            let filter = best(row: row, prior: prior, count: n)
            out[0] = filter.rawValue
            write(filter, row: row, prior: prior, count: n, into: out.baseAddress! + 1)
            guard body(UnsafeBufferPointer(out), y == height - 1) else { return false }
        }
        return true
    }

    /// The filter whose residuals have the smallest sum of magnitudes (the first on a tie).
    static func best(row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count n: Int) -> PNGRowFilter {
        var none: Int32 = 0, sub: Int32 = 0, up: Int32 = 0, average: Int32 = 0, paeth: Int32 = 0
        // The first pixel has nothing to its left: Sub leaves it as it is, Average halves the
        // byte above, Paeth predicts the byte above.
        for i in 0..<min(pixelBytes, n) {
            let x = Int32(row[i]), b = Int32(prior[i])
            none &+= magnitude(x); sub &+= magnitude(x)
            up &+= magnitude(x &- b); average &+= magnitude(x &- b >> 1); paeth &+= magnitude(x &- b)
        }
        var i = pixelBytes
        // Sixteen bytes at a time, in byte lanes: residuals wrap as PNG's do, and each lane's
        // magnitudes are summed in 16 bits, emptied into the totals before they can overflow.
        typealias Bytes = SIMD16<UInt8>
        typealias Sums = SIMD16<UInt16>
        func load(_ p: UnsafePointer<UInt8>) -> Bytes { UnsafeRawPointer(p).loadUnaligned(as: Bytes.self) }
        func magnitudes(_ r: Bytes) -> Sums {
            let negated = 0 &- r
            return Sums(truncatingIfNeeded: r.replacing(with: negated, where: negated .< r))
        }
        func distance(_ p: Bytes, _ q: Bytes) -> Bytes { let d = p &- q, e = q &- p; return d.replacing(with: e, where: p .< q) }
        while i + 16 <= n {
            var sums = (none: Sums(), sub: Sums(), up: Sums(), average: Sums(), paeth: Sums())
            // 128 at most a lane a step: 256 steps fit in 16 bits.
            let end = min(n, i + 16 * 256)
            while i + 16 <= end {
                let x = load(row + i), a = load(row + i - pixelBytes)
                let b = load(prior + i), c = load(prior + i - pixelBytes)
                sums.none &+= magnitudes(x)
                sums.sub &+= magnitudes(x &- a)
                sums.up &+= magnitudes(x &- b)
                // (a + b) / 2 without a ninth bit.
                sums.average &+= magnitudes(x &- ((a &>> 1) &+ (b &>> 1) &+ (a & b & 1)))
                // Paeth: pa = |b - c|, pb = |a - c|, pc = |(a - c) + (b - c)|. Where the two
                // differences share a sign, pc is their sum and no smaller than either; where
                // they do not, it is the difference of pa and pb.
                let pa = distance(b, c), pb = distance(a, c), pc = distance(pa, pb)
                let sameSign = .!((b .>= c) .^ (a .>= c))
                let aWins = (pa .<= pb) .& (sameSign .| (pa .<= pc))
                let bWins = sameSign .| (pb .<= pc)
                let predicted = c.replacing(with: b, where: bWins).replacing(with: a, where: aWins)
                sums.paeth &+= magnitudes(x &- predicted)
                i += 16
            }
            none &+= Int32(sums.none.wrappedSum()); sub &+= Int32(sums.sub.wrappedSum())
            up &+= Int32(sums.up.wrappedSum()); average &+= Int32(sums.average.wrappedSum())
            paeth &+= Int32(sums.paeth.wrappedSum())
        }
        while i < n {
            let x = Int32(row[i]), a = Int32(row[i - pixelBytes])
            let b = Int32(prior[i]), c = Int32(prior[i - pixelBytes])
            none &+= magnitude(x)
            sub &+= magnitude(x &- a)
            up &+= magnitude(x &- b)
            average &+= magnitude(x &- (a &+ b) >> 1)
            paeth &+= magnitude(x &- predictor(a, b, c))
            i += 1
        }
        var winner = PNGRowFilter.none, least = none
        for (filter, sum) in [(PNGRowFilter.sub, sub), (.up, up), (.average, average), (.paeth, paeth)] where sum < least {
            winner = filter; least = sum
        }
        return winner
    }

    /// The row through `filter`, into `n` bytes at `dst`.
    static func write(_ filter: PNGRowFilter, row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>,
                      count n: Int, into dst: UnsafeMutablePointer<UInt8>) {
        let lead = min(pixelBytes, n)
        switch filter {
        case .none:
            dst.update(from: row, count: n)
        case .sub:
            dst.update(from: row, count: lead)
            for i in lead..<n { dst[i] = row[i] &- row[i - pixelBytes] }
        case .up:
            for i in 0..<n { dst[i] = row[i] &- prior[i] }
        case .average:
            for i in 0..<lead { dst[i] = row[i] &- prior[i] >> 1 }
            for i in lead..<n {
                dst[i] = row[i] &- UInt8(truncatingIfNeeded: (UInt16(row[i - pixelBytes]) + UInt16(prior[i])) >> 1)
            }
        case .paeth:
            for i in 0..<lead { dst[i] = row[i] &- prior[i] }
            for i in lead..<n {
                let p = predictor(Int32(row[i - pixelBytes]), Int32(prior[i]), Int32(prior[i - pixelBytes]))
                dst[i] = row[i] &- UInt8(truncatingIfNeeded: p)
            }
        }
    }

    /// Paeth's predictor: of left, above and upper left, the one nearest left + above - upper left
    /// (left, then above, on a tie).
    @inline(__always)
    static func predictor(_ a: Int32, _ b: Int32, _ c: Int32) -> Int32 {
        let pa = abs(b &- c), pb = abs(a &- c), pc = abs(a &+ b &- c &- c)
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }

    /// |r| for the residual's low byte read as a signed byte.
    @inline(__always)
    static func magnitude(_ r: Int32) -> Int32 {
        let v = r & 0xFF
        return min(v, 256 &- v)
    }
}
