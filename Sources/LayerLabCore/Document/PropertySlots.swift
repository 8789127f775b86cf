/// A layer's property values keyed by their index in `PropertyTable.all`: what the evaluator
/// stacks events and animations on every frame, so a frame hashes no property names.
///
/// Two sparse lists, because a layer stores few properties: the values the slots started
/// from (`base`, shared with the layer's plan, so starting a layer's frame copies no values)
/// and the values written since by events and animations (`written`, which the evaluator
/// presents again). A lookup scans `written`, then `base`.
struct PropertySlots: Sendable {
    struct Entry: Sendable, Equatable {
        var value: Value
        /// The index, stored after the value and narrow: an entry takes 40 bytes, not 48.
        private let slot: Int32
        var index: Int { Int(slot) }

        init(index: Int, value: Value) {
            self.value = value
            slot = Int32(index)
        }
    }

    private(set) var base: [Entry] = []
    /// In the order first written; each replaces `base`'s entry of the same index, if any.
    private(set) var written: [Entry] = []
    /// Bit `i` set when index `i` (below 64) is in `written`: most lookups of an unwritten
    /// property then skip the scan.
    private var writtenBits: UInt64 = 0

    /// Whether index `i` may be in `written`.
    private func mayBeWritten(_ i: Int) -> Bool { i >= 64 || writtenBits & (1 << UInt64(i)) != 0 }

    /// Whether index `i` was written since the slots were built.
    func isWritten(_ i: Int) -> Bool { mayBeWritten(i) && written.contains { $0.index == i } }

    init() {}

    /// The stored properties of a dictionary; names outside the table are left out (nothing
    /// can read them).
    init(_ properties: [String: Value]) {
        base.reserveCapacity(properties.count)
        for (name, value) in properties {
            if let i = PropertyTable.index(of: name) { base.append(Entry(index: i, value: value)) }
        }
        base.sort { $0.index < $1.index }
    }

    /// The value stored at table index `i`, or nil when unset.
    subscript(i: Int) -> Value? {
        // By position, so scanning copies no values.
        if mayBeWritten(i) {
            for k in written.indices where written[k].index == i { return written[k].value }
        }
        for k in base.indices where base[k].index == i { return base[k].value }
        return nil
    }

    /// The value written at table index `i` since the slots were built, or nil.
    func written(_ i: Int) -> Value? {
        guard mayBeWritten(i) else { return nil }
        for k in written.indices where written[k].index == i { return written[k].value }
        return nil
    }

    /// The value at index `i` (or the table's default) when it is a number, without copying
    /// a `Value`.
    func number(_ i: Int) -> Double? { read(i) { $0.number } }

    /// The value at index `i` (or the table's default) when it is a colour, likewise.
    func color(_ i: Int) -> Color? { read(i) { $0.color } }

    /// The number that component `c` picks out of the value at index `i` (`position.x`),
    /// read where it is stored, likewise.
    func number(_ i: Int, component c: LayerKeyPath.Component) -> Double? { read(i) { LayerKeyPath.number(c, of: $0) } }

    /// Writes `n` into component `c` of the value at index `i`, where that value is stored
    /// when it was written already (a point or rectangle changed in place, no `Value` copied).
    mutating func setNumber(_ n: Double, at i: Int, component c: LayerKeyPath.Component) {
        if mayBeWritten(i) {
            for k in written.indices where written[k].index == i {
                LayerKeyPath.replace(c, of: &written[k].value, with: n)
                return
            }
        }
        var v = value(i)
        LayerKeyPath.replace(c, of: &v, with: n)
        set(i, v)
    }

    /// `part` of the value at index `i` (or of the table's default), read where it is stored.
    @inline(__always)
    private func read<T>(_ i: Int, _ part: (Value) -> T?) -> T? {
        if mayBeWritten(i) {
            for k in written.indices where written[k].index == i { return part(written[k].value) }
        }
        for k in base.indices where base[k].index == i { return part(base[k].value) }
        return part(PropertyTable.defaults[i])
    }

    /// Writes `value` at table index `i` (inlined, so writing a number builds no `Value` copy).
    @inline(__always)
    mutating func set(_ i: Int, _ value: Value) {
        if mayBeWritten(i) {
            for k in written.indices where written[k].index == i {
                written[k].value = value
                return
            }
        }
        written.append(Entry(index: i, value: value))
        if i < 64 { writtenBits |= 1 << UInt64(i) }
    }

    /// Becomes a copy of `other`, keeping this one's storage (a frame reuses one buffer):
    /// shares `other`'s base and copies only what was written to it. (Inlined: called across
    /// a function boundary, the caller retained and released `other`'s arrays around it.)
    @inline(__always) mutating func assign(_ other: PropertySlots) {
        base = other.base
        // One at a time: a handful of entries, and `removeAll(keepingCapacity:)` costs more.
        while !written.isEmpty { written.removeLast() }
        if !other.written.isEmpty { written.append(contentsOf: other.written) }
        writtenBits = other.writtenBits
    }

    /// Every value, `base`'s order first (written values in their place), then values
    /// written at new indices in the order first written.
    var entries: [Entry] {
        base.map { e in written.first { $0.index == e.index } ?? e }
            + written.filter { w in !base.contains { $0.index == w.index } }
    }

    /// The value of a property by name, or nil when unset or not a table property.
    subscript(name: String) -> Value? { PropertyTable.index(of: name).flatMap { self[$0] } }

    /// The value at index `i`, or the table's default.
    func value(_ i: Int) -> Value { self[i] ?? PropertyTable.defaults[i] }

    /// The properties by name, as documents store them.
    var dictionary: [String: Value] {
        var d: [String: Value] = [:]
        for e in entries { d[PropertyTable.all[e.index].name] = e.value }
        return d
    }
}

extension PropertyTable {
    static let indexByName: [String: Int] = {
        // A loop over the names, not `Dictionary(uniqueKeysWithValues:)` over the specs: that
        // copied every spec (a dozen references) to read its name.
        var index: [String: Int] = [:]
        index.reserveCapacity(all.count)
        for i in all.indices { index[all[i].name] = i }
        return index
    }()

    /// Where a property sits in `all`, or nil.
    static func index(of name: String) -> Int? { indexByName[name] }

    /// A column of the table, by index. (A loop reading the one field, not `all.map`: the
    /// closure was handed a copy of each spec, a dozen references retained and released.)
    private static func column<T>(_ field: (borrowing PropertySpec) -> T) -> [T] {
        var out: [T] = []
        out.reserveCapacity(all.count)
        for i in all.indices { out.append(field(all[i])) }
        return out
    }

    /// Every property's default, by index.
    static let defaults: [Value] = column { $0.defaultValue }

    /// The defaults one kind has of its own (a cell's `birthRate` is 0): a handful, so a layer
    /// looks through these instead of through every property of its kind.
    static let kindSpecificDefaults: [(kind: LayerKind, name: String, value: Value)] = {
        var list: [(kind: LayerKind, name: String, value: Value)] = []
        for spec in all {
            for (kind, value) in spec.kindDefaults where spec.applies(to: kind) { list.append((kind, spec.name, value)) }
        }
        return list
    }()

    /// Every property's presenter, by index (nil for properties the evaluator reads itself).
    static let presenters: [(@Sendable (inout PresentedLayer, Value) -> Bool)?] = column { $0.present }

    /// Whether a property holds a path (named-path references are resolved before presenting).
    static let holdsPath: [Bool] = column { $0.type == .path }

    /// Which kinds have each property, by index, as masks of `LayerKind.bit`: a frame asks
    /// whether a layer has a property without touching a reference count (a list per kind,
    /// kept in each layer's plan, was retained and released for every layer of every frame).
    static let kindBits: [UInt32] = column { $0.kindBits }

    /// What a frame reads of the table for every layer, in one value: the scene reads it once
    /// and hands it down (each read of a lazily built `static let` calls `swift_once`, seven
    /// times a layer when `present` and `walk` read these one by one).
    struct FrameTables {
        let presenters = PropertyTable.presenters
        let defaults = PropertyTable.defaults
        let holdsPath = PropertyTable.holdsPath
        let kindBits = PropertyTable.kindBits
        let transform = Slot.transform
        let sublayerTransform = Slot.sublayerTransform
        let mask = Slot.mask
    }

    static let frameTables = FrameTables()

    /// Indices of the properties the evaluator reads itself.
    enum Slot {
        static let beginTime = index(of: "beginTime")!
        static let speed = index(of: "speed")!
        static let timeOffset = index(of: "timeOffset")!
        static let timeRemap = index(of: "timeRemap")!
        static let blendMode = index(of: "blendMode")!
        static let mask = index(of: "mask")!
        static let transform = index(of: "transform")!
        static let sublayerTransform = index(of: "sublayerTransform")!
        static let position = index(of: "position")!
        static let bounds = index(of: "bounds")!
        static let anchorPoint = index(of: "anchorPoint")!
        static let frames = index(of: "frames")!
        static let frameIndex = index(of: "frameIndex")!
        static let animationDuration = index(of: "animationDuration")!
        static let animationRepeatCount = index(of: "animationRepeatCount")!
    }

    /// A property's value in a layer's slots, or its default (for a layer of `kind`).
    static func value(_ name: String, in props: PropertySlots, kind: LayerKind? = nil) -> Value {
        guard let i = index(of: name) else { return .null }
        return props[i] ?? all[i].defaultValue(for: kind)
    }
}
