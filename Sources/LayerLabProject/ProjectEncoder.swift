import LayerLabCore

/// Builds the JSON tree of a document in the format's fixed key order.
///
/// Every `Value` case has exactly one JSON form, so encoding needs no type information; the
/// decoder uses the property's or key path's type to read it back into the same case.
/// Fields equal to their default are left out (except the top-level sections), which keeps
/// files short and their diffs about what the user changed.
enum ProjectEncoder {
    static func document(_ d: Document) -> JSONValue {
        var canvas: [(String, JSONValue)] = [
            ("size", .array([.number(d.canvas.size.width), .number(d.canvas.size.height)])),
            ("background", color(d.canvas.background)),
        ]
        if let duration = d.canvas.duration { canvas.append(("duration", time(duration))) }
        if let poster = d.canvas.poster { canvas.append(("poster", .number(poster))) }
        return .object([
            ("format", .string(ProjectFile.formatTag)),
            ("version", .number(Double(ProjectFile.version))),
            ("canvas", .object(canvas)),
            ("paths", .array(d.paths.map { .object([("name", .string($0.name)), ("data", .string(PathText.print($0.path)))]) })),
            ("layers", .array(d.layers.map(layer))),
            ("animations", .array(d.animations.map { animation($0, parentLayer: nil) })),
            ("events", .array(d.events.map(event))),
        ])
    }

    static func layer(_ l: Layer) -> JSONValue {
        let known = PropertyTable.all.map(\.name).filter { l.properties[$0] != nil }
        let unknown = l.properties.keys.filter { PropertyTable.spec($0) == nil }.sorted()
        var members: [(String, JSONValue)] = [
            ("name", .string(l.name)),
            ("kind", .string(l.kind.rawValue)),
            ("properties", .object((known + unknown).map { ($0, value(l.properties[$0]!)) })),
        ]
        if !l.sublayers.isEmpty { members.append(("sublayers", .array(l.sublayers.map(layer)))) }
        return .object(members)
    }

    static func animation(_ a: Animation, parentLayer: String?) -> JSONValue {
        var m: [(String, JSONValue)] = []
        if !a.name.isEmpty || parentLayer == nil { m.append(("name", .string(a.name))) }
        if a.layer != parentLayer { m.append(("layer", .string(a.layer))) }
        switch a.body {
        case .basic(let b):
            m.append(("kind", .string("basic")))
            m.append(("keyPath", .string(b.keyPath)))
            if let f = b.valueFunction { m.append(("valueFunction", .string(f.rawValue))) }
            fromToBy(b.from, b.to, b.by, into: &m)
        case .keyframes(let k):
            m.append(("kind", .string("keyframes")))
            m.append(("keyPath", .string(k.keyPath)))
            if let f = k.valueFunction { m.append(("valueFunction", .string(f.rawValue))) }
            if k.path == nil || !k.values.isEmpty { m.append(("values", .array(k.values.map(value)))) }
            if let path = k.path { m.append(("path", value(path))) }
            if let mode = k.rotationMode { m.append(("rotationMode", .string(mode.rawValue))) }
            if let times = k.keyTimes { m.append(("keyTimes", .array(times.map { .number($0) }))) }
            if k.calculationMode != .linear { m.append(("calculationMode", .string(k.calculationMode.rawValue))) }
            if let fs = k.timingFunctions { m.append(("timingFunctions", .array(fs.map(timingFunction)))) }
            for name in Animation.Keyframes.shapeAttributes {
                if let ns = k.shapeValues(name) { m.append((name, .array(ns.map { .number($0) }))) }
            }
        case .spring(let s):
            m.append(("kind", .string("spring")))
            m.append(("keyPath", .string(s.keyPath)))
            fromToBy(s.from, s.to, s.by, into: &m)
            for (p, v) in s.form.values where p.marksForm || v != p.defaultValue {
                m.append((p.name, .number(v)))
            }
        case .group:
            m.append(("kind", .string("group")))
        }
        timing(a.timing, into: &m)
        if case .group(let g) = a.body {
            if g.sequence { m.append(("sequence", .bool(true))) }
            m.append(("children", .array(g.children.map { animation($0, parentLayer: a.layer) })))
        }
        return .object(m)
    }

    private static func fromToBy(_ from: Value?, _ to: Value?, _ by: Value?, into m: inout [(String, JSONValue)]) {
        if let from { m.append(("from", value(from))) }
        if let to { m.append(("to", value(to))) }
        if let by { m.append(("by", value(by))) }
    }

    /// The CAMediaTiming attributes, in `MediaTiming.attributes` order, defaults left out.
    private static func timing(_ t: MediaTiming, into m: inout [(String, JSONValue)]) {
        for attribute in MediaTiming.attributes {
            guard let v = attribute.value(in: t) else { continue }
            switch v {
            case .time(let x): m.append((attribute.name, time(x)))
            case .number(let x): m.append((attribute.name, .number(x)))
            case .bool(let b): m.append((attribute.name, .bool(b)))
            case .fillMode(let f): m.append((attribute.name, .string(f.rawValue)))
            case .timingFunction(let f): m.append((attribute.name, timingFunction(f)))
            }
        }
    }

    static func event(_ e: Event) -> JSONValue {
        var m: [(String, JSONValue)] = [("name", .string(e.name)), ("time", time(e.time)), ("layer", .string(e.layer))]
        if e.animated { m.append(("animated", .bool(true))) }
        if let t = e.transition { m.append(("transition", transition(t))) }
        m.append(("set", .array(e.assignments.map { .object([("keyPath", .string($0.keyPath)), ("value", value($0.value))]) })))
        return .object(m)
    }

    /// A transition as an object: its type, then only what differs from Core Animation's defaults.
    static func transition(_ t: Transition) -> JSONValue {
        var m: [(String, JSONValue)] = [("type", .string(t.type.rawValue))]
        if let s = t.subtype { m.append(("subtype", .string(s.rawValue))) }
        if let d = t.duration { m.append(("duration", .number(d))) }
        if let f = t.timingFunction { m.append(("timingFunction", timingFunction(f))) }
        if t.startProgress != 0 { m.append(("startProgress", .number(t.startProgress))) }
        if t.endProgress != 1 { m.append(("endProgress", .number(t.endProgress))) }
        return .object(m)
    }

    // MARK: - Values

    /// A constant time as a JSON number, anything symbolic as expression text.
    static func time(_ t: TimeExpr) -> JSONValue {
        if case .number(let v) = t { return .number(v) }
        return .string(t.text(.exact))
    }

    /// Named curves by name, custom ones as their four control-point coordinates.
    static func timingFunction(_ f: TimingFunction) -> JSONValue {
        if case .cubic(let a, let b, let c, let d) = f { return .array([a, b, c, d].map { .number($0) }) }
        return .string(f.description)
    }

    static func value(_ v: Value) -> JSONValue {
        switch v {
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .point(let p): return .array([.number(p.x), .number(p.y)])
        case .size(let s): return .array([.number(s.width), .number(s.height)])
        case .rect(let r): return .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)])
        case .color(let c): return color(c)
        case .path(let p): return .string(PathText.print(p))
        case .pathRef(let name): return .object([("ref", .string(name))])
        case .string(let s): return .string(s)
        case .list(let items): return .array(items.map(value))
        case .transform(let ops): return transform(ops)
        case .null: return .null
        }
    }

    /// A transform as its steps, each `[name, parameters…]`: `[["rotate", 0.5], ["translate", 10, 0]]`
    /// (every parameter written, so the list reads back to the same value).
    static func transform(_ ops: [TransformOp]) -> JSONValue {
        .array(ops.map { op in .array([.string(op.name)] + op.parameters.map { $0.isFinite ? .number($0) : .string($0 > 0 ? "inf" : "-inf") }) })
    }

    /// `#rrggbb` (or `#rrggbbaa`) when every component is exactly a byte value n/255, so the text
    /// reads back to the same bits; otherwise the exact components `[r, g, b, a]`.
    static func color(_ c: Color) -> JSONValue {
        let comps = [c.r, c.g, c.b, c.a]
        let bytes = comps.map { ($0 * 255).rounded() }
        if zip(comps, bytes).allSatisfy({ $1 >= 0 && $1 <= 255 && $1 / 255 == $0 }) {
            var hex = "#"
            for b in bytes.prefix(c.a == 1 ? 3 : 4) {
                let s = String(Int(b), radix: 16)
                hex += b < 16 ? "0" + s : s
            }
            return .string(hex)
        }
        return .array(comps.map { .number($0) })
    }
}
