import LayerLabCore

/// Writes a document as a `.lab` script that rebuilds it exactly: `save FILE.lab`, and the
/// text `edit` opens. Pure: a document in, text out.
///
/// The script is made of the commands a user types: `canvas`, `path`, `layer`/`shape`/… in tree
/// order (parents first), `animate`/`keyframes`/`spring`/`group` in the order they were added
/// (later ones win), `at … set …` events, with every name given by `as NAME` and times kept
/// symbolic (`fade.end + 0.1`). Numbers are written in full (`0.1`, `1e-07`), not rounded as
/// `inspect` shows them, so every bit comes back. Things that must exist before they are named
/// come last: masks and other layer references (`set a mask=b`), begin times that name an
/// animation or event written later (`set spin beginTime=hide.end`), and the canvas duration.
///
/// NB: a document loaded from a project file may hold what no command can state (a group child
/// on another layer than its group). `Session` replays the script before saving it and refuses
/// when the result differs, so a saved script always rebuilds its document.
package enum ScriptWriter {
    /// The first line of every script `save` writes; `save` replaces only files that start
    /// with it (or projects) unless told to with `save!`.
    package static let header = "# LayerLab script: `layerlab run FILE` or `load FILE` rebuilds this document."

    /// Whether `bytes` is a script `save` wrote.
    package static func isSavedScript(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: header.utf8)
    }

    /// - Parameter spelled: print values as they were typed and in the order they were typed
    ///   (`WrittenForms`); without it, every value as it is stored, in the tables' order.
    package static func script(for document: Document, spelled: Bool = true) -> String {
        var w = Writer(document: document, spelled: spelled)
        w.write()
        return w.lines.joined(separator: "\n") + "\n"
    }

    struct Writer {
        let document: Document
        var lines: [String] = [ScriptWriter.header]
        /// Lines that must come after everything is defined.
        var deferred: [String] = []
        /// Animation and event names written so far: what a begin time may name.
        var defined: Set<String> = []

        /// Use the spellings and order the user typed (see `script(for:spelled:)`).
        let spelled: Bool

        init(document: Document, spelled: Bool) { self.document = document; self.spelled = spelled }

        /// `key=value` words in the order the keys were typed (`order`); the rest after them,
        /// as they were.
        func typedOrder(_ words: [String], _ order: [String]) -> [String] {
            guard spelled, !order.isEmpty else { return words }
            var rank: [Substring: Int] = [:]
            for (i, k) in order.enumerated() where rank[Substring(k)] == nil { rank[Substring(k)] = i }
            return words.enumerated().sorted { x, y in
                let a = rank[x.element.prefix { $0 != "=" }] ?? Int.max, b = rank[y.element.prefix { $0 != "=" }] ?? Int.max
                return a != b ? a < b : x.offset < y.offset
            }.map(\.element)
        }

        func value(_ v: Value, _ type: ValueType?) -> String { ScriptWriter.value(v, type) }

        /// The value as the user typed it (`WrittenForm`) when that spelling still reads back
        /// to this very value; otherwise as `value` writes it.
        func value(_ v: Value, _ type: ValueType?, spelled form: String?, keyPath: String) -> String {
            guard spelled, let form, let type, let e = Parser.expression(form) else { return value(v, type) }
            let r = ValueReader(document: document)
            // Keyframe values are a list of the key path's type, read one by one.
            if case .list(let vs) = v, case .list(let es, _) = e, es.count == vs.count,
               zip(es, vs).allSatisfy({ x, v in (try? r.value(x, type: type, keyPath: keyPath)) == v }) {
                return form
            }
            if let back = try? r.value(e, type: type, keyPath: keyPath), back == v { return form }
            return value(v, type)
        }

        /// A timing attribute's value as typed (`300ms`), when it still reads back the same.
        func timing(_ v: TimingValue, _ attribute: TimingAttribute, spelled form: String?) -> String? {
            guard spelled, let form, let e = Parser.expression(form),
                  let back = try? ValueReader(document: document).timingValue(e, for: attribute), back == v else { return nil }
            return form
        }

        /// A time expression as typed, when it still reads back the same.
        func time(_ t: TimeExpr, spelled form: String?) -> String {
            guard spelled, let form, let e = Parser.expression(form),
                  let back = try? ValueReader(document: document).timeExpr(e), back == t else { return time(t) }
            return form
        }
        func number(_ v: Double) -> String { ScriptWriter.number(v) }
        func time(_ e: TimeExpr) -> String { e.text(.exact) }
        func timingFunction(_ f: TimingFunction) -> String { f.text(.exact) }

        mutating func write() {
            let c = document.canvas
            let background = value(.color(c.background), .color, spelled: c.written["background"], keyPath: "backgroundColor")
            // A script that never set the canvas size or colour does not start by setting them.
            let untouched = c.size == Canvas().size && c.background == Canvas().background
                && !c.written.order.contains { $0 != "duration" }
            if !(spelled && untouched) { lines.append("canvas size=\(value(.size(c.size), .size)) background=\(background)") }
            for p in document.paths {
                lines.append("path \(p.name) = \(value(.path(p.path), .path, spelled: p.written.text, keyPath: "path"))")
            }
            writeLayers(document.layers, parent: nil)
            writeTimed()
            lines += deferred
            if let d = c.duration { lines.append("canvas duration=\(time(d, spelled: c.written["duration"]))") }
            if let p = c.poster { lines.append("canvas poster=\(number(p))") }
        }

        // MARK: - Layers

        mutating func writeLayers(_ layers: [Layer], parent: String?) {
            for l in layers {
                var words = [l.kind.rawValue, l.name]
                if let parent { words += ["in", parent] }
                words += propertyWords(l)
                // An emitter's cells go in its block when they come before its other
                // sublayers (the block adds them first); otherwise each is `cell … in …`.
                let cellCount = l.sublayers.prefix { $0.kind == .emitterCell }.count
                if l.kind == .emitter, cellCount > 0 {
                    lines.append(words.joined(separator: " ") + " {")
                    writeCells(l.sublayers.prefix(cellCount), indent: "    ")
                    lines.append("}")
                    writeLayers(Array(l.sublayers.dropFirst(cellCount)), parent: l.name)
                } else {
                    lines.append(words.joined(separator: " "))
                    writeLayers(l.sublayers, parent: l.name)
                }
            }
        }

        /// `cell NAME prop=value …` lines of a block, a cell's own cells in a nested block.
        mutating func writeCells(_ cells: ArraySlice<Layer>, indent: String) {
            for c in cells {
                let line = indent + (["cell", c.name] + propertyWords(c)).joined(separator: " ")
                if c.sublayers.isEmpty { lines.append(line); continue }
                lines.append(line + " {")
                writeCells(c.sublayers[...], indent: indent + "    ")
                lines.append(indent + "}")
            }
        }

        /// A layer's stored properties as `name=value` words, in table order; layer
        /// references are set at the end, once every layer exists.
        mutating func propertyWords(_ l: Layer) -> [String] {
            var words: [String] = []
            for spec in PropertyTable.all {
                guard let v = l.properties[spec.name] else { continue }
                if spec.type == .layerRef {
                    deferred.append("set \(l.name) \(spec.name)=\(value(v, spec.type))")
                } else {
                    words.append("\(spec.name)=\(value(v, spec.type, spelled: l.written[spec.name], keyPath: spec.name))")
                }
            }
            return typedOrder(words, l.written.order)
        }

        // MARK: - Animations

        /// Animations and events, each list in its own order (that order is part of the
        /// document), interleaved so that what a time names is written before it.
        mutating func writeTimed() {
            var i = 0, j = 0
            let animations = document.animations, events = document.events
            while i < animations.count || j < events.count {
                if i < animations.count, Writer.references(animations[i]).isSubset(of: defined) {
                    writeAnimation(animations[i]); i += 1
                } else if j < events.count, events[j].time.references.isSubset(of: defined.union([events[j].name])) {
                    writeEvent(events[j]); j += 1
                } else if i < animations.count {
                    // Names something written later: its begin time is set at the end.
                    writeAnimation(animations[i]); i += 1
                } else {
                    writeEvent(events[j]); j += 1
                }
            }
        }

        /// The names an animation's times (its children's included) refer to outside itself.
        static func references(_ a: Animation) -> Set<String> {
            var refs = Set<String>(), own = Set<String>()
            func walk(_ a: Animation) {
                refs.formUnion(a.timing.beginTime.references)
                if !a.name.isEmpty { own.insert(a.name) }
                if case .group(let g) = a.body { g.children.forEach(walk) }
            }
            walk(a)
            return refs.subtracting(own)
        }

        mutating func writeAnimation(_ a: Animation) {
            let begins = a.timing.beginTime.references.isSubset(of: defined.union([a.name]))
            if case .group = a.body {
                lines += groupLines(a, header: "group \(a.name) on \(a.layer)", indent: "", deferBegin: !begins)
            } else {
                // A made-up name is made up again the same way (`dot.opacity`); the replay
                // that checks a saved script falls back to naming it when it is not.
                let named = spelled && a.written.generatedName ? "" : " as \(a.name)"
                lines.append(([a.kindName, a.layer] + animationWords(a, omitBegin: !begins)).joined(separator: " ") + named)
            }
            if !begins { deferred.append("set \(a.name) beginTime=\(time(a.timing.beginTime))") }
            defined.formUnion(Writer.names(in: a))
        }

        /// A group's lines: its header with timing, its children one a line, the closing brace.
        func groupLines(_ g: Animation, header: String, indent: String, deferBegin: Bool = false) -> [String] {
            guard case .group(let body) = g.body else { return [] }
            var head = [header]
            if body.sequence { head.append("sequence") }
            head += typedOrder(timingWords(g.timing, omitBegin: deferBegin, written: g.written), g.written.order)
            var out = [indent + head.joined(separator: " ") + " {"]
            for child in body.children {
                if case .group = child.body {
                    out += groupLines(child, header: "group \(child.name)", indent: indent + "    ")
                } else {
                    let named = child.name.isEmpty ? "" : " as \(child.name)"
                    out.append(indent + "    " + ([child.kindName] + animationWords(child, omitBegin: false)).joined(separator: " ") + named)
                }
            }
            out.append(indent + "}")
            return out
        }

        /// `KEYPATH from=… to=… TIMING…` for a basic, keyframe or spring animation.
        func animationWords(_ a: Animation, omitBegin: Bool) -> [String] {
            // A value function's values are plain numbers, not the key path's transforms.
            let type = a.valueFunction == nil ? keyPathType(a) : nil
            var words: [String] = []
            switch a.body {
            case .basic(let b):
                words.append(b.keyPath)
                words += fromToBy(b.from, b.to, b.by, type, a)
                if let f = b.valueFunction { words.append("valueFunction=\(f.rawValue)") }
            case .keyframes(let k):
                words.append(k.keyPath)
                if k.path == nil || !k.values.isEmpty {
                    words.append("values=" + value(.list(k.values), type, spelled: a.written["values"], keyPath: k.keyPath))
                }
                if let path = k.path { words.append("path=" + value(path, .path, spelled: a.written["path"], keyPath: "path")) }
                if let mode = k.rotationMode { words.append("rotationMode=\(mode.rawValue)") }
                if let ts = k.keyTimes { words.append("keyTimes=[" + ts.map(number).joined(separator: ", ") + "]") }
                if k.calculationMode != .linear { words.append("calculationMode=\(k.calculationMode.rawValue)") }
                if let fs = k.timingFunctions { words.append("timingFunctions=[" + fs.map(timingFunction).joined(separator: ", ") + "]") }
                for name in Animation.Keyframes.shapeAttributes {
                    if let ns = k.shapeValues(name) { words.append("\(name)=[" + ns.map(number).joined(separator: ", ") + "]") }
                }
                if let f = k.valueFunction { words.append("valueFunction=\(f.rawValue)") }
            case .spring(let s):
                words.append(s.keyPath)
                words += fromToBy(s.from, s.to, s.by, type, a)
                switch s.form {
                case .physics(let m, let k, let d, let v):
                    words += ["mass=\(number(m))", "stiffness=\(number(k))", "damping=\(number(d))", "initialVelocity=\(number(v))"]
                case .dampingRatio(let z, let v):
                    words += ["dampingRatio=\(number(z))", "initialSpringVelocity=\(number(v))"]
                }
            case .group:
                break
            }
            let all = words + timingWords(a.timing, omitBegin: omitBegin, written: a.written)
            return all.prefix(1) + typedOrder(Array(all.dropFirst()), a.written.order)
        }

        func fromToBy(_ from: Value?, _ to: Value?, _ by: Value?, _ type: ValueType?, _ a: Animation) -> [String] {
            [("from", from), ("to", to), ("by", by)].compactMap { k, v in
                v.map { "\(k)=\(value($0, type, spelled: a.written[k], keyPath: a.keyPath ?? ""))" }
            }
        }

        /// The timing attributes that differ from their defaults, in `MediaTiming.attributes` order.
        func timingWords(_ t: MediaTiming, omitBegin: Bool, written: WrittenForms) -> [String] {
            MediaTiming.attributes.compactMap { attribute -> String? in
                guard let v = attribute.value(in: t), !(omitBegin && attribute.name == "beginTime") else { return nil }
                let text = timing(v, attribute, spelled: written[attribute.name]) ?? ValueFormatter.format(v, .exact)
                return "\(attribute.name)=\(text)"
            }
        }

        // MARK: - Events

        mutating func writeEvent(_ e: Event) {
            let kind = document.layer(named: e.layer)?.kind
            let sets = e.assignments.map { a in
                "\(a.keyPath)=" + value(a.value, LayerKeyPath.resolve(a.keyPath, for: kind)?.type, spelled: a.written.text, keyPath: a.keyPath)
            }
            lines.append((["at", time(e.time, spelled: e.writtenTime.text), "set", e.layer] + sets
                          + (e.transition.map(ScriptWriter.transitionWords) ?? []) + (e.animated ? ["animated"] : [])).joined(separator: " ")
                         + " as \(e.name)")
            defined.insert(e.name)
        }

        static func names(in a: Animation) -> Set<String> {
            var out: Set<String> = a.name.isEmpty ? [] : [a.name]
            if case .group(let g) = a.body { for c in g.children { out.formUnion(names(in: c)) } }
            return out
        }

        func keyPathType(_ a: Animation) -> ValueType? {
            guard let kp = a.keyPath else { return nil }
            return LayerKeyPath.resolve(kp, for: document.layer(named: a.layer)?.kind)?.type
        }
    }

    // MARK: - Values

    /// A value as the command language reads it back, for a key path of `type`: every bit.
    static func value(_ v: Value, _ type: ValueType?) -> String { ValueFormatter.format(v, type: type, .exact) }

    /// Every bit of the number: `0.1`, `2`, `1e-07`, `inf`.
    static func number(_ v: Double) -> String { exactNumberText(v) }

    /// `transition=push subtype=fromRight duration=0.4 …`: the type, then what differs from the defaults.
    static func transitionWords(_ t: Transition) -> [String] {
        var out = ["transition=\(t.type.rawValue)"]
        if let s = t.subtype { out.append("subtype=\(s.rawValue)") }
        if let d = t.duration { out.append("duration=\(number(d))") }
        if let f = t.timingFunction { out.append("timingFunction=\(f.text(.exact))") }
        if t.startProgress != 0 { out.append("startProgress=\(number(t.startProgress))") }
        if t.endProgress != 1 { out.append("endProgress=\(number(t.endProgress))") }
        return out
    }
}
