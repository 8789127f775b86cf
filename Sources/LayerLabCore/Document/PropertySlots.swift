/// A layer's property values keyed by their index in `PropertyTable.all`: what the evaluator
/// stacks events and animations on every frame, so a frame hashes no property names.
///
/// Sparse, because a layer stores few properties: a lookup scans a handful of entries. Each
/// entry remembers whether it was written since the slots were built, so the evaluator
/// re-presents only what events and animations changed.
struct PropertySlots: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        let index: Int
        var value: Value
        /// Set by every write after `init`.
        var written = false
    }

    private(set) var entries: [Entry] = []

    init() {}

    /// The stored properties of a dictionary; names outside the table are left out (nothing
    /// can read them).
    init(_ properties: [String: Value]) {
        entries.reserveCapacity(properties.count)
        for (name, value) in properties {
            if let i = PropertyTable.index(of: name) { entries.append(Entry(index: i, value: value)) }
        }
        entries.sort { $0.index < $1.index }
    }

    /// The value stored at table index `i`, or nil when unset.
    subscript(i: Int) -> Value? {
        get {
            // By position, so scanning copies no values.
            for k in entries.indices where entries[k].index == i { return entries[k].value }
            return nil
        }
        set {
            for k in entries.indices where entries[k].index == i {
                if let newValue {
                    entries[k].value = newValue
                    entries[k].written = true
                } else {
                    entries.remove(at: k)
                }
                return
            }
            if let newValue { entries.append(Entry(index: i, value: newValue, written: true)) }
        }
    }

    /// Becomes a copy of `other`, keeping this one's storage (a frame reuses one buffer).
    mutating func assign(_ other: PropertySlots) {
        entries.removeAll(keepingCapacity: true)
        entries.append(contentsOf: other.entries)
    }

    /// The value of a property by name, or nil when unset or not a table property.
    subscript(name: String) -> Value? {
        get { PropertyTable.index(of: name).flatMap { self[$0] } }
        set { if let i = PropertyTable.index(of: name) { self[i] = newValue } }
    }

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
    static let indexByName: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })

    /// Where a property sits in `all`, or nil.
    static func index(of name: String) -> Int? { indexByName[name] }

    /// Every property's default, by index.
    static let defaults: [Value] = all.map(\.defaultValue)

    /// Every property's presenter, by index (nil for properties the evaluator reads itself).
    static let presenters: [(@Sendable (inout PresentedLayer, Value) -> Void)?] = all.map(\.present)

    /// Whether a property holds a path (named-path references are resolved before presenting).
    static let holdsPath: [Bool] = all.map { $0.type == .path }

    /// Which properties a kind has, by index.
    static func applicable(to kind: LayerKind) -> [Bool] { applicableByKind[kind] ?? [] }

    private static let applicableByKind: [LayerKind: [Bool]] = Dictionary(uniqueKeysWithValues: LayerKind.allCases.map { k in
        (k, all.map { $0.applies(to: k) })
    })

    /// Indices of the properties the evaluator reads itself.
    enum Slot {
        static let beginTime = index(of: "beginTime")!
        static let speed = index(of: "speed")!
        static let timeOffset = index(of: "timeOffset")!
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
