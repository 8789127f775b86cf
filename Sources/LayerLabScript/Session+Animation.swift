import LayerLabCore

/// The commands that add and change animations and scheduled events.
extension Session {
    /// An animation kind's attributes besides timing: its command's own in `CommandTable`
    /// (`from`, `values`, `mass`…); `set GROUP sequence=true` for a group.
    static func bodyAttributes(_ verb: String) -> [String] {
        (CommandTable.spec(verb)?.attributes.map(\.name) ?? []) + (verb == "group" ? [CommandTable.groupSequence.name] : [])
    }

    /// `additive`/`cumulative` on a group: said plainly, not as an unknown attribute.
    static func propertyOnlyOnGroup(_ a: Argument) -> ScriptError {
        .invalid("\(a.key.text) is about a key path's value: a group has none (set it on the group's animations)", a.key.range)
    }

    func refusePropertyOnlyOnGroup(_ args: ArgumentList) throws(ScriptError) {
        for a in args.arguments where MediaTiming.attribute(named: a.key.text)?.propertyOnly == true {
            throw Self.propertyOnlyOnGroup(a)
        }
    }

    mutating func addAnimation(_ a: AnimationCommand, _ c: Command) throws(ScriptError) -> [Response] {
        guard var layerName = a.layer else {
            throw .unexpected(found: "a key path", expected: "LAYER KEYPATH", a.keyPath.range)
        }
        var a = a
        if let (cell, keyPath) = try cellTarget(layerName, a.keyPath) { layerName = cell; a.keyPath = keyPath }
        let layer = try requireLayer(layerName)
        let kp = try resolveKeyPath(a.keyPath, on: layer, animatable: true)
        let name = a.arguments.asName?.text ?? document.uniqueName(base: "\(layer.name).\(kp.name)")
        var anim = try buildAnimation(a, name: name, layer: layer, doc: document)
        anim.written.generatedName = a.arguments.asName == nil
        let end = document.animations.count
        try commitInPlace(c.text, History.Region(animations: end..<end)) { (s, doc) throws(ScriptError) in
            do throws(EditError) { try doc.addAnimation(anim) } catch {
                throw .edit(error, s.editRange(error, a.arguments, fallback: a.verb.range))
            }
        }
        var out: [Response] = a.arguments.asName == nil && settings.announceNames ? [.text("added animation \(name)")] : []
        out += unitNotes(a.arguments.arguments, keyPath: kp).map { .text($0) }
        if let note = Session.birthRateNote(anim, keyPath: kp) { out.append(.text(note)) }
        if settings.announceNames, let note = Session.fillNote(anim) { out.append(.text(note)) }
        return out
    }

    /// The Core Animation trap: `fillMode=forwards` (or `both`) without
    /// `removedOnCompletion=false` is accepted and kept, but holds nothing after the end,
    /// because a completed animation is removed first. Said at the prompt, where it is learnt.
    static func fillNote(_ a: Animation) -> String? {
        let t = a.timing
        guard t.fillMode == .forwards || t.fillMode == .both, t.removedOnCompletion else { return nil }
        return "note: fillMode=\(t.fillMode.rawValue) holds the end value only with removedOnCompletion=false; "
            + "as in Core Animation, '\(escapeForTerminal(a.name))' is removed when it ends and the model value shows again "
            + "(add removedOnCompletion=false, or set the layer's value to the end value)"
    }

    mutating func addGroup(_ n: Name, _ layerName: Name, _ args: ArgumentList, _ children: [AnimationCommand],
                           _ c: Command) throws(ScriptError) -> [Response] {
        let layer = try requireLayer(layerName)
        var doc = document
        try refusePropertyOnlyOnGroup(args)
        try checkAttributes(args, MediaTiming.groupAttributeNames, command: "group")
        var group = Animation(name: n.text, layer: layer.name, body: .group(.init(children: [], sequence: args.has(CommandTable.Group.sequence))))
        try applyAttributes(args.arguments, to: &group, layer: layer, doc: doc, ownName: n.text)
        let built = try buildChildren(children, layer: layer, doc: doc, extraNames: [n.text])
        group.body = .group(.init(children: built, sequence: args.has(CommandTable.Group.sequence)))
        do { try doc.addAnimation(group) } catch {
            var range = editRange(error, args, fallback: n.range)
            if case .duplicateName(let dup, _) = error, dup != n.text,
               let child = children.first(where: { $0.arguments.asName?.text == dup }) {
                range = child.arguments.asName?.range ?? range
            }
            if case .duplicateName(n.text, _) = error { range = n.range }
            throw .edit(error, range)
        }
        commit(doc, c.text)
        var out = unitNotes(args.arguments, keyPath: nil).map { Response.text($0) }
        for child in children {
            let kp = LayerKeyPath.resolve(child.keyPath.text, for: layer.kind)
            out += unitNotes(child.arguments.arguments, keyPath: kp).map { .text($0) }
        }
        return out + (settings.announceNames ? Session.fillNote(group).map { [.text($0)] } ?? [] : [])
    }

    /// Builds a group's children, nested groups included; every child runs on the group's layer.
    func buildChildren(_ children: [AnimationCommand], layer: Layer, doc: Document,
                       extraNames: Set<String>) throws(ScriptError) -> [Animation] {
        var built: [Animation] = []
        for child in children {
            if let l = child.layer, l.text != layer.name {
                throw .invalid("a group's animations run on its layer '\(layer.name)'", l.range)
            }
            if child.verb.text == "group" {
                try refusePropertyOnlyOnGroup(child.arguments)
                try checkAttributes(child.arguments, MediaTiming.groupAttributeNames, command: "group")
                let name = child.keyPath.text
                var group = Animation(name: name, layer: layer.name,
                                      body: .group(.init(children: [], sequence: child.arguments.has(CommandTable.Group.sequence))))
                try applyAttributes(child.arguments.arguments, to: &group, layer: layer, doc: doc, ownName: name,
                                    extraNames: extraNames)
                let inner = try buildChildren(child.children, layer: layer, doc: doc,
                                              extraNames: extraNames.union([name]))
                group.body = .group(.init(children: inner, sequence: child.arguments.has(CommandTable.Group.sequence)))
                built.append(group)
                continue
            }
            _ = try resolveKeyPath(child.keyPath, on: layer, animatable: true)
            built.append(try buildAnimation(child, name: child.arguments.asName?.text ?? "", layer: layer, doc: doc,
                                            extraNames: extraNames))
        }
        return built
    }

    /// Builds an animate/keyframes/spring animation from its arguments.
    func buildAnimation(_ a: AnimationCommand, name: String, layer: Layer, doc: Document,
                        extraNames: Set<String> = []) throws(ScriptError) -> Animation {
        let kp = try resolveKeyPath(a.keyPath, on: layer, animatable: true)
        try checkAttributes(a.arguments, Session.bodyAttributes(a.verb.text) + MediaTiming.attributeNames,
                            command: a.verb.text)
        let body: Animation.Body
        switch a.verb.text {
        case "animate": body = .basic(.init(keyPath: kp.name))
        case "keyframes":
            guard a.arguments[CommandTable.Keyframes.values] != nil || a.arguments[CommandTable.Keyframes.path] != nil else {
                // Only a point may follow a path, so only then is it worth naming.
                throw .missingAttribute(kp.type == .point ? "values=[...] or path=…" : "values=[...]",
                                        command: "keyframes", a.keyPath.range)
            }
            body = .keyframes(.init(keyPath: kp.name, values: []))
        default: body = .spring(.init(keyPath: kp.name, form: Animation.Spring.Form.defaultPhysics))
        }
        var anim = Animation(name: name, layer: layer.name, body: body)
        try applyAttributes(a.arguments.arguments, to: &anim, layer: layer, doc: doc,
                            ownName: name, extraNames: extraNames)
        return anim
    }

    /// Applies timing and body attributes to an animation (creating it, or `set ANIMATION`).
    func applyAttributes(_ args: [Argument], to anim: inout Animation, layer: Layer, doc: Document,
                         ownName: String, extraNames: Set<String> = []) throws(ScriptError) {
        var r = ValueReader(document: doc)
        r.extraTimeNames = extraNames.union([ownName])
        let kp = anim.keyPath.flatMap { LayerKeyPath.resolve($0, for: layer.kind) }
        // The value function first: it decides how from, to, by and values are read.
        if let a = args.last(where: { $0.key.text == CommandTable.valueFunction.name }) {
            try setValueFunction(a, &anim, r)
        }
        let context = AnimationAttribute.Context(reader: r, keyPath: kp, valueFunction: anim.valueFunction)
        var physics: [String: Double] = [:], ratio: [String: Double] = [:]
        var physicsRange: SourceRange?, ratioRange: SourceRange?
        for a in args {
            let e = a.value
            if let attribute = MediaTiming.attribute(named: a.key.text) {
                if attribute.propertyOnly, case .group = anim.body { throw Self.propertyOnlyOnGroup(a) }
                attribute.set(try r.timingValue(e, for: attribute), in: &anim.timing)
                anim.written.note(a.key.text, e.spelling(for: nil))
                continue
            }
            if a.key.text == CommandTable.valueFunction.name {
                anim.written.note(a.key.text, e.spelling(for: nil))
                continue
            }
            let body = CommandTable.animationAttribute(named: a.key.text)
            anim.written.note(a.key.text, e.spelling(for: body?.writtenType ?? kp?.type))
            if let body {
                guard try body.apply(&anim, e, context) else { throw unknownAttribute(a, anim) }
                continue
            }
            // A spring's numbers, from its forms' parameter table.
            guard let p = Animation.Spring.Form.parameters.first(where: { $0.name == a.key.text }), case .spring = anim.body else {
                throw unknownAttribute(a, anim)
            }
            let v = try r.number(e, in: p.range, name: p.name)
            if Animation.Spring.Form.physicsParameters.contains(where: { $0.name == p.name }) {
                physics[p.name] = v
                physicsRange = physicsRange ?? a.key.range
            } else {
                ratio[p.name] = v
                ratioRange = ratioRange ?? a.key.range
            }
        }
        if case .spring(var s) = anim.body, !physics.isEmpty || !ratio.isEmpty {
            if let pr = physicsRange, let rr = ratioRange {
                throw .invalid("use either mass/stiffness/damping/initialVelocity or dampingRatio/initialSpringVelocity, not both",
                               pr.start < rr.start ? rr : pr)
            }
            // Given numbers replace the form's own; switching forms starts from the defaults.
            typealias Form = Animation.Spring.Form
            let toPhysics = ratio.isEmpty
            let given = toPhysics ? physics : ratio
            let params = toPhysics ? Form.physicsParameters : Form.ratioParameters
            let current = s.form.isPhysics == toPhysics ? s.form.values.map(\.value) : params.map(\.defaultValue)
            let numbers = zip(params, current).map { p, v in given[p.name] ?? v }
            s.form = toPhysics ? Form(physics: numbers) : Form(ratio: numbers)
            anim.body = .spring(s)
        }
    }

    func unknownAttribute(_ a: Argument, _ anim: Animation) -> ScriptError {
        let allowed = Session.bodyAttributes(anim.kindName) + MediaTiming.attributeNames
        return .unknownAttribute(a.key.text, command: anim.kindName, a.key.range,
                                 suggestion: Suggestion.nearest(a.key.text, in: allowed))
    }

    /// Where to point for a core error about an animation's arguments.
    func editRange(_ error: EditError, _ args: ArgumentList, fallback: SourceRange) -> SourceRange {
        switch error {
        case .duplicateName, .invalidName, .reservedName, .emptyName: return args.asName?.range ?? fallback
        case .timeCycle, .unknownTimeReference: return args.argument(named: "beginTime")?.value.range ?? fallback
        case .invalidTiming(let attr, _): return args.argument(named: attr)?.value.range ?? fallback
        case .invalidAnimation(_, let attr?): return args.argument(named: attr)?.value.range ?? fallback
        case .outOfRange(let attr, _, _): return args.argument(named: attr)?.value.range ?? fallback
        default: return fallback
        }
    }

    /// `set ANIMATION attr=value …`: changes timing or values in place (keeping its precedence).
    mutating func setAnimation(_ target: Name, _ args: [Argument], _ c: Command) throws(ScriptError) {
        guard let old = document.animation(named: target.text) else { return }
        guard !args.isEmpty else { throw .unexpected(found: "end of command", expected: "attribute=value", c.range) }
        guard let layer = document.layer(named: old.layer) else { throw .edit(.noSuchLayer(old.layer), target.range) }
        var anim = old
        try applyAttributes(args, to: &anim, layer: layer, doc: document, ownName: old.name)
        var doc = document
        let list = ArgumentList(arguments: args)
        do { try doc.replaceAnimation(named: old.name, with: anim) } catch {
            throw .edit(error, editRange(error, list, fallback: target.range))
        }
        commit(doc, c.text)
    }

    /// `at TIME set LAYER prop=value … [animated] [as NAME]`.
    mutating func schedule(_ t: Expr, _ target: Name, _ args: ArgumentList, _ value: Expr?,
                           _ c: Command) throws(ScriptError) -> [Response] {
        var layerName = target
        var arguments = args.arguments
        if let value {
            let (owner, rest) = splitTarget(target)
            guard let rest else { throw .unexpected(found: "'='", expected: "LAYER.KEYPATH = value", target.range) }
            layerName = owner
            arguments.insert(Argument(key: rest, value: value), at: 0)
        }
        let layer = try requireLayer(layerName)
        let transition = try transition(&arguments, layer: layer)
        // A named change that sets nothing is a named moment (a Lottie marker without a span).
        guard !arguments.isEmpty || (args.asName != nil && transition == nil) else {
            throw .unexpected(found: "end of command", expected: "prop=value", c.range)
        }
        var doc = document
        var r = ValueReader(document: doc)
        if let n = args.asName { r.extraTimeNames = [n.text] }
        let time = try r.timeExpr(t)
        let list = try assignments(arguments, for: layerName.text, in: doc)
        let name = args.asName?.text ?? doc.uniqueName(base: "\(layerName.text).at")
        var event = Event(name: name, time: time, layer: layerName.text, assignments: list, animated: args.has(CommandTable.At.animated),
                          transition: transition)
        event.writtenTime = WrittenForm(t.spelling(for: nil))
        do { try doc.addEvent(event) } catch {
            let range: SourceRange
            switch error {
            case .timeCycle, .unknownTimeReference: range = t.range
            case .duplicateName, .invalidName, .reservedName, .emptyName: range = args.asName?.range ?? target.range
            default: range = target.range
            }
            throw .edit(error, range)
        }
        commit(doc, c.text)
        return args.asName == nil && settings.announceNames ? [.text("added event \(name)")] : []
    }

    /// Takes the transition attributes (`transition=push subtype=fromRight duration=0.4 …`) out
    /// of an `at … set` command's arguments; nil without `transition=`. A transition attribute
    /// given without `transition=` (and not a property of the layer) is refused by name.
    func transition(_ arguments: inout [Argument], layer: Layer) throws(ScriptError) -> Transition? {
        let names = Set(Transition.attributeNames)
        guard let kindArg = arguments.first(where: { $0.key.text == "transition" }) else {
            for a in arguments where names.contains(a.key.text) && LayerKeyPath.resolve(a.key.text, for: layer.kind) == nil {
                throw .invalid("\(a.key.text) belongs to a transition: add transition=\(CommandTable.words(Transition.Kind.self))",
                               a.key.range)
            }
            return nil
        }
        guard layer.kind.isLayer else {
            throw .invalid("a transition draws a layer: '\(layer.name)' is an emitter cell", kindArg.key.range)
        }
        let r = ValueReader(document: document)
        var t = Transition(type: try r.word(kindArg.value, as: Transition.Kind.self, what: "transition type"))
        var rest: [Argument] = []
        var seen: Set<String> = []
        for a in arguments {
            let key = a.key.text
            guard names.contains(key) else { rest.append(a); continue }
            guard seen.insert(key).inserted else { throw .invalid("\(key) is given twice", a.key.range) }
            switch key {
            case "subtype": t.subtype = try r.word(a.value, as: Transition.Subtype.self, what: "transition subtype")
            case "duration": t.duration = try r.number(a.value, .time, in: .nonNegative, name: key)
            case "timingFunction": t.timingFunction = try r.timingFunction(a.value)
            case "startProgress": t.startProgress = try r.number(a.value, in: .unit, name: key)
            case "endProgress": t.endProgress = try r.number(a.value, in: .unit, name: key)
            default: break
            }
        }
        if t.type == .fade, let a = arguments.first(where: { $0.key.text == "subtype" }) {
            throw .invalid("a fade has no direction: leave out subtype (or use moveIn, push or reveal)", a.key.range)
        }
        do { try t.validate() } catch {
            let at = arguments.last { names.contains($0.key.text) && $0.key.text != "transition" } ?? kindArg
            throw .edit(error, at.value.range)
        }
        arguments = rest
        return t
    }

    /// `valueFunction=rotateZ` (or `none`) on an animate or keyframes animation of a transform.
    func setValueFunction(_ a: Argument, _ anim: inout Animation, _ r: ValueReader) throws(ScriptError) {
        var f: ValueFunctionName? = nil
        if case .word("none", _) = a.value {} else {
            f = try r.word(a.value, as: ValueFunctionName.self, what: "value function")
        }
        switch anim.body {
        case .basic(var b): b.valueFunction = f; anim.body = .basic(b)
        case .keyframes(var k): k.valueFunction = f; anim.body = .keyframes(k)
        default:
            throw .invalid("valueFunction is for animate and keyframes animations of a transform", a.key.range)
        }
    }

    /// A value given to a value function: a number, or three numbers `[x, y, z]`.
    static func functionInput(_ e: Expr, _ f: ValueFunctionName, _ r: ValueReader) throws(ScriptError) -> Value {
        if f.inputCount == 1 {
            if case .list = e { throw .wrongType(expected: "a number (valueFunction=\(f.rawValue))", found: e.described, e.range) }
            return .number(try r.number(e, f.takesAngle ? .angle : .plain, in: .finite, name: f.rawValue))
        }
        guard case .list(let xs, _) = e, xs.count == 3 else {
            throw .wrongType(expected: "three numbers [x, y, z] (valueFunction=\(f.rawValue))", found: e.described, e.range)
        }
        var out: [Value] = []
        for x in xs { out.append(.number(try r.number(x, .plain, in: .finite, name: f.rawValue))) }
        return .list(out)
    }
}
