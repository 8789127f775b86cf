/// A key path naming a layer value, resolved to how it reads and writes stored properties.
/// (Named for the layer so it never shadows Swift's own `KeyPath`.)
///
/// Sub-paths address a component of a stored value (`position.x`), aliases name the same
/// property (`transform.rotation`), `transform.scale` sets both scales, and `frame` is derived
/// from position, bounds and anchorPoint as in UIKit.
package struct LayerKeyPath: Hashable, Sendable, CustomStringConvertible {
    package enum Access: Hashable, Sendable {
        /// The whole stored property.
        case property(String)
        /// One component of a stored property.
        case component(String, Component)
        /// Several stored number properties written together, read from the first.
        case fanOut([String])
        /// UIView's frame: origin = position − anchorPoint·size, size = bounds.size.
        case frame
    }

    package enum Component: Hashable, Sendable {
        case x, y, width, height, originX, originY, size, origin
    }

    /// The canonical spelling, as saved and printed.
    package let name: String
    package let access: Access
    package let type: ValueType

    package var description: String { name }

    /// `access` with property names turned into table indices, for the evaluator's slots.
    /// Plain values only (no arrays), so the evaluator's animation tracks hold no references.
    let slots: SlotAccess

    enum SlotAccess: Hashable, Sendable {
        case property(Int)
        case component(Int, Component)
        /// Two number properties written together (`transform.scale`), read from the first.
        case pair(Int, Int)
        case frame
        /// A name outside the table: reads as null, writes nothing.
        case none
    }

    private init(name: String, access: Access, type: ValueType, slots: SlotAccess) {
        self.name = name; self.access = access; self.type = type; self.slots = slots
    }

    init(name: String, access: Access, type: ValueType) {
        self.name = name; self.access = access; self.type = type
        switch access {
        case .property(let n): slots = PropertyTable.index(of: n).map { .property($0) } ?? .none
        case .component(let n, let c): slots = PropertyTable.index(of: n).map { .component($0, c) } ?? .none
        case .fanOut(let ns):
            // The table's fan-outs pair an x with a y.
            let indices = ns.compactMap(PropertyTable.index(of:))
            switch (indices.count == ns.count, indices.count) {
            case (true, 1): slots = .property(indices[0])
            case (true, 2): slots = .pair(indices[0], indices[1])
            default: slots = .none
            }
        case .frame: slots = .frame
        }
    }

    /// Key paths that are not stored properties, with how they resolve.
    static let derived: [String: (String, Access, ValueType)] = [
        "position.x": ("position.x", .component("position", .x), .number),
        "position.y": ("position.y", .component("position", .y), .number),
        "anchorPoint.x": ("anchorPoint.x", .component("anchorPoint", .x), .number),
        "anchorPoint.y": ("anchorPoint.y", .component("anchorPoint", .y), .number),
        "bounds.size": ("bounds.size", .component("bounds", .size), .size),
        "bounds.size.width": ("bounds.size.width", .component("bounds", .width), .number),
        "bounds.size.height": ("bounds.size.height", .component("bounds", .height), .number),
        "bounds.origin": ("bounds.origin", .component("bounds", .origin), .point),
        "bounds.origin.x": ("bounds.origin.x", .component("bounds", .originX), .number),
        "bounds.origin.y": ("bounds.origin.y", .component("bounds", .originY), .number),
        "transform.rotation": ("transform.rotation.z", .property("transform.rotation.z"), .number),
        "transform.scale": ("transform.scale", .fanOut(["transform.scale.x", "transform.scale.y"]), .number),
        "transform.translation": ("transform.translation",
                                  .fanOut(["transform.translation.x", "transform.translation.y"]), .number),
        "frame": ("frame", .frame, .rect),
        // CATextLayer's name for it.
        "alignmentMode": ("alignment", .property("alignment"), PropertyTable.spec("alignment")?.type ?? .string),
    ]

    /// Resolves `text` for a layer of `kind`; nil when the key path does not exist for it.
    package static func resolve(_ text: String, for kind: LayerKind?) -> LayerKeyPath? {
        if let i = PropertyTable.index(of: text) {
            // The row read in place, and its index kept: one lookup, no copy of the spec.
            if let kind, !PropertyTable.all[i].applies(to: kind) { return nil }
            return LayerKeyPath(name: text, access: .property(text), type: PropertyTable.all[i].type, slots: .property(i))
        }
        if let (canonical, access, type) = derived[text] {
            if case .property(let n) = access, let kind, PropertyTable.spec(n)?.applies(to: kind) == false { return nil }
            return LayerKeyPath(name: canonical, access: access, type: type)
        }
        return nil
    }

    /// Every key path name a layer of `kind` accepts, for completion and suggestions.
    package static func names(for kind: LayerKind?) -> [String] {
        let stored = PropertyTable.all.filter { kind == nil || $0.applies(to: kind!) }.map(\.name)
        return stored + derived.keys.sorted().filter { resolve($0, for: kind) != nil }
    }

    /// Whether animations may target this key path.
    package var isAnimatable: Bool {
        switch access {
        case .property(let n): return PropertyTable.spec(n)?.animatable ?? false
        case .component, .fanOut, .frame: return true
        }
    }

    /// The numbers a stored or scheduled value of this key path may hold: the range of the
    /// property it writes, narrowed to the component (a rect's range bounds its size, so
    /// `bounds.size.width` has it and `bounds.origin` does not).
    package var range: ValueRange {
        switch access {
        case .property(let n): return PropertyTable.spec(n)?.range ?? .finite
        case .fanOut(let ns): return PropertyTable.spec(ns[0])?.range ?? .finite
        case .frame: return PropertyTable.spec("bounds")?.range ?? .finite
        case .component(let n, let c):
            let r = PropertyTable.spec(n)?.range ?? .finite
            switch c {
            case .x, .y, .width, .height, .size: return r
            case .originX, .originY, .origin: return .finite
            }
        }
    }

    /// The stored properties this key path reads or writes.
    package var storedProperties: [String] {
        switch access {
        case .property(let n): return [n]
        case .component(let n, _): return [n]
        case .fanOut(let ns): return ns
        case .frame: return ["position", "bounds", "anchorPoint"]
        }
    }

    /// Reads the key path's value from a full property dictionary.
    package func read(_ props: [String: Value]) -> Value {
        switch access {
        case .property(let n):
            return PropertyTable.value(n, in: props)
        case .fanOut(let ns):
            return PropertyTable.value(ns[0], in: props)
        case .component(let n, let c):
            let base = PropertyTable.value(n, in: props)
            return LayerKeyPath.component(c, of: base)
        case .frame:
            let pos = PropertyTable.value("position", in: props).point ?? .zero
            let b = PropertyTable.value("bounds", in: props).rect ?? .zero
            let a = PropertyTable.value("anchorPoint", in: props).point ?? .zero
            return .rect(Rect(pos.x - a.x * b.width, pos.y - a.y * b.height, b.width, b.height))
        }
    }

    /// Writes `value` through the key path into a property dictionary.
    package func write(_ value: Value, into props: inout [String: Value]) {
        switch access {
        case .property(let n):
            props[n] = value
        case .fanOut(let ns):
            for n in ns { props[n] = value }
        case .component(let n, let c):
            let base = PropertyTable.value(n, in: props)
            props[n] = LayerKeyPath.replacing(c, of: base, with: value)
        case .frame:
            guard let f = value.rect else { return }
            let a = PropertyTable.value("anchorPoint", in: props).point ?? .zero
            var b = PropertyTable.value("bounds", in: props).rect ?? .zero
            b.size = f.size
            props["bounds"] = .rect(b)
            props["position"] = .point(Point(f.minX + a.x * f.width, f.minY + a.y * f.height))
        }
    }

    /// Reads the key path's value from a layer's slots.
    func read(_ props: PropertySlots) -> Value { slots.read(props) }

    /// Writes `value` through the key path into a layer's slots.
    func write(_ value: Value, into props: inout PropertySlots) { slots.write(value, into: &props) }

    static func component(_ c: Component, of v: Value) -> Value {
        switch (c, v) {
        case (.size, .rect(let r)): return .size(r.size)
        case (.origin, .rect(let r)): return .point(r.origin)
        default: return number(c, of: v).map(Value.number) ?? .null
        }
    }

    /// The number that component `c` picks out of `v` (`x` of a point), or nil; `size` and
    /// `origin` are not numbers.
    static func number(_ c: Component, of v: Value) -> Double? {
        switch (c, v) {
        case (.x, .point(let p)): return p.x
        case (.y, .point(let p)): return p.y
        case (.width, .rect(let r)): return r.width
        case (.height, .rect(let r)): return r.height
        case (.originX, .rect(let r)): return r.minX
        case (.originY, .rect(let r)): return r.minY
        default: return nil
        }
    }

    static func replacing(_ c: Component, of base: Value, with v: Value) -> Value {
        switch (c, base, v) {
        case (.size, .rect(var r), .size(let s)): r.size = s; return .rect(r)
        case (.origin, .rect(var r), .point(let p)): r.origin = p; return .rect(r)
        case (_, _, .number(let n)):
            var out = base
            replace(c, of: &out, with: n)
            return out
        default: return base
        }
    }

    /// Sets the number component `c` of `v` to `n`, in place; a value without that number
    /// component stays as it is.
    static func replace(_ c: Component, of v: inout Value, with n: Double) {
        switch (c, v) {
        case (.x, .point(var p)): p.x = n; v = .point(p)
        case (.y, .point(var p)): p.y = n; v = .point(p)
        case (.width, .rect(var r)): r.size.width = n; v = .rect(r)
        case (.height, .rect(var r)): r.size.height = n; v = .rect(r)
        case (.originX, .rect(var r)): r.origin.x = n; v = .rect(r)
        case (.originY, .rect(var r)): r.origin.y = n; v = .rect(r)
        default: return
        }
    }
}

extension LayerKeyPath.SlotAccess {
    /// Reads the value from a layer's slots.
    func read(_ props: PropertySlots) -> Value {
        switch self {
        case .property(let i): return props.value(i)
        case .pair(let i, _): return props.value(i)
        case .component(let i, let c): return LayerKeyPath.component(c, of: props.value(i))
        case .frame:
            let pos = props.value(PropertyTable.Slot.position).point ?? .zero
            let b = props.value(PropertyTable.Slot.bounds).rect ?? .zero
            let a = props.value(PropertyTable.Slot.anchorPoint).point ?? .zero
            return .rect(Rect(pos.x - a.x * b.width, pos.y - a.y * b.height, b.width, b.height))
        case .none: return .null
        }
    }

    /// The value as a number, or nil when it is not one (no `Value` copied for a property).
    func readNumber(_ props: PropertySlots) -> Double? {
        switch self {
        case .property(let i), .pair(let i, _): return props.number(i)
        case .component(let i, let c): return props.number(i, component: c)
        case .frame, .none: return read(props).number
        }
    }

    /// The value as a colour, or nil when it is not one (no `Value` copied for a property).
    func readColor(_ props: PropertySlots) -> Color? {
        switch self {
        case .property(let i), .pair(let i, _): return props.color(i)
        case .component, .frame, .none: return read(props).color
        }
    }

    /// Writes a number into a layer's slots.
    func writeNumber(_ n: Double, into props: inout PropertySlots) {
        switch self {
        case .property(let i): props.set(i, .number(n))
        case .pair(let i, let j): props.set(i, .number(n)); props.set(j, .number(n))
        case .component(let i, let c): props.setNumber(n, at: i, component: c)
        case .frame, .none: write(.number(n), into: &props)
        }
    }

    /// Writes a colour into a layer's slots (inlined like a number, without a `Value` passed).
    func writeColor(_ c: Color, into props: inout PropertySlots) {
        switch self {
        case .property(let i): props.set(i, .color(c))
        case .pair, .component, .frame, .none: write(.color(c), into: &props)
        }
    }

    /// Writes `value` into a layer's slots.
    func write(_ value: Value, into props: inout PropertySlots) {
        switch self {
        case .property(let i): props.set(i, value)
        case .pair(let i, let j): props.set(i, value); props.set(j, value)
        case .component(let i, let c): props.set(i, LayerKeyPath.replacing(c, of: props.value(i), with: value))
        case .frame:
            guard let f = value.rect else { return }
            let a = props.value(PropertyTable.Slot.anchorPoint).point ?? .zero
            var b = props.value(PropertyTable.Slot.bounds).rect ?? .zero
            b.size = f.size
            props.set(PropertyTable.Slot.bounds, .rect(b))
            props.set(PropertyTable.Slot.position, .point(Point(f.minX + a.x * f.width, f.minY + a.y * f.height)))
        case .none: return
        }
    }
}
