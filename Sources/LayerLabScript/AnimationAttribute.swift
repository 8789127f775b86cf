import LayerLabCore

/// An attribute of an animation's body (`from`, `values`, `sequence`…), declared once: its
/// description for the command table and how a written value changes the animation.
///
/// The timing attributes have their own table (`MediaTiming.attributes`) and a spring's
/// numbers theirs (`Animation.Spring.Form.parameters`); these are the rest. An animation's
/// attributes are applied in the order written, `set ANIMATION …` included, so the handler
/// finds each written name's handle here rather than asking for handles one by one.
struct AnimationAttribute: Sendable {
    /// What an attribute's value is read with.
    struct Context {
        let reader: ValueReader
        /// The animated key path (nil for a group).
        let keyPath: LayerKeyPath?
        /// A transform animation's value function: its values are the function's numbers.
        var valueFunction: ValueFunctionName? = nil

        /// A value of the animated key path's type (the value function's input, when it has one).
        func value(_ e: Expr) throws(ScriptError) -> Value {
            guard let keyPath else { throw .invalid("a group has no values", e.range) }
            if let valueFunction { return try Session.functionInput(e, valueFunction, reader) }
            return try reader.value(e, type: keyPath.type, keyPath: keyPath.name)
        }
    }

    /// Applies a value; false when the animation's kind has no such attribute (the caller says
    /// which it does have).
    typealias Apply = @Sendable (inout Animation, Expr, Context) throws(ScriptError) -> Bool
    /// Sets a keyframe animation's attribute.
    typealias SetKeyframes = @Sendable (inout Animation.Keyframes, Expr, Context) throws(ScriptError) -> Void

    let spec: CommandSpec.Attribute
    /// How the written value is kept for saving: as a path, or (nil) as the key path's type.
    let writtenType: ValueType?
    private let change: Apply?
    private let setKeyframes: SetKeyframes?

    init(_ spec: CommandSpec.Attribute, _ apply: @escaping Apply) {
        self.spec = spec; writtenType = nil; change = apply; setKeyframes = nil
    }

    /// An attribute only a keyframe animation has. (Two closures rather than one wrapping the
    /// other: the table is built at every start, and a closure that captures nothing costs no
    /// allocation.)
    init(keyframes spec: CommandSpec.Attribute, writtenAs writtenType: ValueType? = nil, _ set: @escaping SetKeyframes) {
        self.spec = spec; self.writtenType = writtenType; change = nil; setKeyframes = set
    }

    var name: String { spec.name }

    /// Applies a written value; false when the animation's kind has no such attribute.
    func apply(_ anim: inout Animation, _ e: Expr, _ context: Context) throws(ScriptError) -> Bool {
        if let change { return try change(&anim, e, context) }
        guard let setKeyframes, case .keyframes(var k) = anim.body else { return false }
        try setKeyframes(&k, e, context)
        anim.body = .keyframes(k)
        return true
    }
}

extension CommandTable {
    /// `from`, `to`, `by`: of `animate` and `spring`.
    enum FromTo {
        static let from = AnimationAttribute(.init("from", "V", "start value", default: "the value beneath")) {
            anim, e, c throws(ScriptError) in try setEndpoint(&anim, 0, c.value(e))
        }
        static let to = AnimationAttribute(.init("to", "V", "end value", default: "the value beneath")) {
            anim, e, c throws(ScriptError) in try setEndpoint(&anim, 1, c.value(e))
        }
        static let by = AnimationAttribute(.init("by", "V", "relative change", default: "none")) {
            anim, e, c throws(ScriptError) in try setEndpoint(&anim, 2, c.value(e))
        }
        static let all = [from, to, by]

        /// Sets `from` (0), `to` (1) or `by` (2) of a basic or spring animation.
        private static func setEndpoint(_ anim: inout Animation, _ which: Int, _ v: Value) -> Bool {
            switch anim.body {
            case .basic(var b):
                if which == 0 { b.from = v } else if which == 1 { b.to = v } else { b.by = v }
                anim.body = .basic(b)
            case .spring(var s):
                if which == 0 { s.from = v } else if which == 1 { s.to = v } else { s.by = v }
                anim.body = .spring(s)
            default: return false
            }
            return true
        }
    }

    /// `keyframes`' own attributes, in help order.
    enum Keyframes {
        static let values = AnimationAttribute(keyframes: .init("values", "[...]", "the keyframe values", default: "required unless path")) { k, e, c throws(ScriptError) in
            guard case .list(let xs, _) = e else { throw .wrongType(expected: "a list [v, v, …]", found: e.described, e.range) }
            guard !xs.isEmpty else { throw .invalid("keyframes need at least one value", e.range) }
            var vs: [Value] = []
            for x in xs { vs.append(try c.value(x)) }
            k.values = vs
        }
        static let path = AnimationAttribute(keyframes: .init("path", "PATH", "a motion path for a point key path (svg(\"M …\"), circle(…), a named path); its vertices are the keyframes and values is ignored", default: "none"),
                                    writtenAs: .path) { k, e, c throws(ScriptError) in
            guard let kp = c.keyPath, kp.type == .point else {
                throw .invalid("a motion path drives a point (position, anchorPoint…), not \(k.keyPath)", e.range)
            }
            k.path = try c.reader.value(e, type: .path, keyPath: "path")
        }
        static let rotationMode = AnimationAttribute(keyframes: .init("rotationMode", words(Animation.RotationMode.self), "with a path: turn the layer to the direction of travel (autoReverse: facing back)", default: "none")) {
            k, e, c throws(ScriptError) in k.rotationMode = try c.reader.word(e, as: Animation.RotationMode.self, what: "rotation mode")
        }
        static let keyTimes = AnimationAttribute(keyframes: .init("keyTimes", "[...]", "0…1 fraction of the duration for each value; discrete also takes one more, ending the last value's hold (without it the last value holds to the end)", default: "evenly spaced")) {
            k, e, c throws(ScriptError) in
            guard case .list(let xs, _) = e else { throw .wrongType(expected: "a list [0, …, 1]", found: e.described, e.range) }
            var ts: [Double] = []
            for x in xs { ts.append(try c.reader.number(x, in: .unit, name: "a key time")) }
            k.keyTimes = ts
        }
        static let calculationMode = AnimationAttribute(keyframes: .init("calculationMode", words(Animation.CalculationMode.self), "how values between keyframes are found", default: "linear")) {
            k, e, c throws(ScriptError) in k.calculationMode = try c.reader.word(e, as: Animation.CalculationMode.self, what: "calculation mode")
        }
        static let timingFunctions = AnimationAttribute(keyframes: .init("timingFunctions", "[...]", "one timing function per segment", default: "linear")) {
            k, e, c throws(ScriptError) in
            guard case .list(let xs, _) = e else { throw .wrongType(expected: "a list of timing functions", found: e.described, e.range) }
            var fs: [TimingFunction] = []
            for x in xs { fs.append(try c.reader.timingFunction(x)) }
            k.timingFunctions = fs
        }
        static let tensionValues = AnimationAttribute(keyframes: .init("tensionValues", "[...]", "cubic modes: per keyframe, above 0 tightens the curve, below 0 loosens it", default: "0 each")) {
            k, e, c throws(ScriptError) in k.tensionValues = try shapeNumbers(e, c, name: "tensionValues")
        }
        static let continuityValues = AnimationAttribute(keyframes: .init("continuityValues", "[...]", "cubic modes: per keyframe, apart from 0 turns the curve's pass through it into a corner", default: "0 each")) {
            k, e, c throws(ScriptError) in k.continuityValues = try shapeNumbers(e, c, name: "continuityValues")
        }
        static let biasValues = AnimationAttribute(keyframes: .init("biasValues", "[...]", "cubic modes: per keyframe, above 0 overshoots past it, below 0 anticipates it", default: "0 each")) {
            k, e, c throws(ScriptError) in k.biasValues = try shapeNumbers(e, c, name: "biasValues")
        }
        static let all = [values, path, rotationMode, keyTimes, calculationMode, timingFunctions,
                          tensionValues, continuityValues, biasValues]

        /// A cubic curve's shape list: one finite number a keyframe.
        private static func shapeNumbers(_ e: Expr, _ c: AnimationAttribute.Context, name: String) throws(ScriptError) -> [Double] {
            guard case .list(let xs, _) = e else { throw .wrongType(expected: "a list of numbers, one per keyframe", found: e.described, e.range) }
            var ns: [Double] = []
            for x in xs { ns.append(try c.reader.number(x, in: .finite, name: name)) }
            return ns
        }
    }

    /// `set GROUP sequence=true|false`: the `sequence` flag of `group`, as an attribute.
    static let groupSequence = AnimationAttribute(.init("sequence", "true|false", Group.sequence.meaning, default: "false")) {
        anim, e, c throws(ScriptError) in
        guard case .group(var g) = anim.body else { return false }
        g.sequence = try c.reader.bool(e)
        anim.body = .group(g)
        return true
    }

    /// Every body attribute by name (a name belongs to one handle).
    static func animationAttribute(named name: String) -> AnimationAttribute? {
        if let a = FromTo.all.first(where: { $0.name == name }) { return a }
        if let a = Keyframes.all.first(where: { $0.name == name }) { return a }
        return name == groupSequence.name ? groupSequence : nil
    }
}
