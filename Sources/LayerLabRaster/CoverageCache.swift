import LayerLabCore

/// Coverage kept for shapes that hold still between frames: a static logo's fills and strokes
/// are flattened, stroked and scan-converted once, then each frame blends the kept rows.
///
/// A shape is keyed by everything its coverage depends on (the path, the map to pixels, the
/// fill rule or the stroke's style, trim and dashes); colour, opacity and clip are applied
/// when the rows are blended, so they are not part of it. A shape is recorded the second time
/// it is seen (one drawn only once is not copied for nothing), and the rows replayed are the
/// very values and runs the scan converter handed out, so the bytes are the same. At most
/// `capacity` bytes are kept; the least recently used shapes go first.
final class CoverageCache {
    enum Key: Hashable {
        case fill(Path, AffineTransform, evenOdd: Bool)
        case stroke(Path, AffineTransform, Stroke)
    }

    /// A stroke's outline parameters (`StrokeStyle` and the trim and dashes).
    struct Stroke: Hashable {
        var halfWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double
        var start: Double, end: Double, dashes: [Double], phase: Double
    }

    /// One shape's rows as `ScanConverter.rasterizeRuns` handed them out.
    struct Shape {
        struct Row {
            var y: Int32, x0: Int32, x1: Int32
            /// Where the row's coverage (`x1 - x0` values) and runs start in `covers` and `runs`.
            var coverAt: Int32, runAt: Int32, runCount: Int32
        }
        var rows: [Row] = []
        var covers: [Float] = []
        var runs: [ScanConverter.Run] = []

        var bytes: Int {
            rows.count * MemoryLayout<Row>.stride + covers.count * 4 + runs.count * MemoryLayout<ScanConverter.Run>.stride + 64
        }

        mutating func add(y: Int, x0: Int, x1: Int, cover: UnsafeMutableBufferPointer<Float>,
                          runs r: UnsafeBufferPointer<ScanConverter.Run>) {
            rows.append(Row(y: Int32(y), x0: Int32(x0), x1: Int32(x1), coverAt: Int32(covers.count),
                            runAt: Int32(runs.count), runCount: Int32(r.count)))
            covers.append(contentsOf: UnsafeBufferPointer(rebasing: cover[x0..<x1]))
            runs.append(contentsOf: r)
        }

        /// Hands each row to `body` as the scan converter did: `cover` (absolute x, at least
        /// as wide as the rows) is filled with the row's values first.
        func replay(into cover: UnsafeMutableBufferPointer<Float>,
                    _ body: (Int, Int, Int, UnsafeMutableBufferPointer<Float>, UnsafeBufferPointer<ScanConverter.Run>) -> Void) {
            covers.withUnsafeBufferPointer { values in
                runs.withUnsafeBufferPointer { runs in
                    for row in rows {
                        let x0 = Int(row.x0), x1 = Int(row.x1)
                        (cover.baseAddress! + x0).update(from: values.baseAddress! + Int(row.coverAt), count: x1 - x0)
                        body(Int(row.y), x0, x1, cover,
                             UnsafeBufferPointer(rebasing: runs[Int(row.runAt)..<Int(row.runAt + row.runCount)]))
                    }
                }
            }
        }
    }

    /// The most bytes of coverage kept: 16 MB.
    static let capacity = 16 << 20
    let capacity: Int
    private var kept: [Key: (shape: Shape, used: Int)] = [:]
    /// Hashes of keys seen once and not recorded yet: a hash, not the key, so an animated
    /// path's 4,096 last outlines are not kept alive here (a key holds its whole path). Two
    /// keys that share a hash only make the second be recorded early; what is replayed is
    /// found by the whole key.
    private var seen: Set<Int> = []
    private var clock = 0
    private(set) var bytes = 0
    /// Shapes replayed from the cache and shapes recorded into it (tests read them).
    private(set) var hits = 0, recorded = 0
    /// Row values to replay into, as wide as the surface.
    private var scratch: [Float]

    init(width: Int, capacity: Int = CoverageCache.capacity) {
        self.capacity = capacity
        scratch = [Float](repeating: 0, count: width + 2)
    }

    var count: Int { kept.count }

    /// The kept shape for `key`, if any.
    func shape(_ key: Key) -> Shape? {
        guard let entry = kept[key] else { return nil }
        clock += 1
        kept[key]!.used = clock
        hits += 1
        return entry.shape
    }

    /// Whether a shape not kept should be recorded as it is drawn now: the second time its
    /// key comes.
    func shouldRecord(_ key: Key) -> Bool {
        let hash = key.hashValue
        if seen.remove(hash) != nil { return true }
        // NB: keys seen once are forgotten in bulk: an animated shape's keys never come back.
        if seen.count >= 4096 { seen.removeAll(keepingCapacity: true) }
        seen.insert(hash)
        return false
    }

    /// Keeps a recorded shape, dropping the least recently used ones beyond the capacity.
    func store(_ key: Key, _ shape: Shape) {
        let size = shape.bytes
        guard size <= capacity else { return }
        clock += 1
        kept[key] = (shape, clock)
        bytes += size
        recorded += 1
        if bytes > capacity {
            for (k, e) in kept.sorted(by: { $0.value.used < $1.value.used }) where bytes > capacity {
                bytes -= e.shape.bytes
                kept[k] = nil
            }
        }
    }

    /// `body` with the row scratch.
    func withScratch<R>(_ body: (UnsafeMutableBufferPointer<Float>) -> R) -> R {
        scratch.withUnsafeMutableBufferPointer { body($0) }
    }
}
