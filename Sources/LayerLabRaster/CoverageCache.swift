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
    /// What a shape's coverage depends on, with a fingerprint of it worked out once: a
    /// dictionary look-up hashes only the fingerprint instead of every point of the path
    /// (which cost more than replaying a small shape), and equal fingerprints still compare
    /// the whole shape.
    struct Key: Hashable {
        enum Shape: Equatable {
            case fill(Path, AffineTransform, evenOdd: Bool)
            case stroke(Path, AffineTransform, Stroke)
        }
        let shape: Shape
        let fingerprint: UInt64

        static func fill(_ path: Path, _ t: AffineTransform, evenOdd: Bool) -> Key {
            var f = Fingerprint(path, t)
            f.addBits(evenOdd ? 1 : 0)
            return Key(shape: .fill(path, t, evenOdd: evenOdd), fingerprint: f.value)
        }

        /// A stroke of `style`, trimmed to `start…end` and dashed.
        static func stroke(_ path: Path, _ t: AffineTransform, style: StrokeStyle, start: Double, end: Double,
                           dashes: [Double], phase: Double) -> Key {
            stroke(path, t, Stroke(halfWidth: style.halfWidth, cap: style.cap, join: style.join, miterLimit: style.miterLimit,
                                   start: start, end: end, dashes: dashes, phase: phase))
        }

        static func stroke(_ path: Path, _ t: AffineTransform, _ s: Stroke) -> Key {
            var f = Fingerprint(path, t)
            // NB: cap and join are left to the full comparison.
            f.add(s.halfWidth); f.add(s.miterLimit); f.add(s.start); f.add(s.end); f.add(s.phase)
            for d in s.dashes { f.add(d) }
            return Key(shape: .stroke(path, t, s), fingerprint: f.value ^ 0x5354)
        }

        func hash(into h: inout Hasher) { h.combine(fingerprint) }
        static func == (a: Key, b: Key) -> Bool { a.fingerprint == b.fingerprint && a.shape == b.shape }
    }

    /// A quick fold of a shape's numbers' bits (rotate, xor, multiply): spread enough for a
    /// fingerprint that the dictionary hashes again.
    struct Fingerprint {
        private(set) var value: UInt64 = 0xCBF29CE484222325

        init(_ path: Path, _ t: AffineTransform) {
            add(t.a); add(t.b); add(t.c); add(t.d); add(t.tx); add(t.ty)
            for e in path.elements {
                switch e {
                case .move(let p): addBits(1); add(p)
                case .line(let p): addBits(2); add(p)
                case .quad(let c, let p): addBits(3); add(c); add(p)
                case .cubic(let c1, let c2, let p): addBits(4); add(c1); add(c2); add(p)
                case .close: addBits(5)
                }
            }
        }

        mutating func addBits(_ bits: UInt64) {
            value = ((value << 23 | value >> 41) ^ bits) &* 0x9E3779B97F4A7C15
        }
        mutating func add(_ v: Double) { addBits(v.bitPattern) }
        mutating func add(_ p: Point) { add(p.x); add(p.y) }
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
    private var seen: Set<UInt64> = []
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
        guard let i = kept.index(forKey: key) else { return nil }
        clock += 1
        kept.values[i].used = clock
        hits += 1
        return kept.values[i].shape
    }

    /// Whether a shape not kept should be recorded as it is drawn now: the second time its
    /// key comes.
    func shouldRecord(_ key: Key) -> Bool {
        let hash = key.fingerprint
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
