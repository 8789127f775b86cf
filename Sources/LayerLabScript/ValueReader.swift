import LayerLabCore

/// Gives written values (`Expr`) their types, once the key path or attribute says what it takes.
///
/// Numbers carry a dimension from their unit: `300ms` and `0.3s` are times, `90deg`, `1turn`
/// and `2rad` angles; bare numbers fit anywhere (seconds for times, radians for angles, as in
/// Core Animation), but a time is refused where an angle or a plain number is expected.
struct ValueReader {
    let document: Document
    /// Names time expressions may use besides the document's (the animation being defined).
    var extraTimeNames: Set<String> = []

    typealias Dimension = Quantity

    // MARK: - Numbers

    func number(_ e: Expr, _ dim: Dimension = .plain, allowInfinity: Bool = false) throws(ScriptError) -> Double {
        let (v, d) = try numeric(e)
        if let d, d != dim {
            throw .wrongType(expected: dim.noun, found: d.noun, e.range)
        }
        if v.isNaN { throw .invalid("the arithmetic has no numeric result", e.range) }
        if v.isInfinite && !allowInfinity {
            throw mentionsInf(e) ? .invalid("inf is not allowed here", e.range) : .numberTooLarge(e.range)
        }
        return v
    }

    func integer(_ e: Expr, min lo: Int = 0) throws(ScriptError) -> Int {
        let v = try number(e)
        guard v == v.rounded(), v >= Double(lo), v <= 1_000_000_000 else {
            throw .invalid("expected a whole number ≥ \(lo)", e.range)
        }
        return Int(v)
    }

    private func mentionsInf(_ e: Expr) -> Bool {
        switch e {
        case .word(let w, _): return w == "inf" || w == "infinity"
        case .binary(_, let a, let b, _): return mentionsInf(a) || mentionsInf(b)
        case .negate(let a, _): return mentionsInf(a)
        case .tuple(let xs, _): return xs.contains(where: mentionsInf)
        default: return false
        }
    }

    private func numeric(_ e: Expr) throws(ScriptError) -> (Double, Dimension?) {
        switch e {
        case .number(let v, let unit, _):
            switch unit {
            case nil: return (v, nil)
            case "ms": return (v / 1000, .time)
            case "s": return (v, .time)
            case "deg": return (v * .pi / 180, .angle)
            case "turn": return (v * 2 * .pi, .angle)
            default: return (v, .angle) // rad
            }
        case .word("pi", _): return (.pi, nil)
        case .word("inf", _), .word("infinity", _): return (.infinity, nil)
        case .tuple(let xs, _) where xs.count == 1: return try numeric(xs[0])
        case .negate(let a, _):
            let (v, d) = try numeric(a)
            return (-v, d)
        case .binary(let op, let a, let b, let r):
            let (x, dx) = try numeric(a), (y, dy) = try numeric(b)
            switch op {
            case "+", "-":
                if let dx, let dy, dx != dy { throw .wrongType(expected: dx.noun, found: dy.noun, b.range) }
                return (op == "+" ? x + y : x - y, dx ?? dy)
            case "*": return (x * y, dx ?? dy)
            default:
                if y == 0 { throw .invalid("division by zero", r) }
                return (x / y, dx ?? (dy == nil ? nil : dy))
            }
        case .word(let w, let r) where ["forever", "infinite", "endless", "always", "unlimited"].contains(w.lowercased()):
            // Core Animation's HUGE_VALF / .infinity is spelled inf here.
            throw .invalid("expected a number, found '\(escapeForTerminal(w))'; forever is written inf (repeatCount=inf)", r)
        default:
            throw .wrongType(expected: "a number", found: e.described, e.range)
        }
    }

    // MARK: - Typed values

    /// Reads a value for a layer key path (or an animation's from/to/by/values).
    func value(_ e: Expr, type: ValueType, keyPath: String) throws(ScriptError) -> Value {
        switch type {
        case .number: return .number(try number(e, Quantity.of(keyPath)))
        case .bool: return .bool(try bool(e))
        case .point: return .point(try point(e))
        case .size: return .size(try size(e))
        case .rect: return .rect(try rect(e))
        case .color: return .color(try color(e))
        case .path: return try path(e)
        case .string:
            switch e {
            case .string(let s, _), .word(let s, _): return .string(s)
            default: throw .wrongType(expected: "a string", found: e.described, e.range)
            }
        case .word(let words): return .string(try word(e, from: words, what: "value for \(keyPath)"))
        case .layerRef:
            guard case .word(let n, let r) = e else { throw .wrongType(expected: "a layer name or none", found: e.described, e.range) }
            if n == "none" { return .null }
            guard document.layer(named: n) != nil else {
                throw .unknown(what: "layer", name: n, r, suggestion: Suggestion.nearest(n, in: document.allLayers.map(\.layer.name)))
            }
            return .string(n)
        case .numberList:
            guard case .list(let xs, _) = e else { throw .wrongType(expected: "a list of numbers", found: e.described, e.range) }
            var out: [Value] = []
            for x in xs { out.append(.number(try number(x))) }
            return .list(out)
        case .stringList:
            guard case .list(let xs, _) = e else { throw .wrongType(expected: "a list of file names", found: e.described, e.range) }
            var out: [Value] = []
            for x in xs {
                switch x {
                case .string(let s, _), .word(let s, _): out.append(.string(s))
                default: throw .wrongType(expected: "a file name", found: x.described, x.range)
                }
            }
            return .list(out)
        case .colorList:
            guard case .list(let xs, _) = e else { throw .wrongType(expected: "a list of colours [c1, c2, …]", found: e.described, e.range) }
            var out: [Value] = []
            for x in xs { out.append(.color(try color(x))) }
            return .list(out)
        case .transform: return .transform(try transform(e))
        }
    }

    /// `identity`, one step `rotate(30deg)`, or a list of steps applied left to right:
    /// `[perspective(500), rotate(0.5, 0, 1, 0)]`.
    func transform(_ e: Expr) throws(ScriptError) -> [TransformOp] {
        switch e {
        case .word("identity", _): return []
        case .list(let xs, _):
            var ops: [TransformOp] = []
            for x in xs { ops += try transform(x) }
            return ops
        case .call(let f, let xs, let r):
            guard TransformOp.functionNames.contains(f) else {
                throw .unknown(what: "transform function", name: f, r, suggestion: Suggestion.nearest(f, in: TransformOp.functionNames))
            }
            var params: [Double] = []
            for (i, x) in xs.enumerated() {
                params.append(try number(x, f == "rotate" && i == 0 ? .angle : .plain))
            }
            switch TransformOp.make(f, params) {
            case .success(let op): return [op]
            case .failure(let err): throw .invalid(err.message, r)
            }
        default:
            throw .wrongType(expected: "a transform (identity, translate(…), rotate(…), scale(…), perspective(d) or a list of them)",
                             found: e.described, e.range)
        }
    }

    func bool(_ e: Expr) throws(ScriptError) -> Bool {
        if case .word(let w, let r) = e {
            if w == "true" || w == "yes" { return true }
            if w == "false" || w == "no" { return false }
            throw .unknown(what: "boolean", name: w, r, suggestion: Suggestion.nearest(w, in: ["true", "false"]))
        }
        throw .wrongType(expected: "true or false", found: e.described, e.range)
    }

    func point(_ e: Expr) throws(ScriptError) -> Point {
        guard case .tuple(let xs, _) = e, xs.count == 2 else {
            throw .wrongType(expected: "a point (x, y)", found: e.described, e.range)
        }
        return Point(try number(xs[0]), try number(xs[1]))
    }

    func size(_ e: Expr) throws(ScriptError) -> Size {
        switch e {
        case .size(let w, let h, let r):
            guard w.isFinite, h.isFinite else { throw .numberTooLarge(r) }
            return Size(w, h)
        case .call("size", let xs, _) where xs.count == 2:
            return Size(try number(xs[0]), try number(xs[1]))
        case .negate(.size(let w, let h, _), let r):
            // `-3x4`: the sign belongs to the width.
            guard w.isFinite, h.isFinite else { throw .numberTooLarge(r) }
            return Size(-w, h)
        default:
            throw .wrongType(expected: "a size WxH", found: e.described, e.range)
        }
    }

    func rect(_ e: Expr) throws(ScriptError) -> Rect {
        guard case .call("rect", let xs, _) = e else {
            throw .wrongType(expected: ValueFunction.signature("rect"), found: e.described, e.range)
        }
        let n = try numbers(xs, count: 4, usage: ValueFunction.signature("rect"), e.range)
        return Rect(n[0], n[1], n[2], n[3])
    }

    /// `usage` (the function's signature) is written only for the error.
    func numbers(_ xs: [Expr], count: Int, usage: @autoclosure () -> String, _ r: SourceRange,
                 dims: [Dimension]? = nil) throws(ScriptError) -> [Double] {
        guard xs.count == count else { throw .invalid("\(usage()) takes \(count) numbers, found \(xs.count)", r) }
        var out: [Double] = []
        for (i, x) in xs.enumerated() { out.append(try number(x, dims?[i] ?? .plain)) }
        return out
    }

    func color(_ e: Expr) throws(ScriptError) -> Color {
        switch e {
        case .word(let n, let r):
            if let c = Color.named(n) { return c }
            throw .unknown(what: "colour", name: n, r, suggestion: Suggestion.nearest(n, in: Color.allNames))
        case .hexColor(let h, let r):
            var digits = Array(h)
            if digits.count == 3 || digits.count == 4 { digits = digits.flatMap { [$0, $0] } }
            if digits.count == 6 { digits += ["f", "f"] }
            guard digits.count == 8, let v = UInt32(String(digits), radix: 16) else {
                throw .invalid("a hex colour is #rgb, #rrggbb or #rrggbbaa", r)
            }
            return Color(bytes: Int(v >> 24), Int((v >> 16) & 0xFF), Int((v >> 8) & 0xFF), Int(v & 0xFF))
        case .call(let f, let xs, let r) where f == "rgb" || f == "rgba":
            let n = try numbers(xs, count: f == "rgb" ? 3 : 4, usage: ValueFunction.signature(f), r)
            let byte = ValueRange(lowerBound: 0, upperBound: 255)
            for (i, x) in n.prefix(3).enumerated() where !byte.contains(x) {
                throw .outOfRange("a colour component", byte, found: x, xs[i].range)
            }
            let a = n.count == 4 ? n[3] : 1
            if !ValueRange.unit.contains(a) { throw .outOfRange("alpha", .unit, found: a, xs[3].range) }
            return Color(n[0] / 255, n[1] / 255, n[2] / 255, a)
        case .call("color", let xs, let r):
            // UIColor/CGColor's form: components 0…1, as `save FILE.lab` writes colours that are
            // not whole bytes.
            let n = try numbers(xs, count: xs.count == 3 ? 3 : 4, usage: ValueFunction.signature("color"), r)
            for (i, x) in n.enumerated() where !ValueRange.unit.contains(x) {
                throw .outOfRange("a colour component", .unit, found: x, xs[i].range)
            }
            return Color(n[0], n[1], n[2], n.count == 4 ? n[3] : 1)
        default:
            throw .wrongType(expected: "a colour", found: e.described, e.range)
        }
    }

    func path(_ e: Expr) throws(ScriptError) -> Value {
        switch e {
        case .word(let n, let r):
            if document.pathIndex(named: n) != nil { return .pathRef(n) }
            throw .unknown(what: "path", name: n, r, suggestion: Suggestion.nearest(n, in: document.paths.map(\.name)))
        case .call(let f, let xs, let r):
            switch f {
            case "oval":
                let n = try numbers(xs, count: 4, usage: ValueFunction.signature("oval"), r)
                return .path(.oval(in: Rect(n[0], n[1], n[2], n[3])))
            case "circle":
                let n = try numbers(xs, count: 3, usage: ValueFunction.signature("circle"), r)
                return .path(.circle(center: Point(n[0], n[1]), radius: n[2]))
            case "rect":
                let n = try numbers(xs, count: 4, usage: ValueFunction.signature("rect"), r)
                return .path(.rect(Rect(n[0], n[1], n[2], n[3])))
            case "roundedRect":
                let n = try numbers(xs, count: 5, usage: ValueFunction.signature("roundedRect"), r)
                return .path(.roundedRect(Rect(n[0], n[1], n[2], n[3]), radius: n[4]))
            case "arc":
                guard xs.count == 6 || xs.count == 5 else {
                    throw .invalid("\(ValueFunction.signature("arc")) takes 6 values, found \(xs.count)", r)
                }
                let n = try numbers(Array(xs.prefix(5)), count: 5, usage: ValueFunction.signature("arc"), r,
                                    dims: [.plain, .plain, .plain, .angle, .angle])
                let cw = xs.count == 6 ? try bool(xs[5]) : true
                return .path(.arc(center: Point(n[0], n[1]), radius: n[2], start: n[3], end: n[4], clockwise: cw))
            case "polygon", "line", "polyline":
                guard xs.count >= 2 else { throw .invalid("\(f) needs at least two points", r) }
                var pts: [Point] = []
                for x in xs { pts.append(try point(x)) }
                return .path(f == "polygon" ? .polygon(pts) : .polyline(pts))
            case "svg":
                guard xs.count == 1, case .string(let data, let sr) = xs[0] else {
                    throw .invalid("svg takes one string of path data: svg(\"M 0 0 L 10 10 Z\")", r)
                }
                do {
                    return .path(try Path(svg: data))
                } catch {
                    // Point into the string literal (exact when the data has no escapes).
                    let col = sr.start.column + 1 + error.offset
                    let start = SourceLocation(line: sr.start.line, column: col)
                    let end = SourceLocation(line: sr.start.line, column: col + error.length)
                    throw .invalid("bad SVG path data: \(error.message)", SourceRange(start, end))
                }
            default:
                throw .unknown(what: "path function", name: f, r, suggestion: Suggestion.nearest(f, in: ValueFunction.pathFunctions))
            }
        default:
            throw .wrongType(expected: "a path", found: e.described, e.range)
        }
    }

    func word(_ e: Expr, from words: [String], what: String) throws(ScriptError) -> String {
        guard case .word(let w, let r) = e else {
            throw .wrongType(expected: words.joined(separator: ", "), found: e.described, e.range)
        }
        guard words.contains(w) else {
            let near = Suggestion.nearest(w, in: words)
            // A short closed list with nothing close is worth naming whole (`color=off`:
            // auto, always or never).
            if near == nil, words.count <= 8, let last = words.last {
                let choices = words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
                throw .invalid("unknown \(what) '\(escapeForTerminal(w))'; choose \(choices)", r)
            }
            throw .unknown(what: what, name: w, r, suggestion: near)
        }
        return w
    }

    /// One of an enum's cases, by its raw value.
    func word<W: CaseIterable & RawRepresentable>(_ e: Expr, as: W.Type, what: String) throws(ScriptError) -> W
    where W.RawValue == String {
        let words = W.allCases.map(\.rawValue)
        let w = try word(e, from: words, what: what)
        guard let c = W(rawValue: w) else { throw .unknown(what: what, name: w, e.range, suggestion: nil) }
        return c
    }

    /// A number within `range`.
    func number(_ e: Expr, _ dim: Dimension = .plain, in range: ValueRange, name: String) throws(ScriptError) -> Double {
        let v = try number(e, dim, allowInfinity: range.allowsInfinity)
        guard range.contains(v) else { throw .outOfRange(name, range, found: v, e.range) }
        return v
    }

    /// A timing attribute's value, within its range.
    func timingValue(_ e: Expr, for attribute: TimingAttribute) throws(ScriptError) -> TimingValue {
        switch attribute.kind {
        case .time: return .time(try timeExpr(e))
        case .seconds: return .number(try number(e, .time, in: attribute.range, name: attribute.name))
        case .number: return .number(try number(e, in: attribute.range, name: attribute.name))
        case .bool: return .bool(try bool(e))
        case .fillMode: return .fillMode(try word(e, as: FillMode.self, what: "fill mode"))
        case .timingFunction: return .timingFunction(try timingFunction(e))
        }
    }

    func timingFunction(_ e: Expr) throws(ScriptError) -> TimingFunction {
        switch e {
        case .word(let w, let r):
            if let f = TimingFunction.named(w) { return f }
            throw .unknown(what: "timing function", name: w, r, suggestion: Suggestion.nearest(w, in: TimingFunction.names + ["easeInOut", "cubic"]))
        case .call("cubic", let xs, let r):
            let n = try numbers(xs, count: 4, usage: ValueFunction.signature("cubic"), r)
            for i in [0, 2] where !ValueRange.unit.contains(n[i]) {
                throw .outOfRange(i == 0 ? "x1" : "x2", .unit, found: n[i], xs[i].range)
            }
            return .cubic(n[0], n[1], n[2], n[3])
        default:
            throw .wrongType(expected: "a timing function", found: e.described, e.range)
        }
    }

    // MARK: - Time expressions

    /// `1.2`, `300ms`, `NAME.begin`, `NAME.end`, `after NAME` and arithmetic on them.
    func timeExpr(_ e: Expr) throws(ScriptError) -> TimeExpr {
        func ref(_ name: String, _ r: SourceRange) throws(ScriptError) {
            guard !extraTimeNames.contains(name), !document.isTimeReference(name) else { return }
            let known = Set(document.timeReferenceNames).union(extraTimeNames)
            throw .unknown(what: "animation or event", name: name, r, suggestion: Suggestion.nearest(name, in: known))
        }
        switch e {
        case .word(let w, let r) where w.hasSuffix(".begin") || w.hasSuffix(".end"):
            let isBegin = w.hasSuffix(".begin")
            let name = String(w.dropLast(isBegin ? 6 : 4))
            try ref(name, r)
            return isBegin ? .begin(name) : .end(name)
        case .after(let name, let r):
            try ref(name, r)
            return .end(name)
        case .word(let w, let r) where w != "pi" && w != "inf" && w != "infinity":
            throw .invalid("expected a time, found '\(escapeForTerminal(w))' (write \(escapeForTerminal(w)).begin or \(escapeForTerminal(w)).end)", r)
        case .tuple(let xs, _) where xs.count == 1: return try timeExpr(xs[0])
        case .negate(let a, _):
            let x = try timeExpr(a)
            if case .number(let v) = x { return .number(-v) }
            return .negate(x)
        case .binary(let op, let a, let b, let r):
            let x = try timeExpr(a), y = try timeExpr(b)
            if case .number(let u) = x, case .number(let v) = y {
                return .number(try number(.binary(op, .number(u, unit: nil, a.range), .number(v, unit: nil, b.range), r), .time))
            }
            switch op {
            case "+": return .add(x, y)
            case "-": return .subtract(x, y)
            case "*": return .multiply(x, y)
            default:
                if case .number(0) = y { throw .invalid("division by zero", r) }
                return .divide(x, y)
            }
        default:
            return .number(try number(e, .time))
        }
    }
}

extension Quantity {
    var noun: String { self == .time ? "a time" : self == .angle ? "an angle" : "a number without a unit" }

    /// What a layer key path's numbers measure, from the property table.
    static func of(_ keyPath: String) -> Quantity {
        LayerKeyPath.resolve(keyPath, for: nil)?.storedProperties.first.flatMap(PropertyTable.spec)?.quantity ?? .plain
    }
}
