import LayerLabCore
import TestSupport

/// Random valid documents for the round-trip property: every layer kind, every stored
/// property, every `Value` case, every animation kind (nested groups too), every timing
/// attribute, every time expression form and events, with awkward numbers and strings.
struct DocumentGenerator {
    var rng: SplitMix64
    private var counter = 0
    private var layerNames: [String] = []
    private var layerKind: [String: LayerKind] = [:]
    private var pathNames: [String] = []
    /// The named paths' shapes (a motion path's keyframes are its vertices).
    private var pathShapes: [String: Path] = [:]
    /// Top-level animations and events defined so far: what time expressions may name
    /// without making a cycle.
    private var timedNames: [String] = []

    /// Only documents the command language can state (what `save FILE.lab` must round-trip).
    let scriptable: Bool

    init(seed: UInt64, scriptable: Bool = false) { rng = SplitMix64(seed: seed); self.scriptable = scriptable }

    mutating func document() -> Document {
        var d = Document()
        d.canvas.size = Size(positive(), positive())
        d.canvas.background = color()
        for _ in 0..<int(0...3) { d.paths.append(NamedPath(name: fresh("p"), path: path())) }
        pathNames = d.paths.map(\.name)
        for p in d.paths { pathShapes[p.name] = p.path }
        d.layers = (0..<int(1...3)).map { _ in layer(depth: 0, parent: nil) }
        d.layers = d.layers.map { addMasks($0) }
        for _ in 0..<int(0...5) {
            if chance(0.7) { d.animations.append(animation(layer: pick(layerNames), depth: 0, topLevel: true)) }
            else { d.events.append(event()) }
        }
        if chance(0.5) {
            let t = time()
            d.canvas.duration = chance(0.5) || (t.constant.map { !($0 >= 0) } ?? false) ? .number(positive()) : t
        }
        return d
    }

    // MARK: - Layers

    private mutating func layer(depth: Int, parent: LayerKind?) -> Layer {
        // Cells only in emitters and cells, and only cells in cells.
        let kind = pick(LayerKind.allCases.filter { LayerKind.placementProblem($0, under: parent) == nil })
        let name = fresh(kind.rawValue)
        layerNames.append(name)
        layerKind[name] = kind
        var props: [String: Value] = [:]
        for spec in PropertyTable.properties(for: kind) where spec.type != .layerRef && chance(0.4) {
            props[spec.name] = value(spec.type, in: spec.range)
        }
        let subs = depth < 3 && chance(kind == .emitter ? 0.8 : 0.4)
            ? (0..<int(1...2)).map { _ in layer(depth: depth + 1, parent: kind) } : []
        return Layer(name: name, kind: kind, properties: props, sublayers: subs)
    }

    /// Masks go in once every layer exists: they may name any other layer, or none.
    private mutating func addMasks(_ l: Layer) -> Layer {
        var l = l
        if l.kind.isLayer, chance(0.3) { l.properties["mask"] = storedMask(for: l.name) }
        l.sublayers = l.sublayers.map { addMasks($0) }
        return l
    }

    private mutating func maskValue(for owner: String) -> Value {
        let others = layerNames.filter { $0 != owner && layerKind[$0] != .emitterCell }
        return others.isEmpty || chance(0.3) ? .null : .string(pick(others))
    }

    /// A layer's mask: `none` is stored as no mask by the command language.
    private mutating func storedMask(for owner: String) -> Value? {
        let v = maskValue(for: owner)
        return scriptable && v == .null ? nil : v
    }

    // MARK: - Animations and events

    private mutating func animation(layer: String, depth: Int, topLevel: Bool) -> Animation {
        let kind = layerKind[layer]!
        // The command language names every nested group (`group NAME { … }`).
        let name = topLevel || chance(0.5) || (scriptable && depth < 2) ? fresh("anim", dots: true) : ""
        var timing = self.timing()
        let body: Animation.Body
        switch depth < 2 ? int(0...3) : int(0...2) {
        case 0:
            let kp = animatableKeyPath(kind)
            body = .basic(.init(keyPath: kp.name, from: maybe { $0.value(kp.type) }, to: maybe { $0.value(kp.type) },
                                by: maybe { $0.value(kp.type) }))
        case 1:
            let kp = animatableKeyPath(kind)
            var n = int(1...4)
            var k = Animation.Keyframes(keyPath: kp.name, values: (0..<n).map { _ in value(kp.type) })
            k.calculationMode = pick(Animation.CalculationMode.allCases)
            // A point may follow a motion path instead: its vertices are the keyframes.
            if kp.type == .point && chance(0.4) {
                let named = pathNames.filter { !(pathShapes[$0]?.isEmpty ?? true) }
                if !named.isEmpty && chance(0.4) {
                    let name = pick(named)
                    k.path = .pathRef(name)
                    n = MotionPath(pathShapes[name]!)!.vertices.count
                } else {
                    var shape = path()
                    while shape.isEmpty { shape = path() }
                    k.path = .path(shape)
                    n = MotionPath(shape)!.vertices.count
                }
                if chance(0.5) { k.values = [] }
                k.rotationMode = chance(0.3) ? nil : pick(Animation.RotationMode.allCases)
            }
            // Discrete keyframes may end the last value's hold with one more key time.
            let times = k.calculationMode == .discrete && chance(0.5) ? n + 1 : n
            if chance(0.5) { k.keyTimes = (0..<times).map { _ in unit() }.sorted() }
            if chance(0.5) { k.timingFunctions = (0..<(n - 1)).map { _ in timingFunction() } }
            for name in Animation.Keyframes.shapeAttributes where chance(0.2) {
                k.setShapeValues(name, (0..<n).map { _ in Double(int(-10...10)) / 10 })
            }
            body = .keyframes(k)
        case 2:
            let kp = animatableKeyPath(kind)
            let form: Animation.Spring.Form = chance(0.5)
                ? .physics(mass: chance(0.3) ? 1 : positive(), stiffness: chance(0.3) ? 100 : positive(),
                           damping: chance(0.3) ? 10 : abs(number()), initialVelocity: chance(0.3) ? 0 : number())
                : .dampingRatio(positive(), initialVelocity: chance(0.3) ? 0 : number())
            body = .spring(.init(keyPath: kp.name, from: maybe { $0.value(kp.type) }, to: maybe { $0.value(kp.type) },
                                 by: maybe { $0.value(kp.type) }, form: form))
        default:
            // A script's group children run on the group's layer.
            let childLayer = chance(0.8) || scriptable ? layer : pick(layerNames)
            let children = (0..<int(0...3)).map { _ in animation(layer: chance(0.8) ? layer : childLayer, depth: depth + 1, topLevel: false) }
            body = .group(.init(children: children, sequence: chance(0.5)))
            if chance(0.2) { timing.duration = nil }
        }
        if topLevel { timedNames.append(name) }
        if case .group = body { timing.additive = false; timing.cumulative = false }   // not a group's
        return Animation(name: name, layer: layer, timing: timing, body: body)
    }

    private mutating func timing() -> MediaTiming {
        var t = MediaTiming()
        for attribute in MediaTiming.attributes where chance(0.4) {
            let v: TimingValue
            switch attribute.kind {
            case .time: v = .time(time())
            case .seconds, .number:
                v = .number(attribute.range.allowsInfinity && chance(0.3) ? .infinity : number(in: attribute.range))
            case .bool: v = .bool(chance(0.5))
            case .fillMode: v = .fillMode(pick(FillMode.allCases))
            case .timingFunction: v = .timingFunction(timingFunction())
            }
            attribute.set(v, in: &t)
        }
        return t
    }

    private mutating func event() -> Event {
        let layer = pick(layerNames)
        let kind = layerKind[layer]!
        let name = fresh("event", dots: true)
        let time = self.time()
        let names = LayerKeyPath.names(for: kind)
        var assignments = (0..<int(scriptable ? 1...3 : 0...3)).map { _ -> Assignment in
            let kp = LayerKeyPath.resolve(pick(names), for: kind)!
            let v = kp.type == .layerRef ? maskValue(for: layer) : value(kp.type, in: kp.range)
            return Assignment(keyPath: kp.name, value: v)
        }
        if scriptable {
            // `at … set L a=1 a=2` is refused: one assignment a key path.
            var seen = Set<String>()
            assignments = assignments.filter { seen.insert($0.keyPath).inserted }
        }
        timedNames.append(name)
        return Event(name: name, time: time, layer: layer, assignments: assignments, animated: chance(0.5))
    }

    private mutating func animatableKeyPath(_ kind: LayerKind) -> LayerKeyPath {
        let candidates = LayerKeyPath.names(for: kind).compactMap { LayerKeyPath.resolve($0, for: kind) }.filter(\.isAnimatable)
        // Aliases keep their spelling through a save, so use them as written too.
        let kp = pick(candidates)
        return chance(0.1) && kp.name == "transform.rotation.z" ? LayerKeyPath.resolve("transform.rotation", for: kind)! : kp
    }

    // MARK: - Time expressions

    /// Every form: constants (also infinite), begin/end of earlier names, the four operators,
    /// negation, nesting.
    private mutating func time(depth: Int = 0) -> TimeExpr {
        let leaf = depth > 2 || chance(0.4)
        if leaf {
            if !timedNames.isEmpty, chance(0.6) { return chance(0.5) ? .begin(pick(timedNames)) : .end(pick(timedNames)) }
            return .number(chance(0.05) && !scriptable ? .infinity : number())
        }
        let a = time(depth: depth + 1), b = time(depth: depth + 1)
        let e: TimeExpr
        switch int(0...4) {
        case 0: e = .add(a, b)
        case 1: e = .subtract(a, b)
        case 2: e = .multiply(a, b)
        case 3: e = .divide(a, b)
        default: e = .negate(a)
        }
        return scriptable ? Self.folded(e) ?? a : e
    }

    /// What the command language reads for `e`: operations on two constants are worked out
    /// (nil when that overflows or divides by zero), `-constant` is a constant.
    static func folded(_ e: TimeExpr) -> TimeExpr? {
        func constant(_ v: Double) -> TimeExpr? { v.isFinite ? .number(v) : nil }
        switch e {
        case .negate(.number(let v)): return .number(-v)
        case .add(.number(let x), .number(let y)): return constant(x + y)
        case .subtract(.number(let x), .number(let y)): return constant(x - y)
        case .multiply(.number(let x), .number(let y)): return constant(x * y)
        case .divide(.number(let x), .number(let y)): return y == 0 ? nil : constant(x / y)
        case .divide(_, .number(0)): return nil
        default: return e
        }
    }

    private mutating func timingFunction() -> TimingFunction {
        switch int(0...5) {
        case 0: return .linear
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .easeInEaseOut
        case 4: return .default
        default: return .cubic(unit(), number(), unit(), number())
        }
    }

    // MARK: - Values

    /// A value of the type, as the editor would store it: its numbers within `range` (for a
    /// rect, its size), as the property table says.
    private mutating func value(_ type: ValueType, in range: ValueRange = .finite) -> Value {
        func n() -> Double { number(in: range) }
        switch type {
        case .number: return .number(n())
        case .bool: return .bool(chance(0.5))
        case .point: return .point(Point(n(), n()))
        case .size: return .size(Size(abs(n()), abs(n())))
        case .rect: return .rect(Rect(number(), number(), abs(n()), abs(n())))
        case .color: return .color(color())
        case .path: return !pathNames.isEmpty && chance(0.4) ? .pathRef(pick(pathNames)) : .path(path())
        case .string: return .string(string())
        case .word(let words): return .string(pick(words))
        case .layerRef: return .null
        case .numberList: return .list((0..<int(0...4)).map { _ in .number(n()) })
        case .stringList: return .list((0..<int(0...3)).map { _ in .string(string()) })
        case .colorList: return .list((0..<int(0...4)).map { _ in .color(color()) })
        case .transform: return .transform((0..<int(0...3)).map { _ in transformOp() })
        }
    }

    private mutating func transformOp() -> TransformOp {
        switch int(0...4) {
        case 0: return .translate(number(), number(), chance(0.5) ? 0 : number())
        case 1: return chance(0.5) ? .rotate(number(), 0, 0, 1) : .rotate(number(), number(), number(), number())
        case 2: return .scale(number(), number(), chance(0.5) ? 1 : number())
        case 3: return .perspective(positive())
        default: return .matrix(Transform3D((0..<16).map { _ in number() }))
        }
    }

    private mutating func path() -> Path {
        var es: [PathElement] = [.move(point())]
        for _ in 0..<int(0...6) {
            switch int(0...4) {
            case 0: es.append(.move(point()))
            case 1: es.append(.line(point()))
            case 2: es.append(.quad(point(), point()))
            case 3: es.append(.cubic(point(), point(), point()))
            default: es.append(.close)
            }
        }
        return chance(0.1) ? Path() : Path(es)
    }

    private mutating func point() -> Point { Point(number(), number()) }

    /// Byte-exact colours (written as hex), arbitrary components (written as arrays), UIKit's.
    private mutating func color() -> Color {
        switch int(0...2) {
        case 0: return Color(bytes: int(0...255), int(0...255), int(0...255), chance(0.5) ? 255 : int(0...255))
        case 1: return Color(unit(), unit(), unit(), unit())
        default: return pick(Color.uikitNames.values.sorted { $0.hex < $1.hex })
        }
    }

    /// Numbers that stress the writer: integers, short decimals, thirds, tiny and huge
    /// exponents, negative zero, and arbitrary finite bit patterns.
    mutating func number() -> Double {
        switch int(0...7) {
        case 0: return Double(int(-300...300))
        case 1: return Double(int(-9999...9999)) / 100
        case 2: return 1.0 / Double(int(1...9)) * (chance(0.5) ? -1 : 1)
        case 3: return pick([1e-7, .leastNonzeroMagnitude, 1e20, -2.5e-15, 1.7976931348623157e308, 123456789012345683968])
        case 4: return -0.0
        case 5:
            while true {
                let v = Double(bitPattern: rng.next())
                if v.isFinite { return v }
            }
        default: return Double.random(in: -1000...1000, using: &rng)
        }
    }

    /// A number the range accepts: usually a stressful one, else the nearest bound.
    private mutating func number(in range: ValueRange) -> Double {
        for _ in 0..<4 {
            let v = number()
            if range.contains(v) { return v }
            if range.contains(abs(v)) { return abs(v) }
        }
        let u = unit()
        if range.contains(u) { return u }
        return range.lowerBound.map { $0 + (range.includesLowerBound ? 0 : 1) } ?? range.upperBound ?? 0
    }

    private mutating func positive() -> Double {
        let v = abs(number())
        return v > 0 ? v : 1
    }

    private mutating func unit() -> Double { chance(0.3) ? pick([0, 1, 0.5]) : Double.random(in: 0...1, using: &rng) }

    private mutating func string() -> String {
        pick(["", "hello", "quote \" and \\ backslash", "line\nbreak\ttab", "\u{1}\u{7f}\u{1b}[31m", "ünïcødé ✓ 🎉",
              "/tmp/frames/walk-1.png", "  spaces  ", "\u{2028}"])
    }

    // MARK: - Randomness

    private mutating func fresh(_ base: String, dots: Bool = false) -> String {
        counter += 1
        return dots && chance(0.2) ? "\(base)\(counter).\(int(2...9))" : "\(base)\(counter)"
    }

    mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }
    mutating func maybe(_ make: (inout DocumentGenerator) -> Value) -> Value? { chance(0.5) ? make(&self) : nil }
}
